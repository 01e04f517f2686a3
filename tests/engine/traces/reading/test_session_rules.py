"""The PRT rules' examples, run through the session reader and fetch: Fails
reports the code once, at its `at=`; Passes reports no PRT code at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.engine.traces.fetch import fetch_window
from assay.engine.traces.reading import read_session
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.examples import ExampleFile
from tests.rule_examples import example_cases

CASES = example_cases("session")


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
