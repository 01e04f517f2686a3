"""The PRT rules' examples, run through the trace checker against the
built-in consultation protocol: Fails reports exactly its code, once, at its `at=`;
Passes reports nothing."""

from __future__ import annotations

import json

import pytest

from assay.engine.traces.check import check_trace
from assay.engine.traces.protocols import protocol_named
from assay.spec.rules.examples import ExampleFile
from tests.engine.traces.check.sessions import events
from tests.rule_examples import example_cases

CASES = example_cases("trace")


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
