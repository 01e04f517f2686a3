"""The Python API of safe file access: contained reading, what a write may replace,
and the one writer.

::

    from assay.api import files

    text = files.read_text(".", "docs/adr/0001-x.md")   # None: refused or unreadable
    data = files.read_bytes(".", "docs/adr/d.png")       # bytes, or why not (a str)
    target = files.file_destination("report.sarif", flag="--output", workspace=".")
    files.write_text(target, "...")                      # whole, atomically, umask mode

``read_text`` opens as every document is opened (no link followed, nothing but a
regular file below the root), so a link to ``/etc/passwd`` is never read.
``file_destination`` asks the rule every writer asks (DESIGN §6) before anything is
touched: an absent path, or a file you can show you made; never the workspace or a
folder, a link or a path through one inside the workspace, a tracked file, anything
under ``.git``, or one of ``inputs``. A refusal is ``DestinationRefused`` (a
``UsageError``) naming the flag, the path and the reason. ``write_text`` replaces the
file whole, with the mode the umask gives (an executable bit there is not kept);
``OSError`` when the disk says no.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from assay.api import StrPath
from assay.engine.files.destination import Destination, DestinationRefused, Ground, claim
from assay.errors import InputError

if TYPE_CHECKING:
    from assay.engine.runner.result import Report
    from assay.engine.workspace.config import Config

__all__ = [
    "DestinationRefused",
    "PathRefused",
    "contained_file",
    "contained_path",
    "file_destination",
    "is_report",
    "read_bytes",
    "read_text",
    "report_destination",
    "write_text",
]


def read_text(root: StrPath, path: str, *, limit: int | None = None) -> str | None:
    """The text of ``path`` (relative to ``root``), undecodable bytes replaced; None
    when it is refused (a link, not a regular file, outside ``root``), unreadable, or
    larger than ``limit`` bytes."""
    from assay.engine.files.opening import open_contained
    from assay.engine.files.refusal import Refused

    opened = open_contained(os.fspath(root), path)
    if isinstance(opened, Refused):
        return None
    with opened:
        if limit is not None and opened.size > limit:
            return None
        try:
            with os.fdopen(os.dup(opened.fileno()), "rb") as stream:
                data = stream.read() if limit is None else stream.read(limit + 1)
        except OSError:
            return None
    return data.decode("utf-8", "replace")


def read_bytes(root: StrPath, path: str, *, limit: int | None = None) -> bytes | str:
    """The bytes of ``path`` (relative to ``root``), opened as ``read_text`` opens; else
    why not, one phrase naming the path (a link, not a regular file, outside ``root``,
    unreadable, larger than ``limit`` bytes)."""
    from assay.engine.files.opening import open_contained
    from assay.engine.files.refusal import Refused, shown

    opened = open_contained(os.fspath(root), path)
    if isinstance(opened, Refused):
        return opened.message
    with opened:
        if limit is not None and opened.size > limit:
            return f"{shown(path)} is larger than {limit:,} bytes"
        try:
            with os.fdopen(os.dup(opened.fileno()), "rb") as stream:
                data = stream.read() if limit is None else stream.read(limit + 1)
        except OSError as error:
            return f"{shown(path)} cannot be read ({error.strerror})"
    if limit is not None and len(data) > limit:  # it grew while read
        return f"{shown(path)} is larger than {limit:,} bytes"
    return data


def file_destination(
    path: StrPath,
    *,
    flag: str,
    workspace: StrPath | None = None,
    inputs: Iterable[StrPath] = (),
    made: Callable[[Path], bool] | None = None,
) -> Path:
    """``path`` as an absolute path when a file may be written there; else
    ``DestinationRefused``, nothing touched. ``flag`` names the option in the message;
    ``workspace`` (with the current folder and their ancestors), ``inputs``, a folder,
    a link, a path through a link inside ``workspace``, a tracked file and anything
    under ``.git`` are never replaced; an existing file only when ``made`` says it is
    one of yours (None: only an absent path)."""
    listed = tuple(os.fspath(p) for p in inputs)
    destination = Destination(
        os.fspath(path), flag, made=made if made is not None else _nothing, what="file"
    )
    root = None if workspace is None else Path(os.fspath(workspace))
    return claim(destination, Ground(workspace=root, inputs=lambda: listed))


def report_destination(output: StrPath, config: Config, report: Report) -> Path:
    """Where a report of ``assay check`` may be written (``engine.files.destination``'s
    rule): an absent path or a previous report (``is_report``), never a file the
    check reads, a tracked file, a link or anything under ``.git``; else
    ``DestinationRefused`` (``--output`` in its message)."""
    from assay.engine.workspace.inputs import ground

    more = [config.root / path for path in report.files]
    destination = Destination(os.fspath(output), "--output", made=is_report, what="report")
    return claim(destination, ground(config, more=more))


#: The first bytes of a JSON report (``assay schema report``) and of a SARIF log.
_JSON_REPORT = re.compile(rb'\{\s*"version":\s*\d+,\s*"tool":\s*\{\s*"name":\s*"assay"')
_SARIF = re.compile(
    rb'\{\s*"\$schema":\s*"[^"\n]*sarif[^"\n]*",\s*"version":\s*"2\.1\.0",\s*"runs":\s*\['
    rb'\s*\{\s*"tool":\s*\{\s*"driver":\s*\{\s*"name":\s*"assay"'
)
#: The line that ends a text or GitHub report: ``3 errors, 1 warning, 0 infos in 12 files``.
_SUMMARY_LINE = re.compile(
    rb"\d+ errors?, \d+ warnings?, \d+ infos? in \d+ files?(?: \(\d+ suppressed\))?"
)


def is_report(path: Path) -> bool:
    """Whether ``path`` holds a report ``assay check`` wrote, in any of its formats."""
    from assay.engine.files.made import ends_like, starts_like

    return (
        starts_like(path, _JSON_REPORT)
        or starts_like(path, _SARIF)
        or ends_like(path, _SUMMARY_LINE)
    )


def _nothing(_: Path) -> bool:
    return False


def write_text(path: StrPath, text: str) -> None:
    """Write ``text`` (UTF-8) as the file ``path``, all at once, over what is there: a
    report or a review is never left half-written, and the file gets the mode the
    umask gives (``0o644`` under ``022``), whatever the mode of the file it replaces:
    an output is never left executable. Missing folders on the way are made."""
    from assay.engine.files.writing import write_output

    write_output(os.fspath(path), text.encode("utf-8"))


class PathRefused(InputError):
    """A path that names nothing inside the workspace: the refusal's code (PTH001) and
    message, as ``assay check`` reports a pinned path refused."""

    def __init__(self, code: str, name: str, message: str) -> None:
        """``code`` and ``name``: the rule refused by; ``message``: why, naming the path."""
        self.code, self.name, self.message = code, name, message
        super().__init__(f"{code} {name}: {message}")


def contained_path(path: str) -> str:
    """``path``, relative to the workspace root, in its normal POSIX form when it stays
    inside lexically (``a/./b/../c`` is ``a/c``); else ``PathRefused`` (PTH001):
    absolute, a drive, a backslash, a NUL, empty, the root itself, or ``..`` above it.
    What the path names is the opener's to refuse (a link, not a regular file)."""
    from assay.engine.files.containment import contained_parts
    from assay.engine.files.refusal import Refused

    parts = contained_parts(path)
    if isinstance(parts, Refused):
        raise PathRefused(parts.code, parts.name, parts.message)
    return "/".join(parts)


def contained_file(root: StrPath, path: str) -> Path:
    """``root / path`` when ``path`` opens as a document is opened: inside ``root``, no
    link on its way, a regular file; else ``PathRefused`` (PTH001 to PTH003). For a
    file another library opens by name (an SQLite store): checked here, it is opened
    again there, so a link made in between is not seen."""
    from assay.engine.files.opening import open_contained
    from assay.engine.files.refusal import Refused

    normal = contained_path(path)
    opened = open_contained(os.fspath(root), normal)
    if isinstance(opened, Refused):
        raise PathRefused(opened.code, opened.name, opened.message)
    opened.close()
    return Path(root) / normal
