"""The documentation builds with MkDocs in strict mode; its user pages keep no lab notes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_docs_build_strict(tmp_path: Path) -> None:
    """`mkdocs build --strict` of docs/ succeeds: no broken links, no missing pages."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    site = tmp_path / "site"
    assert (site / "reference" / "spec-language" / "index.html").is_file()
    # Every rule has its reference page, generated from the rule registry at build time.
    from assay.engine.checks.registry import RULES

    for rule in RULES:
        page = (site / "reference" / "rules" / rule.code / "index.html").read_text()
        assert f"{rule.code} {rule.name}" in page
        assert rule.summary.split("`")[0] in page, rule.code


DOCS = ROOT / "docs"
#: What belongs in the lab notes (benchmarks/README.md), not in a user page: a
#: measurement's date, a commit id, an issue number.
_LAB_NOTE = re.compile(
    r"\bmeasured\b[^.]{0,80}?\b20\d\d-[01]\d-[0-3]\d|\bcommits? [0-9a-f]{7,40}\b|\bissues? \d+",
    re.IGNORECASE,
)
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def _prose(text: str) -> str:
    """``text`` with its fenced code blocks blanked: their dates and ids are examples."""
    lines, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        lines.append("" if fenced or _FENCE.match(line) else line)
    return "\n".join(lines)


def test_the_lab_note_pattern() -> None:
    """It finds dated measurements, commits and issues, and not a date or an id as such."""
    for note in ("(Measured 2026-12-02 on commit e86b8a1)", "Measured on\n2026-12-01", "issue 27"):
        assert _LAB_NOTE.search(note), note
    for text in ("Date: 2025-01-01", "a full commit id", "measured. On 2026-12-01", "issues"):
        assert not _LAB_NOTE.search(text), text


def test_user_docs_carry_no_lab_notes() -> None:
    """A user page (all of docs/ but the decision records, which are dated) states no
    measurement's date, commit id or issue number: those go to benchmarks/README.md."""
    found = [
        f"{page.relative_to(DOCS)}: {match[0]!r}"
        for page in sorted(DOCS.rglob("*.md"))
        if page.relative_to(DOCS).parts[0] != "decisions"
        for match in _LAB_NOTE.finditer(_prose(page.read_text(encoding="utf-8")))
    ]
    assert not found, found
