"""``read_session``: one session file, opened read-only and safely, streamed into events.

The file is opened with ``opening.open_session`` — read-only, no symbolic link
anywhere on its path, a regular file inside the workspace (or, named explicitly,
anywhere) — and read one
chunk at a time: memory depends on the longest line and on the number of entry ids and
open calls (see ``ids``), never on the content of the session. A line that cannot be
read is a diagnostic in the stream, and the reading goes on with the next line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from assay.engine.files.opening import ContainedFile
from assay.engine.traces.reading.decode import blank, entry_object
from assay.engine.traces.reading.neutral import NeutralReader
from assay.engine.traces.reading.opening import open_session
from assay.engine.traces.reading.pi import PiReader
from assay.engine.traces.reading.problems import problem
from assay.engine.traces.reading.sniff import Format, format_of
from assay.engine.traces.reading.stream import MAX_LINE, Line, lines
from assay.errors import InputError
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.sessions import PRT004
from assay.spec.trace import Actor, TraceEvent


def read_session(
    root: Path | str,
    path: str,
    *,
    actor: Actor = "main",
    line_limit: int = MAX_LINE,
    explicit: bool = False,
    on_format: Callable[[Format], None] | None = None,
) -> Iterator[TraceEvent | Diagnostic]:
    """The events of the session at ``path`` (workspace-relative POSIX) below ``root``,
    in file order, with a diagnostic for each line that cannot be read.

    ``actor`` is whose session a Pi file is (``main``, or ``participant`` for a
    historical session asked in a Discussion): Pi does not record it. ``line_limit``
    is the longest line read, in bytes (longer ones are PRT009). A neutral trace
    names the actor on every line. Raises ``SessionRefused`` at once when the path is
    refused, and ``InputError`` if the file cannot be read on the way; iterate the
    result to its end, or ``close()`` it, to close the file. ``explicit``: the user
    named ``path``, which may then be absolute, outside the workspace
    (``opening.open_session``: the same guarantees, from ``/``). ``on_format`` is
    told the file's format once its first entry says it.
    """
    opened = open_session(root, path, explicit=explicit)
    return _read(opened, actor, line_limit, on_format)


def _read(
    opened: ContainedFile, actor: Actor, limit: int, on_format: Callable[[Format], None] | None
) -> Iterator[TraceEvent | Diagnostic]:
    with opened:
        try:
            yield from read_lines(
                lines(opened.fileno(), limit=limit),
                opened.path,
                actor=actor,
                limit=limit,
                on_format=on_format,
            )
        except OSError as error:
            raise InputError(f"{opened.path}: cannot be read ({error.strerror})") from error


def read_lines(
    source: Iterable[Line],
    path: str,
    *,
    actor: Actor = "main",
    limit: int = MAX_LINE,
    on_format: Callable[[Format], None] | None = None,
) -> Iterator[TraceEvent | Diagnostic]:
    """The events of a session's lines (``path`` names it in the diagnostics)."""
    reader: PiReader | NeutralReader | None = None
    reported = False  # a line was not read: the file is not simply empty
    for line in source:
        if blank(line):
            continue
        entry = entry_object(line, path, limit)
        if isinstance(entry, Diagnostic):
            reported = True
            yield entry
            continue
        if reader is None:
            found = format_of(entry)
            if found is None:
                yield problem(
                    PRT004,
                    "neither a Pi session header (`type`) nor an assay "
                    "trace event (`kind`, `sequence`): not a session assay reads",
                    path,
                    line,
                )
                return
            if on_format is not None:
                on_format(found)
            if found == "pi":
                reader = PiReader(path, actor)
                yield from reader.header(entry, line)
                continue
            reader = NeutralReader(path)
        yield from reader.entry(entry, line)
    if reader is None and not reported:
        empty = Line(1, 0, b"", 0, False)
        yield problem(PRT004, "the session file holds no entry, not even a header", path, empty)


def split_session(
    found: Iterable[TraceEvent | Diagnostic],
) -> tuple[list[TraceEvent], list[Diagnostic]]:
    """The events and the diagnostics of a read, apart (both in file order)."""
    events: list[TraceEvent] = []
    problems: list[Diagnostic] = []
    for item in found:
        (problems if isinstance(item, Diagnostic) else events).append(item)  # type: ignore[arg-type]
    return events, problems
