"""The Python API of recorded sessions: checked against a protocol, windows fetched.

::

    from assay.api import traces

    for d in traces.check_session(".", "sessions/review.jsonl"):   # `consultation`
        print(d.span.line, d.code, d.message)
    window = traces.fetch_window(".", "sessions/review.jsonl", "a1b2c3", 2)
    for entry in window.entries:                 # a Window, or a PRT020/PRT021 refusal
        print(entry.line, entry.position, entry.role, entry.text)

A session is named by its path inside the workspace ``root`` (POSIX, relative) and
opened as every session is (read-only, no symbolic link on its way); a path refused
raises ``SessionRefused``, a file that cannot be read ``InputError``. Nothing here
writes or prints. ``load_protocol`` is the protocol as ``assay trace check`` finds it
(the workspace's specs, else the built-in library); a spec error raises ``SpecError``
with its diagnostics, an unknown name ``UsageError``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from assay.api import SpecError, StrPath

if TYPE_CHECKING:
    from assay.engine.workspace.config import Config
    from assay.spec.diagnostics import Diagnostic
    from assay.spec.protocol import ProtocolDecl
    from assay.spec.trace import Actor, TraceEvent
    from assay.spec.trace_window import Window

__all__ = ["check_events", "check_session", "fetch_window", "load_protocol", "session_source"]


def load_protocol(name: str = "consultation", config: Config | None = None) -> ProtocolDecl:
    """The protocol ``name``: declared by the specs ``config`` lists (default: the
    nearest config from the current folder), else built in. The specs are read and
    checked first: any error in them raises ``SpecError`` (nothing is checked against
    half a protocol)."""
    from assay.engine.traces.protocols import protocol_in_workspace
    from assay.engine.workspace.config import load_config

    found = protocol_in_workspace(name, config if config is not None else load_config(Path.cwd()))
    if found.value is None:
        raise SpecError(found.diagnostics)
    return found.value


def check_events(
    events: Iterable[TraceEvent],
    protocol: str | ProtocolDecl = "consultation",
    *,
    path: str = "<session>",
) -> tuple[Diagnostic, ...]:
    """Every way ``events`` (already read, or made by hand) break ``protocol``: a
    built-in protocol's name, or one ``load_protocol`` found; located in ``path``."""
    from assay.engine.traces.check import check_trace
    from assay.engine.traces.protocols import protocol_named

    decl = protocol_named(protocol) if isinstance(protocol, str) else protocol
    return tuple(check_trace(events, decl, path=path))


def check_session(
    root: StrPath,
    path: str,
    protocol: str | ProtocolDecl = "consultation",
    *,
    actor: Actor = "main",
    explicit: bool = False,
) -> tuple[Diagnostic, ...]:
    """Every way the session at ``path`` (below ``root``) breaks ``protocol`` (a name,
    found by ``load_protocol`` in the workspace at ``root``, or one already loaded),
    with a diagnostic for each line that cannot be read, in report order. ``actor``:
    whose session a Pi file is (``main``, or ``participant``), which Pi does not
    record. ``explicit``: the user named ``path`` themselves, so it may lie outside
    the workspace (Pi keeps sessions under the home folder); it is still read only,
    through no link, as a regular file."""
    from assay.engine.traces.session_check import check_session as _check_session

    if isinstance(protocol, str):
        from assay.engine.workspace.config import load_config

        protocol = load_protocol(protocol, load_config(Path(root)))
    return tuple(_check_session(Path(root), path, protocol, actor=actor, explicit=explicit))


def fetch_window(
    root: StrPath, path: str, turn: str, window: int, *, explicit: bool = False
) -> Window | Diagnostic:
    """The entries around the exact turn id ``turn`` in the Pi session at ``path``
    (below ``root``; anywhere when ``explicit``), ``window`` each side, read without
    touching the file; or the diagnostic refusing it: PRT020 (no such turn), PRT021 (a
    window too wide), PRT005 (the turn's id repeats), PRT022 (the file changed while
    it was read)."""
    from assay.engine.traces.fetch import fetch_window as _fetch_window

    return _fetch_window(Path(root), path, turn, window, explicit=explicit)


def session_source(root: StrPath, *, limit: int) -> Callable[[str], str | None]:
    """A ``source(path)`` for a report's excerpts of a session the user named: its
    text, opened as it was checked (read-only, no link, outside the workspace when
    named so), or None when refused, unreadable or over ``limit`` bytes."""
    from assay.engine.traces.reading.opening import session_source as _session_source

    return _session_source(Path(root), limit=limit)
