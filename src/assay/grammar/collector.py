"""The cyclic garbage collector held off while a document is read.

Reading a large document makes hundreds of thousands of small objects (spans, models,
tokens) that all stay alive until it is read, and none of them in reference cycles.
Python's collector, at its default thresholds, walks the young ones every 700
allocations and the older ones every few thousand: half the CPU of reading a
document of 100,000 tiny blocks went to collections that freed nothing.  The
command line raises the thresholds for its whole run (``assay.cli.entry``); a library
caller (an editor's server, a test) keeps its own, so the reader holds the collector
off itself while it reads.  Reference counting still frees garbage at once; the few
cycles a read might leave are collected at the next collection after it.

Under the command line's thresholds the pause still saves the warm pre-commit run in
10,000 records 0.06 % of its instructions (2,070.6 M against 2,071.8 M under
callgrind), the budget with no room; a cold check and the hostile records of budget
5 run the same with it or without.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic collection inside; the collector as it was afterwards.

    Nests (only the outermost pause turns it back on), and never turns on a collector
    the caller had turned off.  Process-wide, as the collector is: a thread that reads
    while another does only delays collections.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
