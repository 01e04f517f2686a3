"""Telling what assay made from what it did not, by a file's own bytes.

A write may replace only what assay can prove it made (DESIGN §6). A site carries a
marker; a report, a review, a manifest or a summary is known by its own shape: the
first bytes of a JSON report, the summary line that ends a text report. These helpers
read a little of a file, never through a link, never more than they look at; each
writer says what its output looks like with them.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

__all__ = ["ends_like", "head", "starts_like", "tail"]

#: How much of a file is read to recognise it: every shape is known by its first or
#: last lines.
_LOOK = 8192


def head(path: Path, size: int = _LOOK) -> bytes | None:
    """The first ``size`` bytes of the regular file ``path``; None when it is not one
    (a link, a folder) or cannot be read."""
    return _read(path, size, from_end=False)


def tail(path: Path, size: int = _LOOK) -> bytes | None:
    """The last ``size`` bytes of the regular file ``path``, as ``head``."""
    return _read(path, size, from_end=True)


def starts_like(path: Path, pattern: re.Pattern[bytes]) -> bool:
    """Whether ``pattern`` matches at the start of ``path``'s first bytes."""
    found = head(path)
    return found is not None and pattern.match(found) is not None


def ends_like(path: Path, pattern: re.Pattern[bytes]) -> bool:
    """Whether ``pattern`` matches ``path``'s last non-blank line."""
    found = tail(path)
    if found is None:
        return False
    lines = found.rstrip().rsplit(b"\n", 1)
    return pattern.fullmatch(lines[-1].rstrip(b"\r")) is not None


def _read(path: Path, size: int, *, from_end: bool) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            return None
        if from_end and status.st_size > size:
            os.lseek(fd, status.st_size - size, os.SEEK_SET)
        return os.read(fd, size)
    except OSError:
        return None
    finally:
        os.close(fd)
