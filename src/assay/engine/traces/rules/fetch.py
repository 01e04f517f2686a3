"""Transcript retrieval by exact turn: the turn id must be one the latest request
returned (PRT020; PRT034 when its result recorded none, so that cannot be checked), and
the window a whole number within the declared maximum (PRT021).

The same two refusals are ``assay trace fetch``'s; the codes are shared with it.
"""

from __future__ import annotations

from assay.engine.traces.index import ProtocolIndex
from assay.engine.traces.rules import Violation
from assay.engine.traces.state import SessionState
from assay.spec.rules.protocol_keep import PRT034
from assay.spec.rules.sessions import PRT020, PRT021
from assay.spec.trace import TraceEvent


def fetch_call(
    index: ProtocolIndex, state: SessionState, event: TraceEvent, out: list[Violation]
) -> None:
    """The violations of one call of the protocol's fetch tool (none for other calls)."""
    fetch = index.protocol.fetch
    if fetch is None or event.name != fetch.tool:
        return
    arguments = event.arguments or {}
    turn = arguments.get(fetch.turn_argument)
    if state.turns is None:
        tool, line = state.turns_from or (index.protocol.routes[0].opener, event.line)
        out.append(
            Violation(
                PRT034,
                event.line,
                f"`{fetch.tool}` asks for {_shown(turn)}, but the `{tool}` result on line {line} "
                "records no turn ids (a Pi tool result's `details.turns`): whether it is a "
                "turn that request returned (PRT020) was not checked",
            )
        )
    elif not isinstance(turn, str) or turn not in state.turns:
        out.append(
            Violation(
                PRT020,
                event.line,
                f"`{fetch.tool}` asks for {_shown(turn)}; `{fetch.turn_argument}` must be an "
                "exact turn id the latest request returned",
            )
        )
    window = arguments.get(fetch.window_argument)
    if window is None:
        return
    # bool is an int in Python, but `true` is no window.
    if isinstance(window, bool) or not isinstance(window, int) or window < 1:
        out.append(
            Violation(
                PRT021,
                event.line,
                f"`{fetch.window_argument}` must be a whole number from 1 to {fetch.max_window} "
                f"(got {window!r})",
            )
        )
    elif window > fetch.max_window:
        out.append(
            Violation(
                PRT021,
                event.line,
                f"`{fetch.tool}` asks for a window of {window} turns; the most is "
                f"{fetch.max_window}: ask for the smallest useful window",
            )
        )


def _shown(turn: object) -> str:
    return "no turn id" if turn is None else f"`{turn}`"
