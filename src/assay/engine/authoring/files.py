"""Putting a record on disk whole, and never over a file that is there.

A new record is written to a temporary file in its folder, then linked to its name:
`link` fails when the name is taken, so a record written meanwhile (by a colleague's
`assay new`, an editor) is never replaced, and no reader sees half a record. An
edited record is written the same way and moved over the old one with `os.replace`,
once it is known to hold what was read.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from assay.errors import UsageError


def _temporary(folder: Path, name: str, data: bytes, mode: int | None = None) -> str:
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return temporary


def create(path: Path, data: bytes) -> None:
    """Write ``path``, which must not exist; raises ``FileExistsError`` when it does."""
    temporary = _temporary(path.parent, path.name, data)
    try:
        try:
            os.link(temporary, path)
        except FileExistsError:
            raise
        except OSError:
            # No hard links here (some network and FUSE file systems): O_EXCL still
            # refuses a name that is taken.
            with open(path, "xb") as stream:
                stream.write(data)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def replace(path: Path, data: bytes, expected: bytes) -> None:
    """Write ``data`` over ``path``, which must still hold ``expected``."""
    status = os.lstat(path)
    if not stat.S_ISREG(status.st_mode) or path.read_bytes() != expected:
        raise UsageError(f"{path.name} changed since assay read it")
    temporary = _temporary(path.parent, path.name, data, stat.S_IMODE(status.st_mode))
    try:
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
