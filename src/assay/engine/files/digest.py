"""The sha256 of a whole file and the exact bytes of one line range, in one pass over
one descriptor (seed 002: "Stream hashing while bounding retained text").

The file is read in 1 MiB chunks into one reused buffer; every chunk goes to sha256,
so the digest is of the raw bytes of the whole file, whatever range is kept. Memory is
the buffer plus what is kept — at most the caller's ``limit`` — whatever the file's
size: a range (or whole file) longer than ``limit`` is not kept at all, only measured
(``outcome == "too-large"``).

Lines: ``\\n``, ``\\r\\n`` and a lone ``\\r`` each end a line (the three conventions
text editors show as line breaks; counting ``\\n`` only would make a classic-Mac file one
line). A last line without an ending is a line; an empty file has none; a final line
ending does not start another. Line ``A..B`` (inclusive, one-based) is kept from the first
byte of line A to the last byte of line B's ending, so the bytes kept are the source's
bytes exactly: its endings, a missing final newline, a BOM (part of line 1), invalid
UTF-8 — nothing is decoded. A range that is not inside the file (``A`` < 1, ``B`` < ``A``,
or past the last line) is ``"out-of-bounds"`` with the file's line count, for PIN002's
"the file has 12 lines". Lines are counted only up to ``B``; after the range, or for a
whole file, the chunks are only hashed.

A ``\\r`` that ends a chunk is held back until the next chunk says whether a ``\\n``
follows it, so a ``\\r\\n`` split between two chunks is one ending.
"""

from __future__ import annotations

import hashlib
import os
import re
from typing import Literal

from attrs import frozen

from assay.engine.files.opening import ContainedFile
from assay.spec.model import Model

#: The chunk read (and hashed) at once: large enough for OpenSSL's SHA to run at full
#: speed, small enough to be nothing next to an interpreter.
CHUNK = 1 << 20
_ENDING = re.compile(rb"\r\n?|\n")

Outcome = Literal["kept", "too-large", "out-of-bounds"]


@frozen
class Digest(Model):
    """A file read through: its sha256 (hex) and size, and what the range gave.

    ``text``: the exact bytes of the range (of the whole file without one) when
    ``outcome`` is ``"kept"``; empty otherwise. ``range_size``: the range's length in
    bytes, kept or not (the whole size without a range; up to the file's end when
    out of bounds). ``line_count``: the file's lines when the range was out of bounds
    (counting reached the end), else None."""

    sha256: str
    size: int
    outcome: Outcome
    text: bytes
    range_size: int
    line_count: int | None = None


def digest(file: ContainedFile, lines: tuple[int, int] | None = None, limit: int = 0) -> Digest:
    """Hash ``file`` from its start and keep ``lines`` (None: the whole file), keeping at
    most ``limit`` bytes (0: hash only). The file stays open; the caller closes it."""
    fd = file.fileno()
    os.lseek(fd, 0, os.SEEK_SET)
    if lines is None:
        # A file already larger than the limit when opened is never kept: measured only,
        # so a refused unit costs no buffer at all (a file that grows is caught below).
        return _whole(fd, limit, keep=file.size <= limit)
    return _ranged(fd, _Range(lines, limit))


def _whole(fd: int, limit: int, *, keep: bool) -> Digest:
    hasher = hashlib.sha256()
    buffer = bytearray(CHUNK)
    view = memoryview(buffer)
    kept: bytearray | None = bytearray() if keep else None
    size = 0
    while count := os.readv(fd, [buffer]):
        chunk = view[:count]
        hasher.update(chunk)
        size += count
        if kept is not None:
            if size > limit:
                kept = None  # too large: keep nothing, measure on
            else:
                kept += chunk
    outcome: Outcome = "kept" if kept is not None else "too-large"
    return Digest(hasher.hexdigest(), size, outcome, bytes(kept or b""), size)


def _ranged(fd: int, keeping: _Range) -> Digest:
    hasher = hashlib.sha256()
    buffer = bytearray(CHUNK)
    view = memoryview(buffer)
    size = 0
    held = False  # the last chunk ended with a `\r`, not yet scanned
    last = 0  # the file's last byte
    while count := os.readv(fd, [buffer]):
        hasher.update(view[:count])
        size += count
        last = buffer[count - 1]
        if keeping.done:
            continue
        data: bytes | bytearray = buffer  # its first `count` bytes
        stop = count
        if held:  # rare: the held `\r` goes in front (one chunk copied)
            data, stop = b"\r" + view[:count], count + 1
        held = last == 0x0D
        keeping.scan(data, stop - held)
    if held and not keeping.done:
        keeping.scan(b"\r", 1)  # the file ends with it: a lone `\r` ending
    return keeping.result(hasher.hexdigest(), size, unended=size > 0 and last not in b"\r\n")


class _Range:
    """Where line ``first`` starts and line ``last`` ends, found chunk by chunk."""

    def __init__(self, lines: tuple[int, int], limit: int) -> None:
        first, last = lines
        self.valid = 1 <= first <= last
        self.first, self.last = (first, last) if self.valid else (1 << 62, 1 << 62)
        self.limit = limit
        self.ended = 0  # the line endings seen so far
        self.inside = False  # between line first's start and line last's end
        self.done = False
        self.kept: bytearray | None = bytearray()
        self.size = 0

    def scan(self, data: bytes | bytearray, stop: int) -> None:
        """Move through ``data[:stop]`` (which does not end in a held ``\\r``)."""
        position = 0
        while position < stop and not self.done:
            if not self.inside:
                position = self._past(data, position, stop, self.first - 1 - self.ended)
                self.inside = self.ended == self.first - 1 and position < stop
            else:
                end = self._past(data, position, stop, self.last - self.ended)
                self._keep(data, position, end)
                position = end
                self.done = self.ended == self.last

    def _past(self, data: bytes | bytearray, start: int, stop: int, endings: int) -> int:
        """Just after the ``endings``-th line ending from ``start``, or ``stop`` when
        fewer are there (all counted)."""
        if endings <= 0:
            return start
        returns = data.count(b"\r", start, stop)  # none in most files: no `\r\n` to count
        here = data.count(b"\n", start, stop) + returns
        if returns:
            here -= data.count(b"\r\n", start, stop)
        if here < endings:
            self.ended += here
            return stop
        for seen, ending in enumerate(_ENDING.finditer(data, start, stop), start=1):
            if seen == endings:
                self.ended += endings
                return ending.end()
        raise AssertionError("counted endings not found")  # pragma: no cover

    def _keep(self, data: bytes | bytearray, start: int, end: int) -> None:
        self.size += end - start
        if self.kept is not None:
            if self.size > self.limit:
                self.kept = None  # too large: keep nothing more, measure on
            else:
                self.kept += data[start:end]

    def result(self, sha256: str, size: int, *, unended: bool) -> Digest:
        if self.inside and not self.done and unended and self.ended + 1 == self.last:
            self.done = True  # the range ends with the file's last, unended line
        if not self.done:
            count = self.ended + unended
            return Digest(sha256, size, "out-of-bounds", b"", self.size, count)
        if self.kept is None:
            return Digest(sha256, size, "too-large", b"", self.size)
        return Digest(sha256, size, "kept", bytes(self.kept), self.size)
