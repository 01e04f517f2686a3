"""Turn character offsets in decoded text into byte-exact spans."""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate, pairwise

from assay.spec.source import Span


class Locator:
    """Maps offsets in a decoded text back to its source bytes, lines and columns.

    The text is what follows any BOM; ``prefix`` is the BOM's length in bytes.  For
    ASCII text a character offset is a byte offset, so the per-line byte table is only
    built for text that needs it.
    """

    __slots__ = ("_ascii", "_checkpoints", "_last", "_line_bytes", "_starts", "prefix", "text")

    def __init__(self, text: str, *, prefix: int = 0) -> None:
        self.text = text
        self.prefix = prefix
        self._starts = _line_starts(text)
        self._ascii = text.isascii()
        self._line_bytes: list[int] | None = None
        # Line index -> bytes before each checkpoint, for the long non-ASCII lines.
        self._checkpoints: dict[int, list[int]] = {}
        # The last (line index, offset, byte) placed on a long line: the next element
        # is usually a little further on, and is counted from there.
        self._last = (-1, 0, 0)

    @property
    def line_starts(self) -> list[int]:
        """Character offset at which each line starts."""
        return self._starts

    def byte_offset(self, offset: int) -> int:
        """The byte offset in the source file of a character offset in the text."""
        if self._ascii:
            return offset + self.prefix
        index = bisect_right(self._starts, offset) - 1
        return self._byte_at(offset, index)

    def _byte_at(self, offset: int, index: int) -> int:
        """The byte offset of a character offset on line ``index`` (non-ASCII text).

        A line's bytes are counted from its start up to ``offset``; on a line longer
        than ``_STRIDE`` characters, from the nearest checkpoint before ``offset``
        instead (the bytes every ``_STRIDE`` characters, counted once for the line
        when it is first asked about) or from the offset placed last, when that is
        nearer, so an element's cost does not grow with its column: 20,000 links on
        one line of accented text were counted again from the line's start, each.
        """
        table = self._line_bytes
        if table is None:
            table = [self.prefix]
            text = self.text
            for a, b in pairwise(self._starts):
                table.append(table[-1] + _encoded_length(text, a, b))
            self._line_bytes = table
        start = self._starts[index]
        if offset - start <= _STRIDE:
            return table[index] + _encoded_length(self.text, start, offset)
        checkpoints = self._checkpoints.get(index)
        if checkpoints is None:
            checkpoints = self._checkpoints[index] = self._line_checkpoints(index)
        step = min((offset - start) // _STRIDE, len(checkpoints) - 1)
        at, before = start + step * _STRIDE, table[index] + checkpoints[step]
        line, last, last_byte = self._last
        if line == index and at <= last <= offset:  # elements come mostly in order
            at, before = last, last_byte
        found = before + _encoded_length(self.text, at, offset)
        self._last = (index, offset, found)
        return found

    def _line_checkpoints(self, index: int) -> list[int]:
        """The bytes of line ``index`` (with its ending) before every ``_STRIDE``-th
        character of it."""
        start = self._starts[index]
        end = self._starts[index + 1] if index + 1 < len(self._starts) else len(self.text)
        text = self.text
        chunks = (
            _encoded_length(text, a, min(a + _STRIDE, end)) for a in range(start, end, _STRIDE)
        )
        return list(accumulate(chunks, initial=0))

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset; columns count code points."""
        index = bisect_right(self._starts, offset) - 1
        return index + 1, offset - self._starts[index] + 1

    def span(self, start: int, end: int) -> Span:
        """The span of ``text[start:end]``."""
        starts = self._starts
        index = bisect_right(starts, start) - 1
        end_index = index if end == start else bisect_right(starts, end, index) - 1
        return self.span_on(start, end, index, end_index)

    def span_on(self, start: int, end: int, index: int, end_index: int) -> Span:
        """The span of ``text[start:end]`` when the lines are known: ``start`` is on
        line ``index``, ``end`` on line ``end_index`` (0-based; an end at the very
        start of a line is on that line).

        Called for every element of every document: the reader knows the lines, and
        for ASCII text characters are bytes, so nothing is searched or encoded.
        """
        starts = self._starts
        if self._ascii:
            prefix = self.prefix
            return Span(
                start + prefix,
                end + prefix,
                index + 1,
                start - starts[index] + 1,
                end_index + 1,
                end - starts[end_index] + 1,
            )
        return Span(
            self._byte_at(start, index),
            self._byte_at(end, end_index),
            index + 1,
            start - starts[index] + 1,
            end_index + 1,
            end - starts[end_index] + 1,
        )

    def line_span(self, index: int) -> Span:
        """The span of line ``index`` (0-based), without its line ending."""
        start = self._starts[index]
        end = self._starts[index + 1] if index + 1 < len(self._starts) else len(self.text)
        text = self.text
        while end > start and text[end - 1] in "\r\n":
            end -= 1
        return self.span(start, end)


#: How many characters apart a long line's checkpoints are: at most this many are
#: encoded to place an element on it.
_STRIDE = 256


def _encoded_length(text: str, start: int, end: int) -> int:
    """How many UTF-8 bytes ``text[start:end]`` takes in the source (lone surrogates,
    from undecodable bytes, as three each)."""
    return len(text[start:end].encode("utf-8", "surrogatepass"))


#: A line's length with its ending, as a C-level function (no Python frame per line).
_plus_one = (1).__add__


def _line_starts(text: str) -> list[int]:
    """Where each line starts; lines end at \\n, \\r\\n or a lone \\r, as in CommonMark."""
    if "\r" not in text:
        # One pass in C for the usual case.
        starts = list(accumulate(map(_plus_one, map(len, text.split("\n"))), initial=0))
        starts.pop()
        return starts
    starts = [0]
    find = text.find
    pos = 0
    n = len(text)
    while True:
        i = find("\n", pos)
        j = find("\r", pos, i if i >= 0 else n)
        if j >= 0:
            pos = j + 2 if j + 1 < n and text[j + 1] == "\n" else j + 1
            starts.append(pos)
            continue
        if i < 0:
            return starts
        pos = i + 1
        starts.append(pos)
