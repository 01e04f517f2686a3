"""The JSON shape ``assay trace fetch --format json`` prints (``assay schema window``).

A window is read-only transcript context around one exact turn of a Pi session: the
turn, the entries before it along its ``parentId`` chain (oldest first) and the ones
after it that continue from it. Each entry is given as persisted (``entry``) and as
one line of text for a reader in a hurry (``text``).
"""

from __future__ import annotations

from typing import Any, Literal

from attrs import frozen

from assay.spec.model import Model

WINDOW_VERSION = 1

Position = Literal["before", "turn", "after"]


@frozen(kw_only=True)
class WindowEntry(Model):
    """One entry of the window."""

    line: int  #: its 1-based line in the session file
    id: str
    parent_id: str | None
    position: Position  #: before the turn, the turn itself, or after it
    type: str  #: the entry's ``type`` (``message``, ``compaction``, …)
    role: str | None  #: a message's ``role``; null for other entries
    text: str  #: what it says, in one line (text items, tool calls and results)
    entry: dict[str, Any]  #: the entry exactly as the session file holds it


@frozen(kw_only=True)
class Window(Model):
    """The smallest useful window around ``turn``: up to ``window`` entries each side."""

    version: int
    session: str  #: the session file, workspace-relative POSIX
    turn: str  #: the exact turn id asked for
    window: int  #: how many entries were asked for on each side
    entries: tuple[WindowEntry, ...]  #: in conversation order
