"""The declared path, checked as text before anything is opened (PTH001).

A pinned path is relative and POSIX: ``/``-separated, below the workspace root. It is
refused when absolute (``/etc/passwd``), rooted in a drive (``C:/x``, ``C:x``), written
with a backslash (``\\\\server\\share``, ``a\\..\\x``: on Windows a separator, so a path
that stays inside on Linux could leave the root there), holding a NUL, empty, or when a
``..`` climbs above the root (``../x``, ``a/../../x``). ``.`` and empty components are
dropped and an inner ``..`` cancels the component before it, lexically: ``a/../x`` is
``x`` — the walk never follows ``a``, so what ``a`` is does not matter.
"""

from __future__ import annotations

import re

from assay.engine.files.refusal import Refused, escapes

_DRIVE = re.compile(r"[A-Za-z]:")


def contained_parts(path: str) -> tuple[str, ...] | Refused:
    """The components to walk from the root, normalized, or why the path is refused.

    >>> contained_parts("docs/./guide/../x.md")
    ('docs', 'x.md')
    >>> contained_parts("a/../../x").code
    'PTH001'
    """
    if not path:
        return escapes(path, "is empty")
    if "\0" in path:
        return escapes(path, "contains a NUL character")
    if path.startswith("/"):
        return escapes(path, "is absolute: pinned paths are relative to the workspace root")
    if _DRIVE.match(path):
        return escapes(path, "starts with a drive: pinned paths are relative POSIX paths")
    if "\\" in path:
        return escapes(path, "contains a backslash: pinned paths are `/`-separated POSIX paths")
    parts: list[str] = []
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part != "..":
            parts.append(part)
        elif parts:
            parts.pop()
        else:
            return escapes(path, "climbs out of the workspace root with `..`")
    if not parts:
        return escapes(path, "names the workspace root itself, not a file")
    return tuple(parts)
