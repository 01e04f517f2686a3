"""Talking to one child through its pipes, with a deadline that holds whatever its
descendants do.

``Popen.communicate`` reads until every holder of the pipes has closed them: a
grandchild that inherited stdout (and, with ``setsid``, escaped the kill of the
child's process group) would keep an attempt open for its whole life, however short
the timeout. So this loop writes the stdin and reads stdout and stderr itself, with a
selector: at the deadline (or on a cancellation) it kills the process group, drains
what the pipes still give for a short grace, and then stops reading, closing its own
ends. The direct child is reaped after that; it was killed with its group if it was
still running.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import subprocess
import threading
import time
from collections.abc import Callable

from attrs import frozen

from assay.engine.evidence.feed import Feed
from assay.engine.evidence.output import Capture, Output
from assay.spec.model import Model

#: Seconds the pipes are still read after the kill at the deadline: enough for what
#: the killed processes had written, short against any timeout.
GRACE = 1.0
#: The longest the loop sleeps before it looks at the deadline and the cancellation.
_TICK = 0.2
_CHUNK = 1 << 16


@frozen(kw_only=True)
class Exchanged(Model):
    """What the child said, how it ended, and whether the deadline stopped it."""

    stdout: Output
    stderr: Output
    exit_code: int | None
    timed_out: bool  #: the child itself was still running at the deadline
    held_open: bool  #: it had exited, but its output was still open at the deadline
    #: The stdin bytes the child read (``feed.Feed``); None: could not be measured.
    stdin_taken: int | None = None


def exchange(
    process: subprocess.Popen[bytes],
    stdin: bytes,
    *,
    timeout: float,
    keep: int,
    cancelled: threading.Event,
    kill: Callable[[], None],
) -> Exchanged:
    """Write ``stdin``, read both outputs (keeping ``keep`` bytes of each, hashing all),
    and end by ``timeout`` seconds plus ``GRACE``."""
    deadline = time.monotonic() + timeout
    selector = selectors.DefaultSelector()
    out, err = Capture(keep), Capture(keep)
    feed = _register(selector, process, stdin, out, err)
    timed_out, held_open, stop_at = False, False, None
    try:
        while selector.get_map():
            now = time.monotonic()
            if stop_at is None and (now >= deadline or cancelled.is_set()):
                timed_out = now >= deadline and process.poll() is None
                held_open = now >= deadline and not timed_out
                kill()  # the group: the child and what stayed in its group
                stop_at = now + GRACE
            if stop_at is not None and now >= stop_at:
                break  # what is left is held by a process outside the group
            until = stop_at if stop_at is not None else deadline
            for key, _ in selector.select(max(0.0, min(until - now, _TICK))):
                _serve(selector, key, process, feed)
    finally:  # what is still open is read no more: closed here
        _close_all(selector, process, feed)
    timed_out = _reap(process, deadline, kill) or timed_out
    return Exchanged(
        stdout=out.output(),
        stderr=err.output(),
        exit_code=process.returncode,
        timed_out=timed_out,
        held_open=held_open,
        stdin_taken=feed.taken(),  # after the reap: the child reads no more
    )


def _register(
    selector: selectors.BaseSelector,
    process: subprocess.Popen[bytes],
    stdin: bytes,
    out: Capture,
    err: Capture,
) -> Feed:
    """Watch the child's outputs for reading (each into its capture) and its stdin for
    writing when there is something to write; with nothing, the stdin is closed at once."""
    for stream, kept in ((process.stdout, out), (process.stderr, err)):
        if stream is not None:
            selector.register(stream, selectors.EVENT_READ, kept)
    feed = Feed(process.stdin, stdin)
    if process.stdin is not None:
        if stdin:
            os.set_blocking(process.stdin.fileno(), False)
            selector.register(process.stdin, selectors.EVENT_WRITE)
        else:
            feed.close()
    return feed


def _serve(
    selector: selectors.BaseSelector,
    key: selectors.SelectorKey,
    process: subprocess.Popen[bytes],
    feed: Feed,
) -> None:
    """Serve one ready pipe: write more of the stdin (closing it once all is taken), or
    read a chunk of an output into its capture (closing it at its end)."""
    if key.fileobj is process.stdin:
        if feed.write():
            selector.unregister(key.fileobj)
            feed.close()
        return
    chunk = os.read(key.fd, _CHUNK)
    if chunk:
        key.data.add(chunk)
    else:
        _close(selector, key.fileobj)


def _close_all(
    selector: selectors.BaseSelector, process: subprocess.Popen[bytes], feed: Feed
) -> None:
    """Stop watching every pipe still open and close it, the stdin through its feed
    (which counts what was taken before the pipe goes); then the selector."""
    for key in list(selector.get_map().values()):
        if key.fileobj is process.stdin:
            selector.unregister(key.fileobj)
            feed.close()  # counts what was taken before the pipe goes
        else:
            _close(selector, key.fileobj)
    selector.close()


def _close(selector: selectors.BaseSelector, stream: object) -> None:
    selector.unregister(stream)  # type: ignore[arg-type]
    with contextlib.suppress(OSError):  # a pipe's close can report the broken pipe
        stream.close()  # type: ignore[attr-defined]


def _reap(process: subprocess.Popen[bytes], deadline: float, kill: Callable[[], None]) -> bool:
    """Wait for the child itself until the deadline, killing it then; whether it had to be."""
    try:
        process.wait(max(0.0, deadline - time.monotonic()))
        return False
    except subprocess.TimeoutExpired:
        kill()
        process.wait()  # SIGKILL cannot be caught: this returns
        return True
