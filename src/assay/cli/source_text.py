"""The ``source`` every formatter takes: a reported file's text, for its excerpts.

One reader for every command that prints diagnostics. A file is opened as every
document is (``open_contained``: no link, nothing but a regular file below the root),
so a PTH002 link to ``/etc/passwd`` shows no excerpt: its target is never opened, let
alone read into memory or quoted in a log. A file that cannot be read that way gets
no excerpt; the diagnostic is still reported.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from assay.engine.files.opening import open_contained
from assay.engine.files.refusal import Refused

__all__ = ["source_reader"]


def source_reader(root: Path, *, limit: int | None = None) -> Callable[[str], str | None]:
    """A ``source(path)`` for the formatters: the text of ``path`` (relative to
    ``root``), or None when it is refused, unreadable, or larger than ``limit`` bytes
    (a caret line is not worth reading a gigabyte of transcript again)."""

    def source(path: str) -> str | None:
        opened = open_contained(root, path)
        if isinstance(opened, Refused):
            return None
        with opened:
            if limit is not None and opened.size > limit:
                return None
            try:
                with os.fdopen(os.dup(opened.fileno()), "rb") as stream:
                    data = stream.read() if limit is None else stream.read(limit + 1)
            except OSError:
                return None
        return data.decode("utf-8", "replace")

    return source
