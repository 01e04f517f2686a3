"""Whatever a session holds, the checker answers with located PRT diagnostics and
never raises: events come from users' files."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.checks.registry import rule
from assay.engine.traces.check import check_trace
from assay.engine.traces.protocols import protocol_named
from assay.spec.trace import TraceEvent

CONSULTATION = protocol_named("consultation")
NAMES = sorted(
    {t.name for t in CONSULTATION.tools}
    | {e.name for s in CONSULTATION.states for e in s.ends}
    | {"participant_started", "participant_finished", "participant_agreement", "request", "x"}
)
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 50),
    st.sampled_from(["t1", "t2", ""]),
    st.lists(st.integers(), max_size=2),
)
ARGUMENTS = st.none() | st.dictionaries(
    st.sampled_from(["discussion", "turn_id", "window", "participant", "q"]), VALUES, max_size=4
)
TOOL_SETS = st.none() | st.lists(st.sampled_from(NAMES), max_size=4).map(tuple)
DIGESTS = st.none() | st.dictionaries(st.sampled_from(["a", "b"]), st.sampled_from(["0", "1"]))


@st.composite
def sessions(draw: st.DrawFn) -> list[TraceEvent]:
    count = draw(st.integers(0, 30))
    return [
        TraceEvent(
            sequence=i,
            line=i + 2,
            actor=draw(st.sampled_from(["main", "participant", "system", "user"])),
            kind=draw(st.sampled_from(["call", "result", "event"])),
            name=draw(st.sampled_from(NAMES)),
            call_id=draw(st.none() | st.sampled_from(["c1", "c2", "c3"])),
            arguments=draw(ARGUMENTS),
            is_error=draw(st.booleans()),
            returned_turns=draw(st.lists(st.sampled_from(["t1", "t2"]), max_size=2).map(tuple)),
            active_tools=draw(TOOL_SETS),
            source_digests=draw(DIGESTS),
        )
        for i in range(count)
    ]


@given(sessions())
def test_any_session_gets_located_prt_diagnostics(events: list[TraceEvent]) -> None:
    """Every finding is a known PRT code at the line of one of the events."""
    lines = {e.line for e in events}
    for d in check_trace(events, CONSULTATION, path="s.jsonl"):
        assert d.code.startswith("PRT") and d.name == rule(d.code).name
        assert d.span.line in lines and d.span.column == 1 and d.path == "s.jsonl"
