"""Counting the pages MkDocs renders, for a progress bar the command line draws.

``PageCounter`` is an MkDocs plugin instance that ``build_site`` adds to the build's
own plugins (it is not an entry point: no ``mkdocs.yml`` names it). It learns the number
of pages when MkDocs has the files, and calls ``report(done, total)`` after each page is
rendered; what to draw, and whether to draw at all, is the caller's (only ``assay.cli``
writes to the terminal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mkdocs.config.base import Config
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files

__all__ = ["PageCounter", "Report"]

#: Called with (pages rendered, pages to render).
Report = Callable[[int, int], None]


class _NoOptions(Config):  # type: ignore[no-untyped-call]  # as for PageCounter
    """``PageCounter`` has no options (MkDocs wants a schema class all the same)."""


# MkDocs' __init_subclass__ is unannotated; strict mypy flags every plugin class.
class PageCounter(BasePlugin[_NoOptions]):  # type: ignore[no-untyped-call]
    """Reports each rendered page to ``report``."""

    def __init__(self, report: Report) -> None:
        super().__init__()
        self._report = report
        self._total = 0
        self._done = 0

    @event_priority(-100)  # after every other plugin's on_files: they may add pages
    def on_files(self, files: Files, **_: Any) -> Files:
        """Count the pages to build, once every other plugin has added its own."""
        self._total = len(files.documentation_pages())
        self._done = 0
        return files

    def on_post_page(self, output: str, **_: Any) -> str:
        """Count one more page built and report the progress."""
        self._done += 1
        self._report(self._done, self._total)
        return output
