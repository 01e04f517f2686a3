"""What a record no spec declares is told, over generated series of records.

Each example is a folder of records, each with or without a status (a known word, the
team's own, a stray one), a Context and a Decision (or written to another template,
`Problem` and `Solution`), a date (ISO, day-first, impossible),
a link (to a record, broken) and a title number (right or wrong). The same files are
checked twice: as they are (found by convention, no spec) and with a spec that declares
them. Without a spec, an error is only what is wrong on its face; a convention finding
in a series says how many records keep the convention; nothing is invented, only left
out or made a warning; a record of another template is not told it lacks a Decision.
With the spec, every rule reports at its own severity.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from assay.engine.checks.registry import find
from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.spec.diagnostics import Diagnostic

SPEC = 'use adr\n\ntype decision extends adr {\n    files "docs/adr/*.md"\n}\n'
CONVENTIONS = {"DOC003", "FLD001", "DOC010", "DOC014", "FLD007"}

records = st.fixed_dictionaries(
    {
        "status": st.sampled_from([None, "Accepted", "Proposed", "On Hold", "Maybe"]),
        "context": st.booleans(),
        "decision": st.booleans(),
        "other": st.booleans(),
        "date": st.sampled_from([None, "2024-03-05", "05/03/2024", "2023-13-10"]),
        "link": st.sampled_from([None, "0001-record-1.md", "missing.md"]),
        "number_right": st.booleans(),
        "second_title": st.booleans(),
    }
)


def _text(n: int, record: dict[str, object]) -> str:
    number = n if record["number_right"] else n + 100
    lines = [f"# {number}. Record {n}", ""]
    if record["status"] is not None:
        lines += [f"Status: {record['status']}"]
    if record["date"] is not None:
        lines += [f"Date: {record['date']}"]
    lines += [""]
    if record["other"]:
        lines += ["## Problem", "", "Why it matters.", "", "## Solution", "", "Ours.", ""]
    if record["context"] and not record["other"]:
        lines += ["## Context", "", "Why it matters.", ""]
    if record["decision"] and not record["other"]:
        lines += ["## Decision", "", "What we chose.", ""]
    if record["link"] is not None:
        lines += [f"See [the other]({record['link']}).", ""]
    if record["second_title"]:
        lines += ["# Appendix", "", "More.", ""]
    return "\n".join(lines)


def _check(series: list[dict[str, object]], declared: bool) -> list[Diagnostic]:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "assay.toml").write_text("")
        if declared:
            (root / "team.assay").write_text(SPEC)
        (root / "docs" / "adr").mkdir(parents=True)
        for n, record in enumerate(series, 1):
            path = root / "docs" / "adr" / f"{n:04}-record-{n}.md"
            path.write_text(_text(n, record), encoding="utf-8")
        return list(check(load_config(root), cache=False).diagnostics)


def _where(d: Diagnostic) -> tuple[str, str, int, int]:
    return (d.path, d.code, d.span.line, d.span.column)


@settings(max_examples=min(settings().max_examples, 40))
@given(st.lists(records, min_size=1, max_size=6))
def test_without_a_spec_only_what_is_wrong_on_its_face_is_an_error(
    series: list[dict[str, object]],
) -> None:
    undeclared = _check(series, declared=False)
    declared = _check(series, declared=True)
    for d in undeclared:
        rule = find(d.code)
        assert rule is not None
        if d.severity == "error":
            assert rule.undeclared == "face", d
        if d.code in CONVENTIONS and len(series) >= 2:
            assert "records in `docs/adr`" in d.message, d
    # A record of another template is not told it lacks a part its folder's records
    # have: it is written another way (alone, it has only the type's template).
    other = {f"docs/adr/{n:04}-record-{n}.md" for n, r in enumerate(series, 1) if r["other"]}
    kept = [
        p for p in ("Context", "Decision") if any(r[p.lower()] and not r["other"] for r in series)
    ]
    told = [d for d in undeclared if d.code == "DOC003" and d.path in other]
    assert not [d for d in told if any(d.message.startswith(f"no `{p}`") for p in kept)]
    for d in declared:
        rule = find(d.code)
        assert rule is not None and d.severity == rule.severity, d
    # Nothing is invented: each finding is one the declared check makes too (DOC015,
    # which says a folder's way once instead, aside).
    assert {_where(d) for d in undeclared if d.code != "DOC015"} <= {_where(d) for d in declared}
    # What is wrong on its face is said the same way, with or without a spec.
    face = {_where(d): d.severity for d in declared if _face(d)}
    assert {_where(d): d.severity for d in undeclared if _where(d) in face} == face


def _face(diagnostic: Diagnostic) -> bool:
    rule = find(diagnostic.code)
    return rule is not None and rule.undeclared == "face"
