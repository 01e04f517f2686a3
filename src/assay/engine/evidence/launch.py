"""One agent process: started with the prepared stdin, waited for, killed on timeout
or cancellation. Runs in a worker thread; it never touches the store (the run's one
writer thread records what it returns).

The child gets only the environment variables its runner allows, plus
``ASSAY_TASK`` and ``ASSAY_CONDITION``; it runs in the workspace root in its own
process group, so a kill reaches whatever it started and did not move out of it.
Its pipes are read by ``pipes.exchange``, whose deadline holds even when a process it
started (in its group or, with ``setsid``, outside) keeps them open.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from functools import partial

from attrs import field, frozen

from assay.engine.evidence.output import DEFAULT_KEEP, Output
from assay.engine.evidence.pipes import exchange
from assay.spec.model import Model


@frozen(kw_only=True)
class Ran(Model):
    """How a process ended. ``exit_code`` None: it could not be started (``error``).
    Each output is its kept head, with the size and digest of all of it."""

    exit_code: int | None
    stdout: Output = field(factory=Output)
    stderr: Output = field(factory=Output)
    child_us: int = 0
    timed_out: bool = False
    held_open: bool = False  #: a process it started still held its output at the end
    error: str | None = None
    #: The stdin bytes it read (0 when it could not start); None: not measured.
    stdin_taken: int | None = 0


class Children:
    """The processes running now, so a signal can kill them all."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: set[subprocess.Popen[bytes]] = set()
        self.cancelled = threading.Event()

    def cancel(self) -> None:
        """Stop every child and every launch to come."""
        self.cancelled.set()
        with self._lock:
            running = list(self._running)
        for process in running:
            _kill(process)

    def run(
        self,
        argv: Sequence[str],
        stdin: bytes,
        env: Mapping[str, str],
        cwd: str,
        timeout: float,
        keep: int = DEFAULT_KEEP,
    ) -> Ran:
        """Run ``argv`` to its end (or the timeout, or a cancellation), keeping the
        first ``keep`` bytes of each output."""
        start = time.perf_counter_ns()
        try:
            process = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=dict(env),
                cwd=cwd,
                start_new_session=True,
            )
        except OSError as error:
            return Ran(exit_code=None, error=f"cannot start {argv[0]!r}: {error.strerror or error}")
        with self._lock:
            self._running.add(process)
        if self.cancelled.is_set():  # cancelled between the check and the start
            _kill(process)
        try:
            ended = exchange(
                process,
                stdin,
                timeout=timeout,
                keep=keep,
                cancelled=self.cancelled,
                kill=partial(_kill, process),
            )
        finally:
            with self._lock:
                self._running.discard(process)
        elapsed = (time.perf_counter_ns() - start) // 1000
        return Ran(
            exit_code=ended.exit_code,
            stdout=ended.stdout,
            stderr=ended.stderr,
            child_us=elapsed,
            timed_out=ended.timed_out,
            held_open=ended.held_open,
            stdin_taken=ended.stdin_taken,
        )


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill the child's whole process group; it may have ended already."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
