"""What a live workspace keeps from one check to the next, and nothing else does.

A language server checks one record at every keystroke against the same check
summary and discovery: unpickling the summary's 10,000 rows and splitting them again
each time was two thirds of an edit's check, so ``check_summary`` remembers both.
Those memos belong to the ``LiveWorkspace`` that makes the checks, for as long as it
lives. A command, an API call or a campaign of 100,000 fuzzed inputs keeps nothing:
a module-level slot held the last workspace's summary and discovery after every
check, and, filled at the end of a check over a large input, pinned the allocator's
arenas the input had used (the soak's settled memory rose a step at such inputs).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any


class Recall:
    """The memos of one live workspace (``check_summary`` fills and reads them)."""

    __slots__ = ("split", "summary")

    def __init__(self) -> None:
        """Nothing remembered yet."""
        self.summary: Any = None
        self.split: Any = None


_current: ContextVar[Recall | None] = ContextVar("assay_recall", default=None)


@contextmanager
def recalling(recall: Recall) -> Iterator[None]:
    """Within the block, checks remember into (and from) ``recall``."""
    token = _current.set(recall)
    try:
        yield
    finally:
        _current.reset(token)


def current() -> Recall | None:
    """The live workspace's memos, or None outside a live workspace's check."""
    return _current.get()
