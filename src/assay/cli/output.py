"""Standard output that fails as a user error, not as a bug in assay.

A report that cannot be written (a full disk, a closed descriptor: ``assay check >&-``)
is the environment's problem: the command says so in one line and exits 2 (DESIGN's
"unreadable input" family; Python's own exit would be 120, outside the contract),
where an unexpected exception would print a trace and ask to be reported.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path


class OutputError(Exception):
    """Standard output could not take the command's output; the message says why."""


def write(text: str) -> None:
    """Write ``text`` to standard output now (flushed, so a full disk shows here).

    A reader that went away (``assay check | head``) is no error: what it did not read
    it did not want, and the command keeps its exit code.  Standard output then points
    at the null device, so no later write or flush meets the broken pipe again.
    """
    stream = sys.stdout
    if stream is None:  # the process was started with standard output closed
        raise OutputError("standard output is closed")
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        _discard(stream)
    except OSError as error:
        _discard(stream)  # what is still buffered would fail the exit's flush
        raise OutputError(error.strerror or str(error)) from error
    except ValueError as error:  # a closed file object
        raise OutputError(str(error)) from error


def _discard(stream: TextIO) -> None:
    """Point ``stream``'s descriptor at the null device (if it has a descriptor)."""
    import os

    try:
        descriptor = stream.fileno()
    except (OSError, ValueError):  # an in-memory stream: nothing is left to fail
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)


def write_lines(lines: Iterable[str]) -> None:
    """Each of ``lines`` on its own line, in one write."""
    write("".join(f"{line}\n" for line in lines))


def complain(text: str) -> None:
    """``text`` on standard error, its control characters, bidi controls and undecodable
    bytes escaped (see ``cli.names``): a message quotes arguments, file names and
    documents, and none of them may drive the terminal."""
    from assay.cli.names import printable

    if sys.stderr is not None:  # the process was started without it
        print(printable(text, keep="\n\t"), file=sys.stderr)


def write_whole(path: Path, text: str) -> None:
    """Write ``path`` all at once, over what is there: a report or a review is never
    left half-written. Through the one writer (``api.files.write_text``), so the file
    gets the mode the umask gives (``0o644`` under ``022``), or the mode of the file it
    replaces — never ``mkstemp``'s private ``0o600``."""
    from assay.api.files import write_text  # only a run that writes pays

    write_text(path, text)
