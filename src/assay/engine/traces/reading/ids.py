"""The entry ids a session has used so far, in 16 bytes an id.

A Pi entry may name any earlier entry as its parent, so knowing whether a ``parentId``
exists (PRT006) or an ``id`` repeats (PRT005) needs every earlier id. A ``set`` of the
id strings costs about 100 bytes an entry — 100 MB for a million-entry session, the
only part of reading that would grow with its length. Kept instead: each id's 64-bit
hash in an open-addressing table at most half full (8 bytes a slot). Two different ids
share a hash with a probability of about n²/2⁶⁴ (one in ten million for a million ids):
the cost is a PRT005 that should not be, or a PRT006 that is missed.
"""

from __future__ import annotations

from array import array


class IdIndex:
    """A growing set of strings, kept as fingerprints (``add``, ``in``)."""

    __slots__ = ("_count", "_mask", "_slots")

    def __init__(self) -> None:
        self._slots = array("q", bytes(8 * 1024))
        self._mask = 1023
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def __contains__(self, key: str) -> bool:
        fingerprint = hash(key) or 1  # 0 marks an empty slot
        slots, mask = self._slots, self._mask
        at = fingerprint & mask
        while (found := slots[at]) != 0:
            if found == fingerprint:
                return True
            at = (at + 1) & mask
        return False

    def add(self, key: str) -> bool:
        """Add ``key``; whether it was new."""
        fingerprint = hash(key) or 1
        if not self._place(fingerprint):
            return False
        self._count += 1
        if self._count * 2 > len(self._slots):
            self._grow()
        return True

    def _place(self, fingerprint: int) -> bool:
        slots, mask = self._slots, self._mask
        at = fingerprint & mask
        while (found := slots[at]) != 0:
            if found == fingerprint:
                return False
            at = (at + 1) & mask
        slots[at] = fingerprint
        return True

    def _grow(self) -> None:
        old = self._slots
        self._slots = array("q", bytes(16 * len(old)))
        self._mask = len(self._slots) - 1
        for fingerprint in old:
            if fingerprint:
                self._place(fingerprint)


class IdTable:
    """Each id's first row number, kept as fingerprints (``put``, ``get``): 32 bytes an
    id. A fingerprint can match another id (the odds above): whoever reads the row
    must check that it holds the id asked for, as ``fetch`` does."""

    __slots__ = ("_count", "_keys", "_mask", "_rows")

    def __init__(self) -> None:
        self._keys = array("q", bytes(8 * 1024))
        self._rows = array("q", bytes(8 * 1024))
        self._mask = 1023
        self._count = 0

    def get(self, key: str) -> int | None:
        """The row ``key`` was put with, if any."""
        fingerprint = hash(key) or 1
        keys, mask = self._keys, self._mask
        at = fingerprint & mask
        while (found := keys[at]) != 0:
            if found == fingerprint:
                return self._rows[at]
            at = (at + 1) & mask
        return None

    def put(self, key: str, row: int) -> None:
        """Remember ``row`` for ``key`` unless ``key`` has one already."""
        if self._place(hash(key) or 1, row):
            self._count += 1
            if self._count * 2 > len(self._keys):
                self._grow()

    def _place(self, fingerprint: int, row: int) -> bool:
        keys, mask = self._keys, self._mask
        at = fingerprint & mask
        while (found := keys[at]) != 0:
            if found == fingerprint:
                return False
            at = (at + 1) & mask
        keys[at] = fingerprint
        self._rows[at] = row
        return True

    def _grow(self) -> None:
        keys, rows = self._keys, self._rows
        self._keys = array("q", bytes(16 * len(keys)))
        self._rows = array("q", bytes(16 * len(keys)))
        self._mask = len(self._keys) - 1
        for fingerprint, row in zip(keys, rows, strict=True):
            if fingerprint:
                self._place(fingerprint, row)
