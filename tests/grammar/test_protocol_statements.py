"""The protocol statement: what each line declares, and each spec error at its word."""

from __future__ import annotations

import pytest

from assay.grammar.spec import parse_spec
from assay.grammar.spec.library import library_spec
from assay.spec.protocol import ProtocolDecl


def _protocol(body: str) -> ProtocolDecl:
    parsed = parse_spec(f"protocol p {{\n{body}\n}}\n", "specs/p.assay")
    assert parsed.diagnostics == (), parsed.diagnostics
    assert parsed.value is not None
    (protocol,) = parsed.value.protocols
    return protocol


def test_a_protocol_reads_every_statement() -> None:
    """Tools, routes, states with their ends and keeps, and the once-only statements."""
    protocol = _protocol(
        """
        tool open by main
        tool look by system in s
        route r opens with open when "deep"
        route q opens with open
        state s of r { ends cancel stop  ends settlement settle  available look  keeps sources }
        fetch look turn "id" window "n" max 4
        forbid automatic look
        forbid fallback without ask
        participants start a finish b
        agreement agreed verified by look
        """
    )
    assert [(t.name, t.actor, t.states) for t in protocol.tools] == [
        ("open", "main", ()),
        ("look", "system", ("s",)),
    ]
    assert [(r.name, r.opener, r.argument, r.when) for r in protocol.routes] == [
        ("r", "open", "deep", True),
        ("q", "open", None, True),
    ]
    (state,) = protocol.states
    assert [(e.kind, e.name) for e in state.ends] == [("cancel", "stop"), ("settlement", "settle")]
    assert (state.available, state.keeps_tools, state.keeps_sources) == (("look",), False, True)
    assert protocol.fetch is not None and protocol.fetch.max_window == 4
    assert [(f.kind, f.subject) for f in protocol.forbids] == [
        ("automatic", "look"),
        ("fallback", "ask"),
    ]
    assert protocol.participants is not None and protocol.participants.finish == "b"
    assert protocol.agreement is not None and protocol.agreement.evidence == "look"
    assert protocol.path == "specs/p.assay" and protocol.name_span.line == 1


def test_participants_run_in_states_and_follow_ups_name_one() -> None:
    """`participants … in STATE, …` and `follow up TOOL participant "arg"`."""
    protocol = _protocol(
        """
        tool open by main
        tool ask by main in s
        route r opens with open
        state s of r { }
        state t of r2 { }
        route r2 opens with open when "x"
        participants start a finish b in s, t
        follow up ask participant "who"
        """
    )
    assert protocol.participants is not None and protocol.participants.states == ("s", "t")
    assert protocol.follow_up is not None
    assert (protocol.follow_up.tool, protocol.follow_up.participant_argument) == ("ask", "who")


def test_keywords_stay_names_where_a_name_is_expected() -> None:
    """A tool may be called `finish`, `main` or `tools`: keywords only where expected."""
    protocol = _protocol("tool finish by main\ntool tools by user\nroute main opens with finish")
    assert [t.name for t in protocol.tools] == ["finish", "tools"]
    assert protocol.routes[0].name == "main"


def test_the_builtin_consultation_library_has_a_type_and_a_protocol() -> None:
    """Types and protocols are separate namespaces: both are called `consultation`."""
    spec = library_spec("consultation")
    assert [t.name for t in spec.types] == ["consultation"]
    assert [p.name for p in spec.protocols] == ["consultation"]


@pytest.mark.parametrize(
    ("text", "code", "line", "column", "says"),
    [
        ("tool a by main in nowhere", "SPC002", 2, 19, "no state `nowhere`"),
        ("route r opens with fetch", "SPC002", 2, 20, "no tool `fetch`"),
        (
            "tool fetch_session by main\nroute r opens with fetch_sesion",
            "SPC002",
            3,
            20,
            "did you mean `fetch_session`",
        ),
        ("state s of nothing { }", "SPC002", 2, 12, "no route `nothing`"),
        ("tool a by main\ntool a by user", "SPC003", 3, 6, "tool `a` is already defined on line 2"),
        ('tool a by main\nfetch a turn "t" window "w" max 0', "SPC004", 3, 33, "at least 1"),
        ('tool a by main\nfetch a turn "" window "w" max 2', "SPC004", 3, 14, "must not be empty"),
        (
            "participants start a finish b\nparticipants start c finish d",
            "SPC003",
            3,
            1,
            "given twice",
        ),
        ("participants start a finish b in nowhere", "SPC002", 2, 34, "no state `nowhere`"),
        ('follow up ask participant "who"', "SPC002", 2, 11, "no tool `ask`"),
        ('tool a by main\nfollow up a participant ""', "SPC004", 3, 25, "must not be empty"),
        (
            'tool a by main\nfollow up a participant "p"\nfollow up a participant "q"',
            "SPC003",
            4,
            1,
            "given twice",
        ),
        (
            "tool a by main\nroute r opens with a\nstate s of r { }\nstate t of r { }",
            "SPC003",
            5,
            12,
            "already has the state `s`",
        ),
        ("tool a by robot", "SPC001", 2, 11, "expected one of"),
        ("forbid everything", "SPC001", 2, 8, "expected one of"),
        ("state s of r { ends sometimes x }", "SPC001", 2, 21, "expected one of"),
    ],
)
def test_spec_errors_point_at_the_word(
    text: str, code: str, line: int, column: int, says: str
) -> None:
    """Each problem is one diagnostic with its file, line and column, in plain words."""
    parsed = parse_spec(f"protocol p {{\n{text}\n}}\n", "specs/p.assay")
    assert parsed.value is None
    assert [(d.code, d.path, d.span.line, d.span.column) for d in parsed.diagnostics] == [
        (code, "specs/p.assay", line, column)
    ]
    assert says in parsed.diagnostics[0].message


def test_a_protocol_declared_twice_in_one_file() -> None:
    """Two protocols of one name in one file is SPC003 at the second name."""
    parsed = parse_spec("protocol p { }\nprotocol p { }\n", "specs/p.assay")
    assert [(d.code, d.span.line, d.span.column) for d in parsed.diagnostics] == [("SPC003", 2, 10)]
