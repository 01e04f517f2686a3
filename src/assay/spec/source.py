"""Where a piece of a model came from in its source file."""

from __future__ import annotations

from attrs import frozen


@frozen
class Span:
    """A region of a source file.

    ``start``/``end`` are byte offsets into the file as stored (a BOM included), so
    ``raw[start:end]`` is exactly the region.  Lines and columns are 1-based; columns
    count Unicode code points, as editors and SARIF do.  ``end``, ``end_line`` and
    ``end_column`` are exclusive: they point just past the last character.
    """

    start: int
    end: int
    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, offset: int, line: int, column: int) -> Span:
        """An empty span at one position, for findings about something absent."""
        return cls(offset, offset, line, column, line, column)
