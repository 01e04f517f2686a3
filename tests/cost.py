"""Linear time, judged the way the house allows: by a ratio measured in one run.

A test never asserts a time limit (the machines are shared and noisy).  It measures
the same work on a small input and on one eight times the size, in the same run, and
asks the large one to cost at most 48 times as much: linear work costs about sixteen
times, quadratic work 256.  Cost is the CPU time of the measuring thread, not the
time on the clock: another process taking the core does not count against the work.
Each cost is the least of a few rounds, as the noise that remains (caches, frequency)
only ever adds time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: How many times larger the large input is than the small one.
GROWTH = 16
#: The most the large input may cost, as a multiple of the small one's cost.
BOUND = 3 * GROWTH


def cost(run: Callable[[], object], *, repeat: int = 10, rounds: int = 7) -> float:
    """The least CPU time, over ``rounds``, of calling ``run`` ``repeat`` times."""
    best = float("inf")
    for _ in range(rounds):
        start = time.thread_time()
        for _ in range(repeat):
            run()
        best = min(best, time.thread_time() - start)
    return best


def assert_linear(work: Callable[[int], Callable[[], object]], small: int, **kw: int) -> None:
    """``work(size)`` prepares an input of ``size`` and returns what to measure on it;
    the cost at ``GROWTH * small`` must stay within ``BOUND`` times the cost at ``small``."""
    small_cost = cost(work(small), **kw)
    large_cost = cost(work(GROWTH * small), **kw)
    assert large_cost < BOUND * small_cost, (small, small_cost, large_cost)
