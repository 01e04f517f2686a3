"""The diagnostics reference names every code the readers can report, with its name."""

from __future__ import annotations

import re
from pathlib import Path

from assay.grammar.spec.errors import CODES as SPEC_CODES

ROOT = Path(__file__).resolve().parent.parent
READER_CODES = {
    "DOC001": "unreadable-document",
    "DOC006": "malformed-front-matter",
    "DOC013": "nesting-too-deep",
    "SUP003": "malformed-suppression",
}


def _codes_in_source() -> set[tuple[str, str]]:
    """(code, name) pairs that the reader's source actually emits."""
    found = set()
    for path in (ROOT / "src" / "assay" / "grammar").rglob("*.py"):
        text = path.read_text()
        for code, name in re.findall(r'code="([A-Z]{3}\d{3})",\s*name="([a-z-]+)"', text):
            found.add((code, name))
    return found


def test_reader_codes_table_matches_source() -> None:
    """The table above is what the document reader emits (so the docs test below is honest)."""
    assert _codes_in_source() == set(READER_CODES.items())


def test_reference_lists_every_code() -> None:
    """docs/reference/diagnostics.md has a row `| CODE | name |` for every reader and spec code."""
    page = (ROOT / "docs" / "reference" / "diagnostics.md").read_text()
    for code, name in {**READER_CODES, **SPEC_CODES}.items():
        assert f"| {code} | {name} |" in page, code
