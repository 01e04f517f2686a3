"""The diagnostics reference names every code the readers can report, with its name."""

from __future__ import annotations

import re
from pathlib import Path

from assay.engine.checks.registry import RULES, rule

ROOT = Path(__file__).resolve().parent.parent
READER_CODES = {
    "DOC001": "unreadable-document",
    "DOC006": "malformed-front-matter",
    "DOC013": "nesting-too-deep",
    "SUP003": "malformed-suppression",
}


SPEC_CODES = {r.code: r.name for r in RULES if r.stage == "spec"}


def _codes_in_source() -> set[tuple[str, str]]:
    """(code, name) pairs that the Markdown reader's source actually emits."""
    found = set()
    for path in (ROOT / "src" / "assay" / "grammar" / "markdown").glob("*.py"):
        for code in re.findall(r"\b([A-Z]{3}\d{3})\.diagnostic\(", path.read_text()):
            found.add((code, rule(code).name))
    return found


def test_reader_codes_table_matches_source() -> None:
    """The table above is what the document reader emits (so the docs test below is honest)."""
    assert _codes_in_source() == set(READER_CODES.items())


def test_reference_lists_every_code() -> None:
    """docs/reference/diagnostics.md has a row `| CODE | name |` for every reader and spec code."""
    page = (ROOT / "docs" / "reference" / "diagnostics.md").read_text()
    for code, name in {**READER_CODES, **SPEC_CODES}.items():
        assert f"| {code} | {name} |" in page, code
