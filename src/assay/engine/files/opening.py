"""Opening a file below a root without following any link: the walk (PTH002, PTH003).

The root is opened once; every folder of the path is opened from its parent's
descriptor with ``O_DIRECTORY | O_NOFOLLOW`` and the file with ``O_NOFOLLOW |
O_NONBLOCK``, then ``fstat`` of that descriptor decides whether it is a regular file.
The descriptor checked is the descriptor read: no name is looked up twice, so nothing
can be swapped in between (no check-then-open race). A link at any component makes the
open fail (``ELOOP`` for the file, ``ENOTDIR`` for a folder on Linux); only then is the
component looked at (``lstat``) to say what it was — that look decides the message,
never whether the file is read. ``O_NONBLOCK`` keeps the open of a FIFO from waiting
for a writer; the FIFO is then refused by ``fstat`` like a directory, a device or a
socket. Every descriptor of the walk is closed before ``open_contained`` returns; the
file's is closed by the ``ContainedFile`` (a context manager).

Platforms: Linux and macOS (``dir_fd``, ``O_NOFOLLOW`` and ``O_DIRECTORY`` are POSIX).
Where they are missing — Windows has no ``dir_fd`` — ``SUPPORTED`` is false and every
path is refused with PTH002, saying the platform cannot open a file without following
links: assay does not fall back to an open that could leave the root.
"""

from __future__ import annotations

import errno
import os
import stat
import warnings
from pathlib import Path
from types import TracebackType

from assay.engine.files.containment import contained_parts
from assay.engine.files.refusal import Refused, linked, not_regular, shown
from assay.spec.rules.sources import PTH002

#: Whether this platform can open without following links (not on Windows).
SUPPORTED = (
    os.open in os.supports_dir_fd
    and hasattr(os, "O_NOFOLLOW")
    and hasattr(os, "O_DIRECTORY")
    and hasattr(os, "O_NONBLOCK")
)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_ROOT = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _CLOEXEC
_FOLDER = _ROOT | getattr(os, "O_NOFOLLOW", 0)
#: ``O_NOCTTY``: a terminal device opened by mistake does not become the controlling one.
_FILE = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | _CLOEXEC
)


class ContainedFile:
    """An open regular file below the root: ``path`` (normalized, ``/``-separated),
    its descriptor and its size when opened. Close it (``with`` does)."""

    __slots__ = ("_fd", "path", "size")

    def __init__(self, path: str, fd: int, size: int) -> None:
        self.path = path
        self.size = size
        self._fd = fd

    def fileno(self) -> int:
        """The descriptor; valid until ``close``."""
        if self._fd < 0:
            raise ValueError(f"{self.path} is closed")
        return self._fd

    @property
    def closed(self) -> bool:
        """Whether ``close`` was called."""
        return self._fd < 0

    def close(self) -> None:
        """Close the descriptor (again: nothing)."""
        fd, self._fd = self._fd, -1
        if fd >= 0:
            os.close(fd)

    def __enter__(self) -> ContainedFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __del__(self) -> None:
        if self._fd >= 0:  # as io.FileIO does: say so, then close
            warnings.warn(f"unclosed contained file {self.path}", ResourceWarning, stacklevel=1)
            self.close()


def open_contained(root: Path | str, path: str) -> ContainedFile | Refused:
    """The regular file ``path`` names below ``root``, opened without following links,
    or why not (PTH001 for the path's text, PTH002 for a link, PTH003 for anything but
    a regular file, a missing one included)."""
    parts = contained_parts(path)
    if isinstance(parts, Refused):
        return parts
    if not SUPPORTED:
        return Refused(
            PTH002,
            f"path {shown(path)} cannot be opened safely here: this platform cannot open a "
            "file without following symbolic links (no `dir_fd`/`O_NOFOLLOW`)",
        )
    try:
        folder = os.open(root, _ROOT)
    except OSError as error:
        return not_regular(path, f"the workspace root cannot be opened ({error.strerror})")
    try:
        for depth, name in enumerate(parts[:-1], start=1):
            try:
                child = os.open(name, _FOLDER, dir_fd=folder)
            except OSError as error:
                return _refusal(path, parts[:depth], folder, error, folder_expected=True)
            os.close(folder)
            folder = child
        return _open_file(path, parts, folder)
    finally:
        os.close(folder)


def _open_file(path: str, parts: tuple[str, ...], folder: int) -> ContainedFile | Refused:
    try:
        fd = os.open(parts[-1], _FILE, dir_fd=folder)
    except OSError as error:
        return _refusal(path, parts, folder, error, folder_expected=False)
    try:
        status = os.fstat(fd)
        if stat.S_ISREG(status.st_mode):
            return ContainedFile("/".join(parts), fd, status.st_size)
    except BaseException:
        os.close(fd)
        raise
    os.close(fd)
    return not_regular(path, f"it is {_kind(status.st_mode)}")


def _refusal(
    path: str, walked: tuple[str, ...], folder: int, error: OSError, *, folder_expected: bool
) -> Refused:
    """Why opening the last of ``walked`` (in ``folder``) failed: a link, or else what
    the component is. Only the message depends on this second look, never whether
    the file is read: it was not opened."""
    subject = shown("/".join(walked)) if folder_expected else "it"
    try:
        mode: int | None = os.lstat(walked[-1], dir_fd=folder).st_mode
    except OSError:
        mode = None
    if mode is not None and stat.S_ISLNK(mode):
        return linked(path, "/".join(walked) if folder_expected else None)
    if error.errno == errno.ENOENT:
        return not_regular(path, f"{subject} does not exist")
    if mode is not None and folder_expected and not stat.S_ISDIR(mode):
        return not_regular(path, f"{subject} is {_kind(mode)}, not a folder")
    if mode is not None and not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
        return not_regular(path, f"it is {_kind(mode)}")  # a socket: ENXIO
    return not_regular(path, f"{subject} cannot be opened ({error.strerror})")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISREG(mode):
        return "a regular file"
    return "neither a file nor a folder"


def read_contained(root: Path | str, path: str) -> bytes | Refused:
    """The bytes of the regular file ``path`` below ``root``, read from the descriptor
    ``open_contained`` checked, or why it is refused: a file that was a regular file
    when listed and is a link when read is refused, never followed."""
    opened = open_contained(root, path)
    if isinstance(opened, Refused):
        return opened
    with opened:
        chunks = []
        fd = opened.fileno()
        while chunk := os.read(fd, max(opened.size + 1, 1 << 16)):
            chunks.append(chunk)
        return b"".join(chunks)
