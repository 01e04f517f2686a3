"""Work split between processes, for the per-document pass and the run pass alike.

A large workspace is read on every core: ``map_in_workers`` starts a pool of forked
processes, each given the work's function and its shared state once, when it starts
(``fork`` hands them over in memory: a workspace is never pickled), then maps the
chunks over them, results in order. The shared state lives in the worker alone; the
calling process keeps nothing, so two checks in one process never meet.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

Shared = TypeVar("Shared")
Chunk = TypeVar("Chunk")
Result = TypeVar("Result")

#: Below this many documents, starting processes costs more than it saves.
PARALLEL_FROM = 400

#: In a worker process only: the function and the state ``map_in_workers`` gave it.
_GIVEN: tuple[Callable[[Any, Any], Any], Any] | None = None


def workers(count: int, jobs: int | None) -> int:
    """How many processes share ``count`` documents (``jobs``: as asked; None: one per
    core for a large share, else one)."""
    if jobs is not None:
        # No more processes than documents: each would have nothing to do, and a pool
        # sized past a C int (``--jobs 99999999999``) cannot even be made.
        return max(1, min(jobs, count))
    if count < PARALLEL_FROM:
        return 1
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(os.cpu_count() or 1, 8)


def map_in_workers(
    function: Callable[[Shared, Chunk], Result],
    shared: Shared,
    chunks: Sequence[Chunk],
    processes: int,
) -> Iterator[Result]:
    """``function(shared, chunk)`` for each chunk, in ``processes`` forked workers, in
    the chunks' order. Raises ``BrokenProcessPool`` (or ``OSError``) when a worker dies:
    the caller does the work itself then."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(
        max_workers=processes,
        mp_context=context,
        initializer=_receive,
        initargs=(function, shared),
    ) as pool:
        yield from pool.map(_call, chunks)


def _receive(function: Callable[[Any, Any], Any], shared: Any) -> None:
    global _GIVEN
    _GIVEN = (function, shared)


def _call(chunk: Any) -> Any:
    assert _GIVEN is not None, "called outside a worker"
    function, shared = _GIVEN
    return function(shared, chunk)
