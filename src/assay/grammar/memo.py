"""Memos bounded by what they hold, not only by how many entries.

A process that reads many documents (the soak campaign, a language server) keeps its
memos from one operation to the next.  ``functools.lru_cache`` bounds the number of
entries, and one entry's key may be a whole 1 MB field value: 4096 of them would be
gigabytes, and even a few pin the allocator's arenas long after the document is gone
(the campaign's settled memory rose in ~20 MiB steps, one per such input).  Here an
argument longer than ``longest`` characters is computed each time and never kept, so
a memo holds at most ``maxsize * longest`` characters of keys.  Real values (a status,
a date, a heading, a file name, a pattern) are short; only generated input is long,
and it is rare enough that recomputing it costs nothing measurable.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, Protocol, TypeVar

R = TypeVar("R")

#: The default longest argument remembered, in characters.
LONGEST = 200


class Remembered(Protocol[R]):
    """A memoized one-string function: ``cache_info``/``cache_clear`` as with
    ``lru_cache``, and ``__wrapped__`` the function itself."""

    __wrapped__: Callable[[str], R]

    def __call__(self, text: str, /) -> R: ...  # noqa: D102 - the wrapped function's

    def cache_info(self) -> Any: ...  # noqa: D102 - lru_cache's own

    def cache_clear(self) -> None: ...  # noqa: D102 - lru_cache's own


def remember_short(
    maxsize: int = 4096, longest: int = LONGEST
) -> Callable[[Callable[[str], R]], Remembered[R]]:
    """Decorate a function of one string: results for arguments of at most ``longest``
    characters are remembered (``maxsize`` of them, least recently used first out)."""

    def decorate(function: Callable[[str], R]) -> Remembered[R]:
        cached = lru_cache(maxsize=maxsize)(function)

        @wraps(function)
        def remembered(text: str) -> R:
            return cached(text) if len(text) <= longest else function(text)

        remembered.cache_info = cached.cache_info  # type: ignore[attr-defined]
        remembered.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        return remembered  # type: ignore[return-value]

    return decorate
