"""The progress bar of a site build, drawn on standard error with a carriage return.

Drawn on a terminal when the build has more than ``THRESHOLD`` pages (a small site is
built before a bar would be read), never in CI's logs unless ``--progress`` asks for
it, and never with ``--no-progress``. A ``\\r`` line needs no dependency.
"""

from __future__ import annotations

import sys
from typing import Literal, TextIO

__all__ = ["THRESHOLD", "ProgressBar", "ProgressMode"]

#: Builds of more pages than this show a bar on a terminal.
THRESHOLD = 200
ProgressMode = Literal["auto", "always", "never"]
_WIDTH = 30


class ProgressBar:
    """Called with (pages rendered, pages to render) after each page."""

    def __init__(self, mode: ProgressMode, stream: TextIO | None = None) -> None:
        self._stream = stream if stream is not None else sys.stderr
        self._mode = mode
        self._shown = -1  # the last percentage drawn
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        """Show that ``done`` of ``total`` are built (redrawn only when the percentage moves)."""
        if not self._draws(total):
            return
        percent = done * 100 // total
        # Redrawn when the percentage moves: a hundred lines for any size of site.
        if percent == self._shown:
            return
        self._shown = percent
        filled = done * _WIDTH // total
        bar = "#" * filled + "-" * (_WIDTH - filled)
        self._stream.write(f"\rbuilding pages [{bar}] {done}/{total}")
        self._stream.flush()
        self._drawn = True

    def close(self) -> None:
        """End the bar's line, so what follows starts on a line of its own."""
        if self._drawn:
            self._stream.write("\n")
            self._stream.flush()
            self._drawn = False

    def _draws(self, total: int) -> bool:
        if total <= 0 or self._mode == "never":
            return False
        if self._mode == "always":
            return True
        return total > THRESHOLD and _is_terminal(self._stream)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (ValueError, OSError):  # a closed stream
        return False
