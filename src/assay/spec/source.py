"""Where a piece of a model came from in its source file."""

from __future__ import annotations

from attrs import frozen

from assay.spec.model import Model


@frozen(init=False)
class Span(Model):
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

    def __init__(
        self, start: int, end: int, line: int, column: int, end_line: int, end_column: int
    ) -> None:
        # The reader makes about a hundred spans a document. Setting the slots through
        # their descriptors is a quarter quicker than attrs' frozen __init__, which
        # goes through object.__setattr__; the instance is as frozen either way.
        _set_start(self, start)
        _set_end(self, end)
        _set_line(self, line)
        _set_column(self, column)
        _set_end_line(self, end_line)
        _set_end_column(self, end_column)

    @classmethod
    def point(cls, offset: int, line: int, column: int) -> Span:
        """An empty span at one position, for findings about something absent."""
        return cls(offset, offset, line, column, line, column)


_set_start, _set_end, _set_line, _set_column, _set_end_line, _set_end_column = (
    Span.__dict__[name].__set__
    for name in ("start", "end", "line", "column", "end_line", "end_column")
)
