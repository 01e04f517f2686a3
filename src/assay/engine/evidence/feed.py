"""An agent's stdin, written through its pipe, and how many of its bytes the agent took.

What was written into the pipe is not what the agent read: the pipe holds up to its
buffer (64 KiB on Linux) whatever the agent does, so an agent that reads 10 bytes and
closes its input has still been "written" 64 KiB. The bytes taken are the bytes
written less those still unread in the pipe (``FIONREAD``) once the agent is done:

- the agent closed its end early (the write fails, the pipe broken): counted then,
  on the write end, still open;
- everything was written: before the write end is closed (the agent's end of input),
  a read end of the same pipe is opened (``/proc/self/fd``), so the pipe, and its count
  of what is unread, outlives the close; counted once the agent has ended;
- the deadline came while writing: counted on the write end before it is closed.

Where the count cannot be made (no ``/proc``, no ``FIONREAD``), ``taken`` is None:
not measured, and nothing is claimed.
"""

from __future__ import annotations

import array
import contextlib
import fcntl
import os
import termios
from typing import IO

_CHUNK = 1 << 16


def unread(fd: int) -> int | None:
    """The bytes a pipe holds that nobody read yet; None when that cannot be asked."""
    count = array.array("i", [0])
    try:
        fcntl.ioctl(fd, termios.FIONREAD, count)
    except OSError:
        return None
    return int(count[0])


class Feed:
    """The stdin of one child: ``write`` what its pipe takes, ``close`` it, and, once
    the child ended, ``taken`` (the bytes it read)."""

    def __init__(self, stream: IO[bytes] | None, data: bytes) -> None:
        self.stream = stream
        self.pending = memoryview(data)
        self.written = 0
        self._taken: int | None = None if stream is not None else 0
        self._watch: int | None = None  #: a read end kept open to count the unread

    def write(self) -> bool:
        """Write what the pipe takes now; whether writing is over (all of it written,
        or the pipe broke: the child stopped reading, which is its business). The
        caller then unregisters the stream and ``close``-s it."""
        if self.stream is None:
            return True
        try:
            wrote = os.write(self.stream.fileno(), self.pending[:_CHUNK])
        except BlockingIOError:
            return False
        except OSError:
            return True
        self.written += wrote
        self.pending = self.pending[wrote:]
        return not self.pending

    def close(self) -> None:
        """End the child's input; the count of what it took is kept for ``taken``."""
        if self.stream is None or self.stream.closed:
            return
        fd = self.stream.fileno()
        if self.pending:  # not all written: the agent is gone, or the deadline came
            left = unread(fd)
            self._taken = None if left is None else self.written - left
        else:
            with contextlib.suppress(OSError):
                self._watch = os.open(f"/proc/self/fd/{fd}", os.O_RDONLY | os.O_NONBLOCK)
        with contextlib.suppress(OSError):  # a pipe's close can report the broken pipe
            self.stream.close()

    def taken(self) -> int | None:
        """The bytes the child read (call once it ended); None: not measured."""
        if self._watch is not None:
            left = unread(self._watch)
            os.close(self._watch)
            self._watch = None
            self._taken = None if left is None else self.written - left
        return self._taken
