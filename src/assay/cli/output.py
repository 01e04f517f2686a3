"""Standard output that fails as a user error, not as a bug in assay.

A report that cannot be written (a full disk, a closed descriptor: ``assay check >&-``)
is the environment's problem: the command says so in one line and exits 2, where an
unexpected exception would print a trace and ask to be reported.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable


class OutputError(Exception):
    """Standard output could not take the command's output; the message says why."""


def write(text: str) -> None:
    """Write ``text`` to standard output now (flushed, so a full disk shows here).

    ``BrokenPipeError`` passes through: ``assay … | head`` stopped reading, which the
    command line treats as success.
    """
    stream = sys.stdout
    if stream is None:  # the process was started with standard output closed
        raise OutputError("standard output is closed")
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputError(error.strerror or str(error)) from error
    except ValueError as error:  # a closed file object
        raise OutputError(str(error)) from error


def write_lines(lines: Iterable[str]) -> None:
    """Each of ``lines`` on its own line, in one write."""
    write("".join(f"{line}\n" for line in lines))
