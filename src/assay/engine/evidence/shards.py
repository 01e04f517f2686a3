"""``--shard I/N``: which tasks one shard runs. A task belongs to the shard its name's
digest falls in, so the slices are disjoint, cover every task, and a task keeps its
shard when others are added or removed (a CI matrix can be resized freely)."""

from __future__ import annotations

import hashlib

from assay.errors import UsageError


def parse_shard(text: str) -> tuple[int, int]:
    """``"2/4"`` -> ``(2, 4)``: I from 1 to N; anything else is a ``UsageError``."""
    index, slash, count = text.partition("/")
    numbers = (index, count)
    if not slash or not all(n.isascii() and n.isdigit() and len(n) <= 6 for n in numbers):
        raise UsageError(f"--shard {text!r}: expected I/N, e.g. 1/4")
    i, n = int(index), int(count)
    if not 1 <= i <= n:
        raise UsageError(f"--shard {text!r}: I must be from 1 to N (got {i} of {n})")
    return i, n


def in_shard(task: str, shard: tuple[int, int] | None) -> bool:
    """Whether shard ``(I, N)`` runs ``task``; every task without a shard."""
    if shard is None:
        return True
    index, count = shard
    digest = hashlib.sha256(task.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") % count == index - 1
