"""Sessions generated from a protocol's own state machine follow it: zero findings."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.traces.check import check_trace, violations
from assay.engine.traces.generate import generate_trace
from assay.engine.traces.protocols import protocol_named
from assay.engine.traces.state import SessionState
from assay.grammar.spec import parse_spec

CONSULTATION = protocol_named("consultation")

#: A smaller protocol of the user's own: one route, a settlement, a system tool.
OWN = """
protocol review {
    tool lookup by main
    tool read_turn by main
    tool index by system
    tool done by main in reading
    route reading opens with lookup
    state reading of reading {
        ends finish done
        ends settlement settle
        available read_turn
        keeps tools
    }
    fetch read_turn turn "turn" window "size" max 3
}
"""


@given(rng=st.randoms(use_true_random=False), requests=st.integers(0, 12))
def test_generated_consultation_sessions_pass(rng: random.Random, requests: int) -> None:
    """Every session the consultation protocol's state machine generates passes."""
    events = list(generate_trace(CONSULTATION, rng, requests=requests))
    assert check_trace(events, CONSULTATION) == []


@given(rng=st.randoms(use_true_random=False), requests=st.integers(0, 8))
def test_generated_sessions_of_a_user_protocol_pass(rng: random.Random, requests: int) -> None:
    """So does every session of a protocol declared in a user's spec."""
    spec = parse_spec(OWN, "assay/review.assay").value
    assert spec is not None
    protocol = protocol_named("review", [spec])
    events = list(generate_trace(protocol, rng, requests=requests))
    assert check_trace(events, protocol) == []


def test_generated_sessions_use_every_end() -> None:
    """The generator exercises every way a Discussion ends, so the property means something."""
    names = {
        e.name
        for e in generate_trace(CONSULTATION, random.Random(7), requests=200)
        if e.kind in ("call", "event")
    }
    ends = {end.name for state in CONSULTATION.states for end in state.ends}
    assert ends <= names
    assert {"participant_started", "participant_agreement", "request", "follow_up_session"} <= names


def test_memory_is_bounded_by_what_is_open(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The checker's state after 5,000 requests is as small as after 50: turns of the
    latest request only, no call left waiting, nothing open."""
    seen: list[SessionState] = []
    original = SessionState.__init__

    def spy(self: SessionState, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        seen.append(self)

    monkeypatch.setattr(SessionState, "__init__", spy)
    for requests in (50, 5000):
        events = generate_trace(CONSULTATION, random.Random(3), requests=requests)
        assert list(violations(events, CONSULTATION)) == []
    sizes = [(len(s.turns) <= 3, len(s.pending), s.current, s.unsettled) for s in seen]
    assert sizes == [(True, 0, None, sizes[0][3]), (True, 0, None, sizes[1][3])]
