"""A session file's bytes as numbered lines, read in chunks from one descriptor.

Memory is bounded by the chunk and the longest line kept: a line longer than
``MAX_LINE`` bytes is skipped as it streams by (its bytes are never gathered) and
reported as too long, so a file holding one endless line costs no more than one that
holds a million short ones. Lines end at ``\\n``; a ``\\r`` before it is left to the
JSON reader, which takes it for whitespace.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from attrs import frozen

from assay.spec.model import Model

#: The longest line kept, in bytes. Pi stores images base64-encoded in their entry, so
#: an entry of several megabytes is real; one of more than 32 MiB is not a transcript.
MAX_LINE = 32 * 1024 * 1024
CHUNK = 1024 * 1024


# Not slotted, as ``TraceEvent``: one is made for every line of a session, and a
# frozen class with a ``__dict__`` is built without ``object.__setattr__`` per field.
@frozen(slots=False)
class Line(Model):
    """One line of the file: its 1-based ``number``, the byte ``offset`` it starts at,
    its bytes without the ``\\n`` (``None`` when it was longer than the limit), its
    ``length`` in bytes, and whether a ``\\n`` ended it (the last line of a file cut
    short has none)."""

    number: int
    offset: int
    data: bytes | None
    length: int
    ended: bool


def lines(fd: int, *, limit: int = MAX_LINE, chunk: int = CHUNK) -> Iterator[Line]:
    """Every line of the file open at ``fd``, read from its current position."""
    number, start = 1, 0
    kept: list[bytes] = []  # the pieces of the line being read, while under the limit
    size = 0  # its length so far, kept or not
    while data := os.read(fd, chunk):
        pieces = data.split(b"\n")
        for piece in pieces[:-1]:
            size += len(piece)
            whole = None if size > limit else b"".join((*kept, piece)) if kept else piece
            yield Line(number, start, whole, size, True)
            number, start, size = number + 1, start + size + 1, 0
            kept = []
        tail = pieces[-1]
        size += len(tail)
        if size <= limit:
            kept.append(tail)
        else:
            kept = []
    if size:
        yield Line(number, start, b"".join(kept) if size <= limit else None, size, False)
