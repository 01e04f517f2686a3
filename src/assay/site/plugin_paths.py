"""Paths of the MkDocs plugin: where its pages go, and which of them enter the nav.

Kept apart from ``assay.site.plugin`` so they are pure functions of strings, tested
without MkDocs.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path, PurePosixPath

__all__ = ["folder_prefix", "nav_order", "nav_pages", "within"]


def folder_prefix(path: str) -> str | None:
    """``path`` as a URI prefix (``assay/``), or None when it is not a relative folder
    inside the site (absolute, ``..``, empty, a backslash or a drive)."""
    if not path or "\\" in path or ":" in path:
        return None
    pure = PurePosixPath(path)
    parts = [part for part in pure.parts if part != "."]
    if pure.is_absolute() or not parts or ".." in parts:
        return None
    return "/".join(parts) + "/"


def nav_pages(uris: Iterable[str], prefix: str) -> list[str]:
    """The generated pages an explicit nav lists: the index pages at most one folder
    below ``prefix`` (the home page first), so the nav stays small however many
    records the workspace has."""
    chosen = []
    for uri in uris:
        rest = uri[len(prefix) :].split("/")
        if rest[-1] == "index.md" and len(rest) <= 2:
            chosen.append(uri)
    return sorted(chosen, key=nav_order)


def nav_order(uri: str) -> tuple[int, str]:
    """The home page first, then the folders' index pages by name."""
    return (uri.count("/"), uri)


def within(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or lies below it (both absolute, not resolved)."""
    return path == folder or folder in path.parents
