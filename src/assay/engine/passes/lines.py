"""Which of a document's lines are blank: all inline suppressions need of its lines.

A document's outcome keeps this (``document_checks.DocumentOutcome.lines``) in place of
its lines, for ``engine.runner.suppression`` to find the lines a directive covers.
"""

from __future__ import annotations

#: A blank line in a ``line_marks`` string; any other line is ``_TEXT``.
BLANK, _TEXT = " ", "x"


def line_marks(text: str) -> str:
    """One character a line of ``text`` (as ``str.splitlines`` splits it): whether it is
    blank. All the directives need of a document's lines — how many there are and
    which are blank (``disable-next-line`` skips them) — in one small string, where
    the lines themselves would hold the document's text to the end of the run."""
    return "".join(_TEXT if line.strip() else BLANK for line in text.splitlines())
