"""The PRT rules' docstring examples, run through the trace checker against the
built-in consultation protocol: Fails reports exactly its code, once, at its `at=`;
Passes reports nothing."""

from __future__ import annotations

import json

import pytest

from assay.engine.checks.examples import ExampleFile, examples
from assay.engine.checks.protocol_codes import PROTOCOL_RULES
from assay.engine.traces.check import check_trace
from assay.engine.traces.protocols import protocol_named
from tests.engine.traces.check.sessions import events

CASES = [
    pytest.param(rule.code, section, files, id=f"{rule.code}-{section}")
    for rule in PROTOCOL_RULES
    for section, files in examples(rule.doc).items()
]


@pytest.mark.parametrize(("code", "section", "files"), CASES)
def test_protocol_rule_example(code: str, section: str, files: tuple[ExampleFile, ...]) -> None:
    """The example session reports what its page says, and only that."""
    [trace] = [f for f in files if f.language == "trace"]
    entries = [json.loads(line) for line in trace.text.splitlines() if line.strip()]
    # The examples leave out what they do not show: no tool set, no digests.
    entries = [{"active_tools": None, "source_digests": None, **e} for e in entries]
    found = check_trace(events(entries), protocol_named("consultation"), path=trace.path)
    placed = [(d.code, d.span.line, d.span.column) for d in found]
    if section == "Fails":
        assert trace.reported_at is not None
        assert placed == [(code, *trace.reported_at)]
    else:
        assert placed == []


def test_every_protocol_rule_has_both_examples() -> None:
    """Each PRT page shows a failing and a passing session."""
    for rule in PROTOCOL_RULES:
        assert set(examples(rule.doc)) == {"Fails", "Passes"}, rule.code
