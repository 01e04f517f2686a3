"""Putting a whole folder in place (a site, a bundle): the old one or the new, never neither.

A folder is built in a staging folder beside its destination (``staging``: same file
system, so renames are atomic), then swapped in (``swap_in``):

- On Linux, ``renameat2(RENAME_EXCHANGE)`` exchanges the two names in one step: there is
  no instant at which the destination is absent. The old content, now under the staging
  name, is removed afterwards.
- Elsewhere (macOS, other file systems: ``EINVAL``/``ENOSYS``), the documented fallback
  renames the old folder aside to ``.<name>.old-*``, the new one in, then removes the old.
  Between those two renames the destination is briefly absent; a kill there leaves the
  old folder aside, and ``recover`` renames it back.

A kill at any step (SIGKILL, power loss) leaves the destination holding the old content
or the new. ``recover``, run before the next build, removes what a kill left beside it:
a half-built or exchanged-out ``.<name>.new-*`` folder, and an ``.old-*`` folder once the
destination is back.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from assay.engine.files.writing import default_mode, make_parents

__all__ = ["exchange_supported", "recover", "staging", "swap_in"]

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _load_renameat2() -> Callable[..., int] | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        function = ctypes.CDLL(name, use_errno=True).renameat2
    except (OSError, AttributeError):  # not glibc ≥ 2.28, or not Linux
        return None
    function.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    function.restype = ctypes.c_int
    return function


_renameat2 = _load_renameat2()


def exchange_supported() -> bool:
    """Whether this platform has ``renameat2`` (whether a file system takes
    ``RENAME_EXCHANGE`` is known only when it is tried)."""
    return _renameat2 is not None


def staging(out: Path) -> Path:
    """A new empty folder beside ``out`` to build into, with ``mkdir``'s mode under the
    umask (``mkdtemp``'s ``0o700`` would make a published site unreadable to a server)."""
    make_parents(out)
    folder = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    os.chmod(folder, default_mode(executable=True))
    return folder


def swap_in(new: Path, out: Path) -> None:
    """Make the folder ``new`` the folder ``out`` (see the module); ``new`` is gone after.
    Raises ``OSError`` with ``out`` as it was when the swap cannot be made."""
    if not os.path.lexists(out):
        os.rename(new, out)
        return
    if _exchange(new, out):
        shutil.rmtree(new, ignore_errors=True)  # the old content, under the staging name
        return
    aside = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    os.rename(out, aside)  # onto the empty folder mkdtemp made: atomic on POSIX
    try:
        os.rename(new, out)
    except OSError:
        os.rename(aside, out)
        raise
    shutil.rmtree(aside, ignore_errors=True)


def recover(out: Path) -> None:
    """Tidy what a kill left beside ``out`` (see the module)."""
    parent = out.parent
    if not parent.is_dir():
        return
    olds = sorted(parent.glob(f".{out.name}.old-*"), key=lambda p: p.stat().st_mtime)
    for folder in sorted(parent.glob(f".{out.name}.new-*")) + olds:
        if folder.is_symlink() or not folder.is_dir():
            continue
        if folder.name.startswith(f".{out.name}.old-") and not os.path.lexists(out):
            os.rename(folder, out)  # the previous content, back where it was
        else:
            shutil.rmtree(folder, ignore_errors=True)


def _exchange(new: Path, out: Path) -> bool:
    if _renameat2 is None:
        return False
    result = _renameat2(_AT_FDCWD, os.fsencode(new), _AT_FDCWD, os.fsencode(out), _RENAME_EXCHANGE)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False  # this file system cannot exchange: the fallback
    raise OSError(code, os.strerror(code), str(out))
