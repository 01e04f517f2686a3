"""Opening a session file: inside the workspace, or — named explicitly — outside it.

Pi keeps its sessions under the user's home (``~/.pi/agent/sessions/``), outside any
project, so a session the user names on the command line may lie outside the
workspace. It is opened with every guarantee a workspace file has, from ``/`` instead
of the workspace root: ``open_contained`` walks each component with ``O_NOFOLLOW``, so
a symbolic link anywhere on the path is refused (PTH002; the message names the path it
resolves to, for the user to name that one if it is meant), and ``fstat`` of the
descriptor read decides that it is a regular file (PTH003); it is opened read-only and
streamed with the readers' bound on a line's length. Only an explicit name may leave
the workspace: whatever assay finds by itself (walking the workspace) stays contained,
and a relative path with ``..`` out of the workspace is still PTH001 unless the caller
made it absolute on purpose.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from assay.engine.files.opening import ContainedFile, open_contained
from assay.engine.files.refusal import Refused
from assay.errors import InputError


class SessionRefused(InputError):
    """The session path names nothing assay will open (PTH001 to PTH003)."""

    def __init__(self, refusal: Refused) -> None:
        super().__init__(f"{refusal.code} {refusal.name}: {refusal.message}")
        self.refusal = refusal


def open_session(root: Path | str, path: str, *, explicit: bool = False) -> ContainedFile:
    """The session at ``path``: workspace-relative below ``root``, or, when ``explicit``
    (the user named it), an absolute path anywhere. Raises ``SessionRefused``."""
    opened = _outside(path) if explicit and path.startswith("/") else open_contained(root, path)
    if isinstance(opened, Refused):
        raise SessionRefused(opened)
    return opened


def _outside(path: str) -> ContainedFile | Refused:
    relative = path.lstrip("/")
    opened = open_contained("/", relative)
    if isinstance(opened, ContainedFile):
        opened.path = "/" + opened.path  # the report names it as the user did
        return opened
    # The walk from `/` names components relative to it: put the `/` back.
    first = relative.split("/", 1)[0]
    message = opened.message.replace(f"`{first}", f"`/{first}")
    if opened.code == "PTH002":
        resolved = os.path.realpath(path)
        if resolved != path:
            message += f" (it resolves to `{resolved}`: name that path if it is the one meant)"
    return Refused(opened.rule, message)


def session_source(root: Path, *, limit: int) -> Callable[[str], str | None]:
    """A ``source(path)`` for the report's excerpts of the session the user named: its
    text, opened as it was checked, or None when refused, unreadable or over ``limit``
    bytes (a caret line is not worth reading a gigabyte of transcript again)."""

    def source(path: str) -> str | None:
        try:
            opened = open_session(root, path, explicit=True)
        except SessionRefused:
            return None
        with opened:
            if opened.size > limit:
                return None
            try:
                with os.fdopen(os.dup(opened.fileno()), "rb") as stream:
                    data = stream.read(limit + 1)
            except OSError:
                return None
        return data.decode("utf-8", "replace")

    return source
