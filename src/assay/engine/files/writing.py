"""Writing one file whole: the only way assay puts a file on disk.

Every file is written to a temporary name in its own folder (same file system, so the
rename is atomic), flushed to disk, then renamed over its name: a reader sees the old
bytes or the new, never half of either, and a kill at any moment leaves at most a
``.<name>.*.tmp`` beside it. The new file gets the mode a plain ``open`` would give it
(``0o666`` less the umask) — ``mkstemp``'s ``0o600`` is for its own use only — or the
mode of the file it replaces, so an edit does not change who may read a record.

- ``write_file``: ``path`` gets ``data`` whatever was there (a report, a review, a pin).
- ``write_output``: ``write_file`` for an output, under the umask's mode, its folder made.
- ``create_file``: ``path`` must not exist; a name taken meanwhile (by a colleague's
  ``assay new``, an editor) is never replaced (``os.link`` fails on a taken name).
- ``replace_file``: ``path`` must still hold ``expected`` (an edit of what was read).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

from assay.errors import UsageError

__all__ = [
    "create_file",
    "create_from",
    "default_mode",
    "make_parents",
    "replace_file",
    "write_file",
    "write_output",
]


def default_mode(executable: bool = False) -> int:
    """The mode ``open`` (``0o666``) or ``mkdir`` (``0o777``) gives under the umask."""
    mask = os.umask(0o022)  # reading the umask means setting it; put it straight back
    os.umask(mask)
    return (0o777 if executable else 0o666) & ~mask


def write_file(path: Path | str, data: bytes, *, mode: int | None = None) -> None:
    """Write ``data`` as the file ``path``, replacing a regular file there atomically.

    ``mode`` defaults to the replaced file's mode, else the umask's. A folder or a link
    at ``path`` is refused (``UsageError``): a link would be replaced, not followed,
    and a folder is never a file's to replace.
    """
    target = Path(path)
    existing = _regular_or_absent(target)
    if mode is None:
        mode = stat.S_IMODE(existing.st_mode) if existing is not None else default_mode()
    temporary = _temporary(target, data, mode)
    try:
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_output(path: Path | str, data: bytes) -> None:
    """Write an output (a report, a review, a manifest, a summary) as ``path``, whole,
    under the umask's mode whatever it replaces, the missing folders on the way made:
    a destination the rule (``destination.claim``) allowed."""
    make_parents(Path(path))
    write_file(path, data, mode=default_mode())


def make_parents(path: Path) -> None:
    """Make the missing folders on the way to ``path``. A file where one of them must
    be is a ``NotADirectoryError`` naming it (the caller says it cannot write
    ``path``, as for any other ``OSError``), and nothing is made."""
    blocking = next((p for p in reversed(path.parents) if p.exists() and not p.is_dir()), None)
    if blocking is None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            return
        except FileExistsError:  # a file made there meanwhile
            blocking = path.parent
    raise NotADirectoryError(errno.ENOTDIR, f"{blocking} is a file, not a folder", str(path))


def create_file(path: Path | str, data: bytes) -> None:
    """Write ``path``, which must not exist; raises ``FileExistsError`` when it does."""
    target = Path(path)
    temporary = _temporary(target, data, default_mode())
    try:
        try:
            os.link(temporary, target)
        except FileExistsError:
            raise
        except OSError:
            # No hard links here (some network and FUSE file systems): O_EXCL still
            # refuses a name that is taken.
            with open(target, "xb") as stream:
                stream.write(data)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def create_from(built: Path | str, path: Path | str) -> None:
    """Give the finished file ``built`` (beside ``path``) the name ``path``, which must
    not exist (``FileExistsError`` when it does), under the umask's mode. For what is
    too large to hold in memory — a merged store — and is built in place instead;
    ``built`` keeps its own name too, for the caller to remove."""
    target = Path(path)
    os.chmod(built, default_mode())
    try:
        os.link(built, target)
    except FileExistsError:
        raise
    except OSError:  # no hard links here: an exclusive create, then a streamed copy
        import shutil

        with open(built, "rb") as source, open(target, "xb") as stream:
            shutil.copyfileobj(source, stream, 1 << 20)
            stream.flush()
            os.fsync(stream.fileno())


def replace_file(path: Path | str, data: bytes, expected: bytes) -> None:
    """Write ``data`` over ``path``, which must still hold ``expected``."""
    target = Path(path)
    status = os.lstat(target)
    if not stat.S_ISREG(status.st_mode) or target.read_bytes() != expected:
        raise UsageError(f"{target.name} changed since assay read it")
    write_file(target, data, mode=stat.S_IMODE(status.st_mode))


def _regular_or_absent(target: Path) -> os.stat_result | None:
    try:
        status = os.lstat(target)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(status.st_mode):
        raise UsageError(f"{target} is a symbolic link: assay does not write through links")
    if not stat.S_ISREG(status.st_mode):
        raise UsageError(f"{target} exists and is not a regular file; not replaced")
    return status


def _temporary(target: Path, data: bytes, mode: int) -> str:
    stream, temporary = _opened(target)
    try:
        with stream:
            stream.write(data)
            _sealed(stream, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return temporary


def _opened(target: Path) -> tuple[BinaryIO, str]:
    """A new temporary file beside ``target`` (same file system: the rename is atomic)."""
    import tempfile  # a check that writes only its cache need not pay for it at start

    folder = target.parent if str(target.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    return os.fdopen(handle, "wb"), temporary


def _sealed(stream: BinaryIO, mode: int) -> None:
    """Everything written to ``stream`` on disk, under ``mode``."""
    stream.flush()
    os.fchmod(stream.fileno(), mode)
    os.fsync(stream.fileno())
