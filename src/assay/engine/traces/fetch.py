"""``fetch_window``: read-only transcript context around one exact turn of a Pi session.

The ADR's ``fetch_session(exact turn_id, smallest useful window)``. The turn is the
entry whose ``id`` equals the id given, byte for byte — no prefix, no case folding
(PRT020 otherwise; the message names ids that differ only so, to be copied whole). The
window is the turn and up to ``window`` entries on each side along the conversation it
belongs to: before it, its ``parentId`` chain (its ancestors, nearest first, shown
oldest first); after it, the entries that continue from it — its first child in file
order, that entry's first child, and so on. A branch the session left is not the
turn's context and is not shown. A window larger than ``maximum`` is refused before
anything is read (PRT021).

The file is opened as every session is (``reading.opening.open_session``: read-only,
no link, inside the workspace unless named explicitly) and read once, to its end: an
entry further on holding the turn's id as well makes the turn ambiguous, and the window
is refused naming both lines (PRT005). Each entry before the turn is remembered by
where it is — line, byte offset, length, and its id's fingerprint
(``reading.ids.IdTable``), about 60 bytes an entry — never by its content; the window's
ancestors are read again from their offsets (``os.pread``), each checked to be the same
bytes' worth of one entry holding the id its child names. A file rewritten in between
fails that check: the window is refused at the line that changed (PRT022), never a
traceback. Memory is that index and the window, however long the entries are.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from assay.engine.files.opening import ContainedFile
from assay.engine.traces.reading.decode import blank, entry_object
from assay.engine.traces.reading.ids import IdTable
from assay.engine.traces.reading.opening import open_session
from assay.engine.traces.reading.sniff import format_of
from assay.engine.traces.reading.stream import Line, lines
from assay.engine.traces.summary import entry_text
from assay.errors import InputError
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.rule import Rule
from assay.spec.rules.sessions import PRT005, PRT020, PRT021, PRT022
from assay.spec.source import Span
from assay.spec.trace_window import WINDOW_VERSION, Position, Window, WindowEntry

#: The largest window fetched unless the caller (later: the protocol) declares another.
DEFAULT_MAXIMUM = 20


class _Index:
    """Where each entry before the turn is: its row in three columns, by id."""

    def __init__(self) -> None:
        self.rows = IdTable()
        self.lines, self.offsets, self.lengths = array("q"), array("q"), array("q")

    def add(self, ident: str, line: Line) -> None:
        self.rows.put(ident, len(self.lines))
        self.lines.append(line.number)
        self.offsets.append(line.offset)
        self.lengths.append(line.length)


def fetch_window(
    root: Path | str,
    path: str,
    turn_id: str,
    window: int,
    maximum: int = DEFAULT_MAXIMUM,
    *,
    explicit: bool = False,
) -> Window | Diagnostic:
    """The window around ``turn_id`` in the Pi session at ``path`` below ``root``, or the
    diagnostic refusing it (PRT005, PRT020 to PRT022). ``explicit``: the user named
    ``path``, which may then be absolute, outside the workspace. Raises
    ``SessionRefused`` for a path assay will not open and ``InputError`` for a file
    that is not a Pi session or cannot be read."""
    if window > maximum:
        return refusal(
            PRT021,
            path,
            f"a window of {window} entries each side is more than "
            f"the {maximum} allowed: ask for the smallest window that answers",
        )
    opened = open_session(root, path, explicit=explicit)
    with opened:
        try:
            return _fetch(opened, turn_id, window)
        except OSError as error:
            raise InputError(f"{opened.path}: cannot be read ({error.strerror})") from error


def refusal(rule: Rule, path: str, message: str) -> Diagnostic:
    """A fetch refusal: about the request, so placed at the session file's start."""
    return rule.diagnostic(message, path, Span.point(0, 1, 1))


def _fetch(opened: ContainedFile, turn_id: str, window: int) -> Window | Diagnostic:
    index = _Index()
    near: list[str] = []
    stream = _entries(opened)
    for line, entry in stream:
        ident, parent = entry.get("id"), entry.get("parentId")
        if not isinstance(ident, str):
            continue
        if ident == turn_id:
            turn = _entry(line, entry, "turn")
            try:
                rest = _unrepeated(stream, turn_id, line, opened.path)
                after = _following(rest, turn_id, window)
                for _ in rest:  # to the end: a repeat anywhere makes the turn ambiguous
                    pass
                before = _ancestors(opened, index, parent, window)
            except _Unfetchable as why:
                return why.diagnostic(opened.path)
            return Window(
                version=WINDOW_VERSION,
                session=opened.path,
                turn=turn_id,
                window=window,
                entries=(*before, turn, *after),
            )
        if len(near) < 3 and _near(ident, turn_id):
            near.append(ident)
        index.add(ident, line)
    hint = f"; ids that differ only in case or length: {', '.join(near)}" if near else ""
    message = f"no entry of {opened.path} has the exact id {turn_id!r}{hint}"
    return refusal(PRT020, opened.path, message)


def _entries(opened: ContainedFile) -> Iterator[tuple[Line, dict[str, Any]]]:
    """The session's readable entries after its header; a neutral trace is refused."""
    first = True
    for line in lines(opened.fileno()):
        if blank(line):
            continue
        entry = entry_object(line, opened.path)
        if isinstance(entry, Diagnostic):
            continue  # `assay trace check` reports it; the window does without it
        if first and format_of(entry) != "pi":
            raise InputError(
                f"{opened.path} is not a Pi session: only a Pi session's "
                "entries have turn ids to fetch around"
            )
        first = False
        if entry.get("type") != "session":
            yield line, entry


class _Unfetchable(Exception):
    """The window cannot be given: the turn's id repeats, or an entry changed while
    the file was read. Raised where it is found; ``_fetch`` makes it the refusal."""

    def __init__(self, rule: Rule, line: Line, message: str) -> None:
        super().__init__(message)
        self.rule, self.line, self.message = rule, line, message

    def diagnostic(self, path: str) -> Diagnostic:
        span = Span.point(self.line.offset, self.line.number, 1)
        return self.rule.diagnostic(self.message, path, span)


def _unrepeated(
    stream: Iterator[tuple[Line, dict[str, Any]]], turn_id: str, turn: Line, path: str
) -> Iterator[tuple[Line, dict[str, Any]]]:
    """The entries after the turn, until one holds the turn's id again."""
    for line, entry in stream:
        if entry.get("id") == turn_id:
            raise _Unfetchable(
                PRT005,
                line,
                f"turn id {turn_id!r} is the id of line {turn.number} and again of line "
                f"{line.number} of {path}: which turn is meant is ambiguous, so no window "
                "is fetched",
            )
        yield line, entry


def _following(
    stream: Iterator[tuple[Line, dict[str, Any]]], turn_id: str, window: int
) -> list[WindowEntry]:
    after: list[WindowEntry] = []
    tail = turn_id
    while len(after) < window:
        found = next(((ln, e) for ln, e in stream if e.get("parentId") == tail), None)
        if found is None or not isinstance(found[1].get("id"), str):
            break
        after.append(_entry(found[0], found[1], "after"))
        tail = found[1]["id"]
    return after


def _ancestors(opened: ContainedFile, index: _Index, parent: Any, window: int) -> list[WindowEntry]:
    before: list[WindowEntry] = []
    seen: set[int] = set()  # a parent cycle (a broken file) ends the walk
    while isinstance(parent, str) and len(before) < window:
        row = index.rows.get(parent)
        if row is None or row in seen:
            break
        seen.add(row)
        offset, length = index.offsets[row], index.lengths[row]
        line = Line(
            index.lines[row], offset, os.pread(opened.fileno(), length, offset), length, True
        )
        entry = _reread(line, parent, opened.path)
        if entry is None:  # another id with the same fingerprint
            break
        before.append(_entry(line, entry, "before"))
        parent = entry.get("parentId")
    return before[::-1]


def _reread(line: Line, parent: str, path: str) -> dict[str, Any] | None:
    """The entry read again at ``line``'s offset: the one named ``parent``, None for
    another id sharing its fingerprint; ``_Unfetchable`` when the bytes there are no
    longer that whole entry (the file was rewritten or cut since it was indexed)."""
    data = line.data or b""
    found = entry_object(line, path) if len(data) == line.length else None
    entry = found if isinstance(found, dict) else {}
    ident = entry.get("id")
    if ident == parent:
        return entry
    if isinstance(ident, str) and (hash(ident) or 1) == (hash(parent) or 1):
        return None
    raise _Unfetchable(
        PRT022,
        line,
        f"{path} changed while it was read: line {line.number}, the entry "
        f"{parent!r} when the file was first read, now holds "
        f"{_what(data, line.length)}; no window is fetched (read it again once "
        "nothing writes it)",
    )


def _what(data: bytes, length: int) -> str:
    if len(data) < length:
        return f"{len(data)} of its {length} bytes (the file is shorter)"
    return "other bytes"


def _entry(line: Line, entry: dict[str, Any], position: Position) -> WindowEntry:
    message = entry.get("message")
    role = message.get("role") if isinstance(message, dict) else None
    parent = entry.get("parentId")
    return WindowEntry(
        line=line.number,
        id=entry["id"],
        parent_id=parent if isinstance(parent, str) else None,
        position=position,
        type=str(entry.get("type")),
        role=role if isinstance(role, str) else None,
        text=entry_text(entry),
        entry=entry,
    )


def _near(ident: str, wanted: str) -> bool:
    """Ids a person might have meant: the same but for case, or one the start of the
    other (a shortened id)."""
    folded, target = ident.casefold(), wanted.casefold()
    return folded == target or (
        bool(wanted) and (ident.startswith(wanted) or wanted.startswith(ident))
    )
