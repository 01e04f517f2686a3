"""Memory as the campaign measures it: each input's own peak, and what stays after it.

The process's resident size alone cannot tell a leak from an allocator that keeps the
pages of one big input for the next: glibc rarely returns freed memory to the system,
so RSS climbs in steps to the largest peak seen and stays there.  So two figures:

- the **peak of one input**: Linux resets a process's high-water mark (``VmHWM``) when
  ``5`` is written to ``/proc/self/clear_refs``, so the mark read after an input is that
  input's peak;
- the **settled** size: RSS after a full collection and ``malloc_trim``, which hands
  the free pages back — what the process really keeps from input to input.

Where ``/proc`` is not there (not Linux) the functions say so with ``None``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import resource
from functools import cache


def rss_kib() -> int:
    """Resident memory now (Linux), else the peak so far."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        return max_rss_kib()


#: The highest mark read before a reset: Linux derives ``ru_maxrss`` from the same
#: high-water mark, so ``reset_peak`` resets it too and the process's peak is kept here.
_highest = {"kib": 0}


def max_rss_kib() -> int:
    """The process's peak since it started (KiB on Linux), across resets."""
    return max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, _highest["kib"])


def reset_peak() -> bool:
    """Start a new high-water mark; False where the system cannot."""
    _highest["kib"] = max_rss_kib()
    try:
        with open("/proc/self/clear_refs", "w") as clear:
            clear.write("5")
    except OSError:
        return False
    return True


def peak_kib() -> int | None:
    """The high-water mark since the last ``reset_peak`` (``VmHWM``), if known."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    peak = int(line.split()[1])
                    _highest["kib"] = max(_highest["kib"], peak)
                    return peak
    except (OSError, ValueError, IndexError):
        return None
    return None


def settled_kib() -> int:
    """RSS once garbage is collected and free pages are given back to the system."""
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
    return rss_kib()


@cache
def _malloc_trim() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        return ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):  # not glibc: musl and macOS have no malloc_trim
        return None
