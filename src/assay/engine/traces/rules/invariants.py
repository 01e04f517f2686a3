"""What a state must keep: its available tools in the main agent's active set
(PRT014), that set unchanged before, during and after (PRT019), and the source
transcripts' digests unchanged (PRT030).

Only events that record an active tool set or digests say anything; the checker
remembers the last ones known, so "before" is the last set seen before the opening.
"""

from __future__ import annotations

from assay.engine.traces.rules import Violation
from assay.engine.traces.state import OpenState, SessionState
from assay.spec.rules.protocol_keep import PRT019, PRT030, PRT034
from assay.spec.rules.protocols import PRT014
from assay.spec.trace import TraceEvent


def observe(state: SessionState, event: TraceEvent, out: list[Violation]) -> None:
    """Compare what ``event`` records with what must hold, then remember it."""
    after = state.after
    tools = event.active_tools
    # Most events repeat the last tool set and digests: when nothing new is open or
    # waiting to be compared, they say nothing new, and the checker moves on.
    current_seen = state.current is None or state.current.checked
    if tools is not None and not (
        tools == state.tools and current_seen and (after is None or after.tools is None)
    ):
        _tools(state, event, tools, out)
        state.tools = tools
        if state.current is not None:
            state.current.checked = True
    digests = event.source_digests
    if digests is not None and not (
        digests == state.digests and (after is None or after.digests is None)
    ):
        _digests(state, event, digests, out)
        state.digests = {**(state.digests or {}), **digests}


def opened(state: SessionState, event: TraceEvent, out: list[Violation]) -> None:
    """The opening call's own tool set already counts for the state it opens."""
    if state.current is not None and event.active_tools is not None:
        _tools(state, event, event.active_tools, out)
        state.current.checked = True


def unrecorded(state: SessionState, ended: OpenState, out: list[Violation]) -> None:
    """PRT034, once a session each, when a state that needed the tool set or the
    digests ended with the session never having recorded them, in a format that
    cannot by itself (``state.unrecorded``): said, not passed as if checked."""
    if len(state.said_unrecorded) == 2:
        return  # both said already: the common case of a long session, at every end
    decl = ended.decl
    needs = {
        "tools": ("PRT014 and PRT019 were", bool(decl.available) or decl.keeps_tools, state.tools),
        "digests": ("PRT030 was", decl.keeps_sources, state.digests),
    }
    for what, (rules, needed, known) in needs.items():
        if not needed or known is not None or what in state.said_unrecorded:
            continue
        how = state.unrecorded.get(what)
        if how is None:
            continue
        state.said_unrecorded.add(what)
        out.append(
            Violation(
                PRT034,
                ended.line,
                f"{how}: {rules} not checked for the {decl.name} state opened here",
            )
        )


def _tools(
    state: SessionState, event: TraceEvent, tools: tuple[str, ...], out: list[Violation]
) -> None:
    current, after = state.current, state.after
    if current is not None:
        for name in current.decl.available:
            if name not in tools and name not in current.withdrawn:
                current.withdrawn.add(name)
                out.append(
                    Violation(
                        PRT014,
                        event.line,
                        f"`{name}` is missing from the main agent's active tools during the "
                        f"{current.decl.name} state; it stays available there",
                    )
                )
        if current.decl.keeps_tools:
            _kept_tools(current, event, tools, out)
    elif after is not None and after.tools is not None:
        change = _change(after.tools, tools)
        after.tools = None  # the first set after the state is the one compared
        if change:
            out.append(
                Violation(
                    PRT019,
                    event.line,
                    f"the main agent's active tools after the {after.state} state (ended on line "
                    f"{after.line}) differ from before it ({change})",
                )
            )


def _kept_tools(
    current: OpenState, event: TraceEvent, tools: tuple[str, ...], out: list[Violation]
) -> None:
    """PRT019 the first time the active tools differ from the state's own set."""
    if current.tools is None:
        # Nothing recorded the set before the state opened: the first one recorded in it
        # is what must stay.
        current.tools = tools
    elif not current.tools_reported:
        # A withdrawn available tool is PRT014's finding, not this one's.
        change = _change(current.tools, tools, current.withdrawn)
        if change:
            current.tools_reported = True
            out.append(
                Violation(
                    PRT019,
                    event.line,
                    f"the main agent's active tools changed during the {current.decl.name} "
                    f"state ({change}); the state does not change them",
                )
            )


def _change(
    before: tuple[str, ...], now: tuple[str, ...], withdrawn: set[str] | None = None
) -> str:
    """``-gone, +new`` between two tool sets, leaving out tools already reported withdrawn."""
    if before == now:  # the common case, without building sets
        return ""
    old, new_set = set(before) - (withdrawn or set()), set(now) - (withdrawn or set())
    gone, new = sorted(old - new_set), sorted(new_set - old)
    parts = [*(f"-{t}" for t in gone), *(f"+{t}" for t in new)]
    return ", ".join(parts)


def _digests(
    state: SessionState, event: TraceEvent, digests: dict[str, str], out: list[Violation]
) -> None:
    current, after = state.current, state.after
    if current is not None and current.decl.keeps_sources and not current.sources_reported:
        changed = _changed(current.digests, digests)
        # A path first recorded in the state is compared from then on: its first digest
        # is what must stay.
        current.digests = {**digests, **(current.digests or {})}
        if changed:
            current.sources_reported = True
            out.append(
                Violation(
                    PRT030,
                    event.line,
                    f"source transcript {changed} changed during the {current.decl.name} state; "
                    "sources are read, never modified",
                )
            )
    elif current is None and after is not None and after.digests is not None:
        changed = _changed(after.digests, digests)
        after.digests = None
        if changed:
            out.append(
                Violation(
                    PRT030,
                    event.line,
                    f"source transcript {changed} differs after the {after.state} state (ended on "
                    f"line {after.line}) from before it; sources are read, never modified",
                )
            )


def _changed(before: dict[str, str] | None, now: dict[str, str]) -> str:
    """The first path whose digest differs, quoted; empty when none does."""
    if before is None or before == now:
        return ""
    for path, digest in sorted(now.items()):
        if before is not None and path in before and before[path] != digest:
            return f"`{path}`"
    return ""
