"""`assay trace check` against a model of ADR 0001 written here, from the ADR's own
sentences and independent of the checker: sessions of protocol calls, answers and
lifecycle events, valid and invalid, are generated as steps; the model says, step by
step, which rule each line breaks; the command must report exactly those (code, line)
pairs, and nothing where the model sees no break.

What the model follows (the consultation protocol, one request at a time):

- `recall_memory` by the main agent opens the transcript route, or a Discussion when
  `discussion` is true; a new request leaves an open one incomplete; an error result
  fails it. After a cancel, timeout, failure or incomplete request, another route
  opens only after the user's `request` (PRT016), and the system retrieving anything
  is an automatic fallback (PRT015).
- `fetch_session` names a turn the latest request returned (PRT020), a window of at
  most 20 (PRT021), and only the main agent calls it (the system: PRT012).
- Participants run only in a Discussion (PRT036), one at a time (PRT018): from their
  start to their finish, or while a follow-up they were asked awaits its result; a
  start, a follow-up, or another participant's answer while one runs overlaps it.
  Participants call no tools (PRT017).
- `follow_up_session` belongs to a Discussion (PRT013) and names one participant that
  answered in it (PRT037): by an event of its own, or by finishing its run (a finish
  that names another participant than the one running ends nothing).
- Each end ends only its own state (PRT011); a state open when the session ends
  never ended (PRT033, at its opening line).
- While a state is open, `fetch_session` stays among the main agent's tools (PRT014)
  and the source transcripts keep their digests (PRT030), each said once a state; the
  first line outside a state after one ended records the same tools (PRT019) and
  digests (PRT030) as before it.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from assay.cli import main

Step = tuple[Any, ...]
Entry = dict[str, Any]

_SETTLED_ENDS = {"finish_session_consultation", "finish_memory_recall", "settlement"}
_DISCUSSION_ENDS = {"finish_session_consultation", "cancel_session_consultation"}
_DISCUSSION_EVENTS = {"timeout": "system", "failure": "system", "settlement": "main"}
TOOLS = sorted(
    [
        "cancel_session_consultation",
        "fetch_session",
        "finish_memory_recall",
        "finish_session_consultation",
        "follow_up_session",
        "read",
        "recall_memory",
    ]
)
DIGESTS = {"sessions/2026-10-01.jsonl": "a" * 64}
CHANGED = {"sessions/2026-10-01.jsonl": "b" * 64}
_TARGETS = st.sampled_from(["p1", "p1", "p1", "p2", ["p1", "p2"], None])

_OPEN = st.tuples(
    st.just("open"),
    st.sampled_from([True, True, False]),
    st.sampled_from([False] * 5 + [True]),
    st.integers(1, 2),
)
_PARTICIPANT = st.tuples(
    st.just("participant"),
    st.sampled_from(["full", "full", "full", "start", "answer", "finish"]),
    st.sampled_from(["p1", "p1", "p2"]),
)
_FOLLOW = st.tuples(st.just("follow"), _TARGETS, st.booleans())
_FETCH = st.tuples(
    st.just("fetch"),
    st.sampled_from(["main"] * 4 + ["system"]),
    st.sampled_from([True] * 4 + [False]),
    st.integers(1, 21),
)
_END = st.tuples(
    st.just("end"),
    st.sampled_from(sorted(_DISCUSSION_ENDS | {"finish_memory_recall", *_DISCUSSION_EVENTS})),
)
#: What may happen while a request is open (or, out of place, while none is): weighted
#: towards participants that answer and follow-ups, where most of the rules are.
_COMMON = st.one_of(
    _PARTICIPANT, _FOLLOW, _PARTICIPANT, _FOLLOW, st.tuples(st.just("reply")), _FETCH
)
_RARE = st.one_of(
    _END,
    st.tuples(st.just("request")),
    st.tuples(st.just("system_recall"), st.booleans()),
    st.tuples(st.just("participant_tool")),
    st.tuples(st.just("withdraw")),
    st.tuples(st.just("rewrite")),
)


@st.composite
def inside(draw: st.DrawFn) -> Step:
    """One step in a request: a rare one one time in ten."""
    step: Step = draw(_RARE if draw(st.integers(0, 9)) == 0 else _COMMON)
    return step


_ENDS_OF = {
    True: sorted(_DISCUSSION_ENDS | set(_DISCUSSION_EVENTS)),
    False: ["finish_memory_recall"],
}


@st.composite
def sessions(draw: st.DrawFn) -> list[Step]:
    """Requests, each opened, with what happens in it, mostly ended; a few steps
    before the first request."""
    steps: list[Step] = draw(st.lists(inside(), max_size=2))
    for _ in range(draw(st.integers(1, 3))):
        opened = draw(_OPEN)
        steps.append(opened)
        steps += draw(st.lists(inside(), max_size=6))
        if draw(st.integers(0, 4)):  # mostly ended, by one of its own ends
            steps.append(("end", draw(st.sampled_from(_ENDS_OF[opened[1]]))))
    return steps


class Model:
    """The protocol as the ADR states it, and the session written as it goes."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.expected: list[tuple[str, int]] = []
        self.route: str | None = None  # "transcript" or "discussion"
        self.opened_at = 0
        self.turns: set[str] = set()  # returned by the latest request
        self.unsettled: str | None = None  # the route that ended unsettled
        self.requested = False  # the user asked since
        self.running: str | None = None  # a participant between start and finish
        #: a follow-up running: its call id and the participant it asked
        self.following: tuple[str, str] | None = None
        self.answered: set[str] = set()  # in the open Discussion
        self.awaiting: list[str] = []  # follow-up calls without a result yet
        self.ids = 0
        self.withdrawn = False  # fetch_session was missing in the open state, said
        self.rewritten = False  # a source changed in the open state, said
        self.after = False  # a state ended and no line was seen outside one since

    # ---- writing -----------------------------------------------------------------

    def _line(self, **entry: Any) -> int:
        """Write one line; every line records the tool set and the source digests (the
        same, unless ``entry`` says otherwise). The first line outside a state after
        one ended must record them as they were before it."""
        entry = {"active_tools": TOOLS, "source_digests": DIGESTS, **entry}
        self.entries.append({"sequence": len(self.entries), **entry})
        line = len(self.entries)
        if self.after and self.route is None:
            self.after = False
            if entry["active_tools"] != TOOLS:
                self._expect("PRT019", line)
            if entry["source_digests"] != DIGESTS:
                self._expect("PRT030", line)
        return line

    def _call(self, actor: str, name: str, arguments: dict[str, Any]) -> tuple[int, str]:
        self.ids += 1
        call_id = f"c{self.ids}"
        line = self._line(actor=actor, kind="call", name=name, call_id=call_id, arguments=arguments)
        return line, call_id

    def _result(self, actor: str, name: str, call_id: str, **fields: Any) -> int:
        return self._line(actor=actor, kind="result", name=name, call_id=call_id, **fields)

    def _event(self, actor: str, name: str, who: str | None = None) -> int:
        arguments = {"arguments": {"participant": who}} if who else {}
        return self._line(actor=actor, kind="event", name=name, **arguments)

    def _expect(self, code: str, line: int) -> None:
        self.expected.append((code, line))

    # ---- the protocol --------------------------------------------------------------

    def _close(self, settled: bool) -> None:
        self.after = True
        if not settled:
            self.unsettled, self.requested = self.route, False
        self.route, self.running, self.following = None, None, None
        self.answered = set()

    def step(self, step: Step) -> None:
        getattr(self, f"_{step[0]}")(*step[1:])

    def _open(self, discussion: bool, fails: bool, count: int) -> None:
        route = "discussion" if discussion else "transcript"
        line, call_id = self._call(
            "main", "recall_memory", {"query": "q", "discussion": discussion}
        )
        if self.route is not None:
            self._close(settled=False)  # left incomplete
        if self.unsettled not in (None, route) and not self.requested:
            self._expect("PRT016", line)
        self.unsettled, self.route, self.opened_at, self.turns = None, route, line, set()
        self.withdrawn = self.rewritten = False
        turns = [] if fails else [f"t{line}-{n}" for n in range(count)]
        self._result("main", "recall_memory", call_id, is_error=fails, returned_turns=turns)
        if fails:
            self._close(settled=False)
        self.turns = set(turns)

    def _participant(self, how: str, who: str) -> None:
        if how in ("full", "start"):
            line = self._event("system", "participant_started", who)
            if self.route != "discussion":
                self._expect("PRT036", line)
            else:
                if self.running is not None or self.following is not None:
                    self._expect("PRT018", line)
                self.running = who
        if how in ("full", "answer"):
            line = self._event("participant", "answer", who)
            if self.route != "discussion":
                self._expect("PRT036", line)
            else:
                if self._runs_other_than(who):
                    self._expect("PRT018", line)
                self.answered.add(who)
        if how in ("full", "finish"):
            self._event("system", "participant_finished", who)
            if self.route == "discussion" and self.running == who:
                self.running = None
                self.answered.add(who)

    def _runs_other_than(self, who: str) -> bool:
        """Whether a participant other than ``who`` is running."""
        if self.running is not None:
            return self.running != who
        return self.following is not None and self.following[1] != who

    def _follow(self, target: Any, reply_now: bool) -> None:
        arguments = {"question": "why?"} if target is None else {"participant": target}
        line, call_id = self._call("main", "follow_up_session", arguments)
        self.awaiting.append(call_id)
        if self.route != "discussion":
            self._expect("PRT013", line)
        elif not isinstance(target, str) or target not in self.answered:
            self._expect("PRT037", line)
        else:
            if self.running is not None or self.following is not None:
                self._expect("PRT018", line)
            self.following = (call_id, target)
        if reply_now:
            self._reply()

    def _reply(self) -> None:
        if not self.awaiting:
            return
        call_id = self.awaiting.pop()
        self._result("main", "follow_up_session", call_id)
        if self.following is not None and self.following[0] == call_id:
            self.following = None

    def _fetch(self, actor: str, known: bool, window: int) -> None:
        turn = min(self.turns) if known and self.turns else "t-unknown"
        line, call_id = self._call(actor, "fetch_session", {"turn_id": turn, "window": window})
        if actor == "system":
            self._expect("PRT015" if self.unsettled is not None else "PRT012", line)
        if turn not in self.turns:
            self._expect("PRT020", line)
        if window > 20:
            self._expect("PRT021", line)
        self._result(actor, "fetch_session", call_id)

    def _system_recall(self, discussion: bool) -> None:
        route = "discussion" if discussion else "transcript"
        line, _ = self._call("system", "recall_memory", {"query": "q", "discussion": discussion})
        fallback = self.unsettled is not None and self.unsettled != route
        self._expect("PRT015" if fallback else "PRT010", line)

    def _end(self, name: str) -> None:
        ends_here = (self.route == "discussion" and name in _DISCUSSION_ENDS) or (
            self.route == "transcript" and name == "finish_memory_recall"
        )
        if name in _DISCUSSION_EVENTS:
            self._event(_DISCUSSION_EVENTS[name], name)
            if self.route == "discussion":
                self._close(settled=name in _SETTLED_ENDS)
            return
        line, call_id = self._call("main", name, {})
        if ends_here:
            self._close(settled=name in _SETTLED_ENDS)
        else:
            self._expect("PRT011", line)
        self._result("main", name, call_id)

    def _withdraw(self) -> None:
        """The main agent's tools change: `fetch_session` is gone for one line."""
        without = [t for t in TOOLS if t != "fetch_session"]
        line = self._line(actor="system", kind="event", name="model_change", active_tools=without)
        if self.route is not None and not self.withdrawn:
            self.withdrawn = True
            self._expect("PRT014", line)

    def _rewrite(self) -> None:
        """A source transcript's digest differs on one line."""
        line = self._line(actor="system", kind="event", name="model_change", source_digests=CHANGED)
        if self.route is not None and not self.rewritten:
            self.rewritten = True
            self._expect("PRT030", line)

    def _request(self) -> None:
        self._event("user", "request")
        if self.unsettled is not None:
            self.requested = True

    def _participant_tool(self) -> None:
        line, _ = self._call("participant", "read", {"path": "sessions/s.jsonl"})
        self._expect("PRT017", line)

    def finish(self) -> None:
        if self.route is not None:
            self._expect("PRT033", self.opened_at)


def _model(steps: list[Step]) -> Model:
    model = Model()
    for step in steps:
        model.step(step)
    model.finish()
    return model


def _checked(entries: list[Entry]) -> Iterator[tuple[str, int]]:
    """What `assay trace check` reports for ``entries`` written as a neutral trace."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "assay.toml").write_text("")
        session, report = root / "session.jsonl", root / "report.json"
        session.write_text("".join(json.dumps(e) + "\n" for e in entries))
        arguments = [str(session), "--config", str(root / "assay.toml"), "--format", "json"]
        main(["trace", "check", *arguments, "--output", str(report), "--fail-on", "never"])
        for found in json.loads(report.read_text())["diagnostics"]:
            yield found["code"], found["line"]


# Each example runs the command on a file (about 70 ms): 80 keep the suite's budget.
@settings(max_examples=min(settings().max_examples, 80))
@given(sessions())
def test_trace_check_reports_exactly_the_breaks_the_model_sees(steps: list[Step]) -> None:
    """Every break the model sees is reported at its line, with its code; nothing else."""
    model = _model(steps)
    assume(model.entries)  # an empty session is PRT004, a reading problem
    assert sorted(_checked(model.entries)) == sorted(model.expected)


def test_the_audit_cases_break_the_protocol() -> None:
    """The audit's sessions: a follow-up to a participant that never answered, to two at
    once, and a participant running on the transcript route."""
    never = _model([("open", True, False, 1), ("follow", "p1", True), ("end", "settlement")])
    two = _model(
        [
            ("open", True, False, 1),
            ("participant", "full", "p1"),
            ("participant", "full", "p2"),
            ("follow", ["p1", "p2"], True),
            ("end", "finish_session_consultation"),
        ]
    )
    transcript = _model(
        [("open", False, False, 1), ("participant", "full", "p1"), ("end", "finish_memory_recall")]
    )
    assert sorted(_checked(never.entries)) == [("PRT037", 3)]
    assert sorted(_checked(two.entries)) == [("PRT037", 9)]
    assert sorted(_checked(transcript.entries)) == [("PRT036", 3), ("PRT036", 4)]
