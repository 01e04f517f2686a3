"""assay's neutral trace format into trace events (``assay schema trace`` fixes it).

One JSON object a line, one event each, in order; no header. Fields:

- ``sequence`` (required): a whole number, strictly increasing down the file;
- ``actor`` (required): ``main``, ``participant``, ``system`` or ``user``;
- ``kind`` (required): ``call``, ``result`` or ``event``;
- ``name`` (required): the tool called or answered, or the event's name;
- ``call_id``: the id a call carries and its result answers (a result needs one);
- ``arguments``: a call's arguments (an object); ``is_error``: a failed result;
- ``returned_turns``: the turn ids a result returned (strings);
- ``active_tools``: the main agent's active tool set at this point, when known;
- ``source_digests``: ``path -> sha256`` of the source transcripts, when known.

Nothing else: a field the format does not define is refused (PRT007), so a misspelt
``is_eror`` is not silently a success. The event's ``sequence`` is its position in the
stream, as for every reader; the file's own numbers only have to increase.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assay.engine.traces.reading.problems import problem
from assay.engine.traces.reading.stream import Line
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.sessions import PRT002, PRT003, PRT005, PRT007
from assay.spec.trace import TraceEvent

ACTORS = ("main", "participant", "system", "user")
KINDS = ("call", "result", "event")
FIELDS = (
    "sequence",
    "actor",
    "kind",
    "name",
    "call_id",
    "arguments",
    "is_error",
    "returned_turns",
    "active_tools",
    "source_digests",
)
_KNOWN = frozenset(FIELDS)


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _digests(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


def _optional_string(value: Any) -> bool:
    return value is None or (isinstance(value, str) and bool(value))


def _optional_object(value: Any) -> bool:
    return value is None or isinstance(value, dict)


def _boolean(value: Any) -> bool:
    return isinstance(value, bool)


def _optional_strings(value: Any) -> bool:
    return value is None or _strings(value)


def _optional_digests(value: Any) -> bool:
    return value is None or _digests(value)


#: field -> (is its value right, what it must be), for the fields past the first four.
_OPTIONAL: dict[str, tuple[Callable[[Any], bool], str]] = {
    "call_id": (_optional_string, "a string or null"),
    "arguments": (_optional_object, "an object or null"),
    "is_error": (_boolean, "true or false"),
    "returned_turns": (_strings, "a list of strings"),
    "active_tools": (_optional_strings, "a list of strings or null"),
    "source_digests": (_optional_digests, "an object of strings or null"),
}


class NeutralReader:
    """Reads one neutral trace's lines in order, remembering the last sequence number
    and the calls not yet answered."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.sequence = 0
        self._last: tuple[int, int] | None = None  #: the highest sequence so far, its line
        self._open_calls: set[str] = set()

    def entry(self, entry: dict[str, Any], line: Line) -> list[TraceEvent | Diagnostic]:
        """The event of one line, or why it cannot be read (a list, as ``PiReader``'s)."""
        # The order is checked first and on its own: a line that breaks it and
        # something else as well is reported for both, not for the first found.
        found: list[TraceEvent | Diagnostic] = []
        out_of_order = self._order(entry.get("sequence"), line)
        if out_of_order is not None:
            found.append(out_of_order)
        why = _shape(entry)
        if why is not None:
            rule = PRT002 if why.startswith("unknown kind") else PRT007
            found.append(problem(rule, why, self.path, line))
            return found
        if out_of_order is not None:
            return found
        call_id = entry.get("call_id")
        if entry["kind"] == "result":
            if call_id not in self._open_calls:
                message = (
                    f"this `{entry['name']}` result answers call "
                    f"{call_id!r}, which no earlier call made (or another result "
                    "answered)"
                )
                found.append(problem(PRT003, message, self.path, line))
                return found
            self._open_calls.discard(call_id)
        elif entry["kind"] == "call" and call_id is not None:
            if call_id in self._open_calls:
                message = f"call id {call_id!r} is already open"
                found.append(problem(PRT005, message, self.path, line))
                return found
            self._open_calls.add(call_id)
        found.append(_event(entry, self.sequence, line.number))
        self.sequence += 1
        return found

    def _order(self, number: Any, line: Line) -> Diagnostic | None:
        """PRT007 when a whole-number ``sequence`` does not increase: repeated or going
        down alike (both break "strictly increasing"), against the highest number
        so far, named with its line."""
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            return None  # not a sequence number at all: `_shape` says so
        last = self._last
        if last is not None and number <= last[0]:
            how = "repeats" if number == last[0] else "goes down from"
            message = (
                f"`sequence` {number} {how} the {last[0]} of line {last[1]}: "
                "the numbers increase strictly down the file"
            )
            return problem(PRT007, message, self.path, line)
        self._last = (number, line.number)
        return None


def _shape(entry: dict[str, Any]) -> str | None:
    """What is wrong with the line's fields, if anything."""
    if not _KNOWN.issuperset(entry):
        extra = next(key for key in entry if key not in _KNOWN)
        return f"malformed entry: `{extra[:60]}` is not a field of the neutral trace format"
    try:
        number, actor, kind, name = (
            entry["sequence"],
            entry["actor"],
            entry["kind"],
            entry["name"],
        )
    except KeyError:
        missing = next(key for key in FIELDS[:4] if key not in entry)
        return f"malformed entry: the required field `{missing}` is missing"
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        return "malformed entry: `sequence` is a whole number, 0 or more"
    if actor not in ACTORS:
        return f"malformed entry: `actor` is one of {', '.join(ACTORS)} (got {actor!r:.60})"
    if kind not in KINDS:
        return f"unknown kind {kind!r:.60}: a neutral event is a call, a result or an event"
    if not isinstance(name, str) or not name:
        return "malformed entry: `name` is a non-empty string"
    for key, (right, what) in _OPTIONAL.items():
        if key in entry and not right(entry[key]):
            return f"malformed entry: `{key}` is {what}"
    if kind == "result" and entry.get("call_id") is None:
        return "malformed entry: a result has the `call_id` of the call it answers"
    return None


def _event(entry: dict[str, Any], sequence: int, line: int) -> TraceEvent:
    tools, digests = entry.get("active_tools"), entry.get("source_digests")
    return TraceEvent(
        sequence=sequence,
        line=line,
        actor=entry["actor"],
        kind=entry["kind"],
        name=entry["name"],
        call_id=entry.get("call_id"),
        arguments=entry.get("arguments"),
        is_error=entry.get("is_error", False),
        returned_turns=tuple(entry.get("returned_turns", ())),
        active_tools=None if tools is None else tuple(tools),
        source_digests=digests,
    )
