"""Text assembled from the lines of a block, mapped back to source offsets."""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from assay.grammar.markdown.scanstate import Segment


class Joined:
    """Segments joined with ``\\n``; maps offsets in ``text`` to source offsets."""

    __slots__ = ("_firsts", "segments", "text")

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = segments
        self.text = "\n".join(seg.text for seg in segments)
        firsts = []
        pos = 0
        for seg in segments:
            firsts.append(pos)
            pos += len(seg.text) + 1
        self._firsts = firsts

    def source(self, offset: int) -> int:
        """The source offset of ``text[offset]`` (or of the end of its line)."""
        index = bisect_right(self._firsts, offset) - 1
        seg = self.segments[index]
        within = offset - self._firsts[index]
        return seg.start + max(0, min(within, len(seg.text)) - seg.virtual)

    def end_source(self, offset: int) -> int:
        """The source offset just past ``text[offset - 1]``.

        When that is the ``\n`` joining two segments, the end of the first segment's
        text: the line ending itself (``\r\n`` included) is not in the span.
        """
        if offset <= 0:
            return self.source(0)
        index = bisect_right(self._firsts, offset - 1) - 1
        seg = self.segments[index]
        within = offset - self._firsts[index]
        return seg.start + max(0, min(within, len(seg.text)) - seg.virtual)
