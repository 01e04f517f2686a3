"""Places in a document's text, for the checks that read a section's own characters.

Spans hold byte offsets into the file as stored; the checks that look at a section's
raw text (``form``) or point into it (``sentences``) need character offsets into the
decoded text, and spans back.  Both go through the parser's ``Locator``, by line and
column, so a BOM and non-ASCII text place correctly.
"""

from __future__ import annotations

from attrs import frozen

from assay.grammar.locate import Locator
from assay.spec.model import Model
from assay.spec.source import Span


@frozen
class Body(Model):
    """The characters of a span: ``raw`` starts at character ``start`` of the text."""

    raw: str
    start: int


class Places:
    """Character offsets and spans of one decoded text (``DocumentContext.text``)."""

    def __init__(self, text: str, *, bom: bool) -> None:
        self._locator = Locator(text, prefix=3 if bom else 0)
        self._text = text

    def offset(self, line: int, column: int) -> int:
        """The character offset of a 1-based line and column."""
        starts = self._locator.line_starts
        index = min(max(line - 1, 0), len(starts) - 1)
        return min(starts[index] + max(column - 1, 0), len(self._text))

    def body(self, span: Span) -> Body:
        """The text a span covers."""
        start = self.offset(span.line, span.column)
        end = max(start, self.offset(span.end_line, span.end_column))
        return Body(self._text[start:end], start)

    def span(self, start: int, end: int) -> Span:
        """The span of characters ``start`` to ``end`` of the text."""
        return self._locator.span(start, end)
