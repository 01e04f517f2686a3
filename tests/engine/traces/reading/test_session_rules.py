"""The PRT rules' docstring examples, run through the session reader and fetch: Fails
reports the code once, at its `at=`; Passes reports no PRT code at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.engine.checks.examples import ExampleFile, examples
from assay.engine.checks.session_codes import SESSION_RULES
from assay.engine.traces.fetch import fetch_window
from assay.engine.traces.reading import read_session
from assay.spec.diagnostics import Diagnostic

CASES = [
    pytest.param(rule.code, section, files, id=f"{rule.code}-{section}")
    for rule in SESSION_RULES
    for section, files in examples(rule.doc).items()
]


def _found(root: Path, session: ExampleFile) -> list[Diagnostic]:
    options = session.options
    if "turn" in options:
        fetched = fetch_window(root, session.path, options["turn"], int(options["window"]))
        reading = [d for d in read_session(root, session.path) if isinstance(d, Diagnostic)]
        assert not reading, reading  # a fetch example's session reads cleanly
        return [fetched] if isinstance(fetched, Diagnostic) else []
    limit = int(options.get("limit", 32 * 1024 * 1024))
    found = read_session(root, session.path, line_limit=limit)
    return [d for d in found if isinstance(d, Diagnostic)]


@pytest.mark.parametrize(("code", "section", "files"), CASES)
def test_session_rule_example(
    tmp_path: Path, code: str, section: str, files: tuple[ExampleFile, ...]
) -> None:
    """Each PRT page's Fails session reports its code once, there; Passes reports none."""
    [session] = files
    target = tmp_path / session.path
    target.write_bytes(session.text.encode(session.options.get("encoding", "utf-8")))
    found = _found(tmp_path, session)
    if section == "Fails":
        assert [(d.code, d.span.line, d.span.column) for d in found] == [
            (code, *session.reported_at)  # type: ignore[misc]
        ]
    else:
        assert found == []


def test_every_session_code_has_a_page() -> None:
    """The codes the readers emit are exactly the PRT001-PRT009 pages, plus fetch's two."""
    from assay.engine.traces.reading.problems import CODES

    pages = {(rule.code, rule.name) for rule in SESSION_RULES}
    assert (
        set(CODES.items()) | {("PRT020", "turn-not-exact"), ("PRT021", "window-too-large")} == pages
    )
