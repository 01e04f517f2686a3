"""``--shard I/N``: which tasks one shard runs. The benchmark's task names are sorted,
and the task at (zero-based) index k of that list belongs to shard ``k mod N + 1``:
the slices are disjoint, cover every task, and are even (each holds ⌊T/N⌋ or ⌈T/N⌉
of the T tasks), for any names. Sorted names, not the declaration order, so the
slicing does not move when the tasks are reordered in the spec. (A digest of the
name kept a task in its shard when others were added, but dealt 6 tasks into 2
shards as 0 and 6.) Every shard of a run must see the same task list: the shards of
one CI matrix prepare from the same commit.
"""

from __future__ import annotations

from collections.abc import Iterable

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


def shard_tasks(tasks: Iterable[str], shard: tuple[int, int] | None) -> frozenset[str]:
    """The names of ``tasks`` that shard ``(I, N)`` runs; all of them without a shard."""
    names = sorted(set(tasks))
    if shard is None:
        return frozenset(names)
    index, count = shard
    return frozenset(name for k, name in enumerate(names) if k % count == index - 1)
