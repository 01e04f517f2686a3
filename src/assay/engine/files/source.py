"""A pinned (or bundled) source read through, from declared path to digest and range.

The order gives the most telling reason first: the path's text (PTH001), then the
walk (PTH002 for a link, PTH003 for anything but a regular file), then tracking
(PTH004): ``link/x`` under a tracked symbolic link ``link`` is a linked component, not
an untracked file, though git cannot track ``link/x``. An untracked file below the root
is opened before tracking refuses it; nothing outside the root ever is.
"""

from __future__ import annotations

from pathlib import Path

from assay.engine.files.digest import Digest, digest
from assay.engine.files.opening import open_contained
from assay.engine.files.refusal import Refused
from assay.engine.files.tracking import Tracking


def read_source(
    root: Path | str,
    path: str,
    tracking: Tracking,
    lines: tuple[int, int] | None = None,
    limit: int = 0,
) -> Digest | Refused:
    """The digest of ``path`` below ``root`` and its ``lines`` (inclusive, one-based;
    None: the whole file), keeping at most ``limit`` bytes; or why it was refused.
    The file is closed before this returns."""
    opened = open_contained(root, path)
    if isinstance(opened, Refused):
        return opened
    with opened:
        refusal = tracking.refusal(path)
        if refusal is not None:
            return refusal
        return digest(opened, lines, limit)
