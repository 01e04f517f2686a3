"""What the checker remembers while it streams a session: only what is open.

Memory is bounded by the open state (one route at a time), the turns the latest
request returned, the calls still waiting for their result, and the last known tool
set and digests, never by the length of the session.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import define, field

from assay.spec.model import Model
from assay.spec.protocol import StateDecl

#: Calls waiting for a result are dropped beyond this many (a session whose calls are
#: never answered must not grow the checker's memory without bound); how many were,
#: and where the first was, is reported at the end (PRT035), never left unsaid.
MAX_PENDING = 4096


@define
class OpenState(Model):
    """A state entered by a route's opening call and not yet ended."""

    decl: StateDecl
    line: int  #: where the opening call is
    tools: tuple[str, ...] | None  #: the main agent's active tools when it opened
    digests: dict[str, str] | None  #: source digests when it opened
    withdrawn: set[str] = field(factory=set)  #: available tools already reported missing
    checked: bool = False  #: a tool set was compared since it opened
    tools_reported: bool = False
    sources_reported: bool = False
    #: the running participant (None: unnamed), and its line
    participant: tuple[str | None, int] | None = None
    #: the participant a follow-up asked, its line and call id, until its result comes
    following: tuple[str, int, str] | None = None
    answered: set[str] = field(factory=set)  #: participants that answered in this state
    agreement_line: int | None = None  #: where participants agreed, if they did
    evidence: bool = False  #: a successful result of the agreement's evidence tool


@define
class Unsettled(Model):
    """A state that ended unsettled (cancel, timeout, failure, or left incomplete):
    until an explicit request, nothing may replace its route."""

    route: str
    kind: str  #: cancel, timeout, failure or incomplete
    line: int  #: where it ended
    requested: bool = False  #: the user asked explicitly since


@define
class After(Model):
    """What must still hold once a state ended: the first tool set and digests seen
    afterwards equal those from before it opened."""

    state: str
    line: int
    tools: tuple[str, ...] | None
    digests: dict[str, str] | None


@define
class SessionState(Model):
    """Everything the checker carries from one event to the next."""

    current: OpenState | None = None
    unsettled: Unsettled | None = None
    after: After | None = None
    #: turn ids the latest request returned; None when its result did not record them
    turns: set[str] | None = field(factory=set)
    turns_from: tuple[str, int] | None = None  #: the result that recorded none, its line
    tools: tuple[str, ...] | None = None  #: last known active tool set
    digests: dict[str, str] | None = None  #: last known source digests
    #: call id -> (tool, line), for calls whose result matters (openers, context-free
    #: tools)
    pending: dict[str, tuple[str, int]] = field(factory=dict)
    #: what the session's format cannot record by itself -> how to say it (PRT034)
    unrecorded: Mapping[str, str] = field(factory=dict)
    said_unrecorded: set[str] = field(factory=set)  #: reported once a session each
    dropped: int = 0  #: calls forgotten past ``MAX_PENDING``
    first_dropped: int | None = None  #: the line of the first call forgotten

    def remember(self, call_id: str | None, tool: str, line: int) -> None:
        """Wait for the result of ``call_id``; the oldest is forgotten past the bound."""
        if call_id is None:
            return
        if call_id not in self.pending and len(self.pending) >= MAX_PENDING:
            _, oldest_line = self.pending.pop(next(iter(self.pending)))
            self.dropped += 1
            if self.first_dropped is None:
                self.first_dropped = oldest_line
        self.pending[call_id] = (tool, line)
