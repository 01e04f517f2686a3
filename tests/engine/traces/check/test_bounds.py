"""The checker's bound on calls waiting for their results: past it the oldest are
forgotten, and that is reported (PRT035), never left unsaid."""

from __future__ import annotations

from assay.engine.traces.check import check_trace
from assay.engine.traces.protocols import protocol_named
from assay.engine.traces.state import MAX_PENDING
from tests.engine.traces.check.sessions import events


def _recalls(count: int) -> list[dict[str, object]]:
    """``count`` transcript requests whose results never come."""
    return [
        {"actor": "main", "kind": "call", "name": "recall_memory", "call_id": f"c{n}"}
        for n in range(1, count + 1)
    ]


def test_calls_forgotten_past_the_bound_are_reported_with_how_many_and_where() -> None:
    """Four calls past the bound: one PRT035 at the first forgotten (line 1), with the
    count; the rest of the check goes on (the last state never ends: PRT033)."""
    found = check_trace(events(_recalls(MAX_PENDING + 4)), protocol_named("consultation"))
    placed = [(d.code, d.span.line, d.severity) for d in found]
    assert placed == [("PRT035", 1, "warning"), ("PRT033", MAX_PENDING + 4, "warning")]
    assert found[0].message.startswith(
        f"4 calls were not tracked, this one first: more than {MAX_PENDING} calls were "
        "waiting for their results at once"
    )


def test_at_the_bound_nothing_is_forgotten_or_reported() -> None:
    found = check_trace(events(_recalls(MAX_PENDING)), protocol_named("consultation"))
    assert [d.code for d in found] == ["PRT033"]


def test_one_call_forgotten_is_said_in_the_singular() -> None:
    found = check_trace(events(_recalls(MAX_PENDING + 1)), protocol_named("consultation"))
    assert found[0].message.startswith("1 call was not tracked, this one first")
