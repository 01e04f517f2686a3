"""Protocols built from the grammar parse to what they say, whatever the names; protocol
soup never makes the parser raise.  (The protocol case in cases/spec/ is also mutated
by test_spec_fuzz.py.)"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assay.grammar.spec import parse_spec
from tests.grammar.test_spec_fuzz import check_answer

_KEYWORDS = {
    "protocol", "tool", "by", "in", "route", "opens", "with", "when", "unless", "state", "of",
    "ends", "available", "keeps", "forbid", "fetch", "turn", "window", "max", "participants",
    "start", "finish", "agreement", "verified", "main", "participant", "system", "user",
    "cancel", "timeout", "failure", "settlement", "tools", "sources", "automatic",
    "fallback", "without", "overlapping", "context", "from", "follow", "up",
}  # fmt: skip
NAMES = st.from_regex(r"[a-z_][a-z0-9_\-]{0,8}", fullmatch=True)
ACTORS = st.sampled_from(["main", "participant", "system", "user"])
ENDS = st.sampled_from(["finish", "cancel", "timeout", "failure", "settlement"])
SOUP = st.lists(
    st.sampled_from([*sorted(_KEYWORDS), "{", "}", ",", '"a"', "3", "x", "\n", "#"]), max_size=40
)


@st.composite
def protocols(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A protocol's text and what its model must hold."""
    tools = draw(st.lists(NAMES, min_size=1, max_size=5, unique=True))
    actors = [draw(ACTORS) for _ in tools]
    routes = draw(st.lists(NAMES, max_size=3, unique=True))
    ends = [(draw(ENDS), draw(NAMES)) for _ in routes]
    maximum = draw(st.integers(1, 10**6))
    lines = [f"tool {t} by {a}" for t, a in zip(tools, actors, strict=True)]
    lines += [f'route {r} opens with {tools[0]} when "x"' for r in routes]
    lines += [
        f"state s{i} of {r} {{ ends {kind} {name} available {tools[-1]} keeps tools }}"
        for i, (r, (kind, name)) in enumerate(zip(routes, ends, strict=True))
    ]
    lines.append(f'fetch {tools[-1]} turn "t" window "w" max {maximum}')
    starts = (draw(NAMES), draw(NAMES))
    states = [f"s{i}" for i in range(len(routes))]
    lines.append(f"participants start {starts[0]} finish {starts[1]}")
    lines[-1] += f" in {', '.join(states)}" if states else ""
    lines.append(f'follow up {tools[0]} participant "who"')
    expected = {
        "tools": list(zip(tools, actors, strict=True)),
        "routes": routes,
        "ends": ends,
        "max": maximum,
        "participants": (*starts, tuple(states)),
        "follow_up": tools[0],
    }
    return "protocol p {\n" + "\n".join(f"    {line}" for line in lines) + "\n}\n", expected


@given(protocols())
def test_built_protocols_parse_to_what_they_say(case: tuple[str, dict[str, object]]) -> None:
    """Names (keywords included) and numbers come back exactly as written."""
    text, expected = case
    parsed = parse_spec(text, "fuzz.assay")
    assert parsed.diagnostics == (), (text, parsed.diagnostics)
    assert parsed.value is not None
    (protocol,) = parsed.value.protocols
    assert [(t.name, t.actor) for t in protocol.tools] == expected["tools"]
    assert [r.name for r in protocol.routes] == expected["routes"]
    assert [(s.ends[0].kind, s.ends[0].name) for s in protocol.states] == expected["ends"]
    assert protocol.fetch is not None and protocol.fetch.max_window == expected["max"]
    participants = protocol.participants
    assert participants is not None
    assert (participants.start, participants.finish, participants.states) == expected[
        "participants"
    ]
    assert protocol.follow_up is not None and protocol.follow_up.tool == expected["follow_up"]


@given(SOUP)
def test_protocol_soup_never_raises(words: list[str]) -> None:
    """Any sequence of protocol words gets a model or located SPC diagnostics."""
    check_answer("protocol p {\n" + " ".join(words) + "\n}\n")


@given(st.text(max_size=80))
def test_any_text_inside_a_protocol_never_raises(text: str) -> None:
    """Arbitrary text in a protocol block is answered, never raised."""
    check_answer("protocol p {\n" + text + "\n}\n")
