"""The ``source`` every formatter takes: a reported file's text, for its excerpts.

One reader for every command that prints diagnostics. A file is opened as every
document is (``api.files.read_text``: no link, nothing but a regular file below the
root), so a PTH002 link to ``/etc/passwd`` shows no excerpt: its target is never
opened, let alone read into memory or quoted in a log. A file that cannot be read that way gets
no excerpt; the diagnostic is still reported.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

__all__ = ["source_reader"]


def source_reader(root: Path, *, limit: int | None = None) -> Callable[[str], str | None]:
    """A ``source(path)`` for the formatters: the text of ``path`` (relative to
    ``root``), or None when it is refused, unreadable, or larger than ``limit`` bytes
    (a caret line is not worth reading a gigabyte of transcript again)."""
    from assay.api.files import read_text

    def source(path: str) -> str | None:
        return read_text(root, path, limit=limit)

    return source
