"""Noticing that a workspace changed, by polling the stamps of its files.

A stamp is a file's modification time (nanoseconds) and size, read without following
links. Polling the whole workspace costs a directory walk (tens of milliseconds for
ten thousand records), needs no dependency, and sees what a file-event library can
miss: a file changed through a link, a folder replaced by ``git checkout``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

__all__ = ["Stamps", "stamps"]

#: Each file's path and its (mtime in ns, size in bytes).
Stamps = Mapping[str, tuple[int, int]]


def stamps(root: Path, *also: Path) -> Stamps:
    """The stamps of every file below ``root`` and of the files ``also`` names (a
    config file outside the workspace).

    Hidden folders (``.git``, ``.venv``, caches) are not walked: what they hold is not
    published, and ``.git`` changes on every commit.
    """
    found: dict[str, tuple[int, int]] = {}
    for folder, folders, files in os.walk(root, onerror=_ignore):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in files:
            _add(found, Path(folder) / name)
    for path in also:
        _add(found, path)
    return found


def _add(found: dict[str, tuple[int, int]], path: Path) -> None:
    try:
        status = path.lstat()
    except OSError:  # removed between the listing and the look: the next poll sees it
        return
    found[str(path)] = (status.st_mtime_ns, status.st_size)


def _ignore(_: OSError) -> None:
    """An unreadable folder is skipped; the build reports what it cannot read."""
