"""Listing the workspace's files, once a run: `git ls-files` (started ahead of time, while
the command line loads the engine) or, outside git, a walk of the folders.

Only files git tracks or would track are listed, so generated and ignored files never
become documents; the walk skips hidden folders and build output; neither lists what
is inside assay's staging folders (``.<name>.new-*``, ``.<name>.old-*``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from attrs import field, frozen

from assay.engine.workspace.candidates import Note
from assay.engine.workspace.config import Config, repository_root
from assay.engine.workspace.git_index import GitIndex, IndexQuery
from assay.engine.workspace.record_folders import RECORD_FOLDERS
from assay.spec.model import Model

#: Not walked outside git; hidden folders neither. `site` is MkDocs output, at the root.
_PRUNED = frozenset({"node_modules", ".venv"})
#: Hidden folders that are where records are kept by convention (a root `.adr/`): walked.
_HIDDEN_RECORDS = frozenset(f.casefold() for f in RECORD_FOLDERS if f.startswith("."))


@frozen(kw_only=True)
class Listing(Model):
    """Every file of the workspace, listed once per run (git or a walk)."""

    files: tuple[str, ...]
    git: bool
    notes: tuple[Note, ...] = ()
    #: What git's index says of the files (`engine.workspace.git_index`); None outside git.
    index: GitIndex | None = field(default=None, eq=False, repr=False)
    #: The files an editor holds unsaved text of (``Workspace.unsaved``): read even
    #: where nothing is on disk yet.
    held: frozenset[str] = frozenset()


#: git's listing command: tracked and untracked files, not the ignored ones, NUL-ended.
_GIT_LS = ("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")


class StartedListing:
    """git listing a workspace's files, started ahead (``start_listing``), and its
    index being read; ``list_files`` takes the result."""

    __slots__ = ("index", "process", "root")

    def __init__(self, root: Path, process: subprocess.Popen[bytes]) -> None:
        self.root = root
        self.process = process
        self.index = IndexQuery(root)

    def close(self) -> None:
        """Stop git if nothing took its listing (the caller failed before it did)."""
        if self.process.returncode is None:
            self.process.kill()
            self.process.communicate()
        self.index.close()


def start_listing(config: Config) -> StartedListing | None:
    """Start git listing the workspace's files now, to run beside what the caller
    does next: the command line loads the engine meanwhile, which takes longer than
    git (a pre-commit run on a large workspace gains the whole listing). Hand the
    result to ``list_files`` (through ``open_workspace`` or ``check_keeping``), and
    ``close`` it in any case. Outside git, nothing starts (None).
    """
    root = config.root
    if repository_root(root) is None:
        return None
    try:
        process = subprocess.Popen(
            _GIT_LS, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
    except OSError:
        return None  # `list_files` tries again, and says why it cannot
    return StartedListing(root, process)


def list_files(
    config: Config, started: StartedListing | None = None, held: Iterable[str] = ()
) -> Listing:
    """The workspace's files: the one `git ls-files` (or walk) of a run; ``started``:
    the listing ``start_listing`` started for this workspace, if any; ``held``: the
    files an editor holds unsaved text of, listed even before their first save."""
    notes: list[Note] = []
    root = config.root
    if started is not None and started.root != root:
        started = None  # another workspace's: it is not waited for here
    in_git = started is not None or repository_root(root) is not None
    process = None if started is None else started.process
    index = IndexQuery(root) if started is None and in_git else None  # read while git lists
    index = started.index if started is not None else index
    entries, git = _list_files(root, notes, in_git, process)
    entries = _without_staging(entries)
    held = frozenset(held)
    entries = _with_unsaved(root, entries, held)
    found = index.answer() if index is not None else None  # waited for in any case
    return Listing(
        files=tuple(entries), git=git, notes=tuple(notes), index=found if git else None, held=held
    )


def _list_files(
    root: Path, notes: list[Note], in_git: bool, started: subprocess.Popen[bytes] | None
) -> tuple[list[str], bool]:
    """Workspace-relative paths of every file (and symbolic link), and whether git listed
    them; `started`: git's listing, when `start_listing` started it."""
    if not in_git:
        return sorted(_walk(root, notes)), False
    try:
        # No shell, and `-z`: names with spaces, quotes or non-ASCII come through as is.
        if started is None:
            result = subprocess.run(_GIT_LS, cwd=root, capture_output=True, check=False)
            code, listing, errors = result.returncode, result.stdout, result.stderr
        else:
            listing, errors = started.communicate()
            code = started.returncode
    except OSError as error:
        problem = f"git could not run ({error.strerror})"
    else:
        if code == 0:
            return _git_names(listing), True
        first_line = os.fsdecode(errors).strip().partition("\n")[0]
        problem = f"git ls-files failed ({first_line})"
    notes.append(Note(path=".", message=f"{problem}; listed the files by walking the folders"))
    return sorted(_walk(root, notes)), False


#: A folder assay builds in or sets aside (``engine.files.folders``: ``.<name>.new-*``,
#: ``.<name>.old-*``): what a killed write left is no run and holds no documents.
_STAGING = re.compile(r"(?:^|/)\.[^/]+\.(?:new|old)-[^/]*/")


def _with_unsaved(root: Path, entries: list[str], held: frozenset[str]) -> list[str]:
    """``entries`` and the files an editor holds that are not on disk yet (a record
    before its first save): listed, so discovery finds them where it would find them
    saved."""
    new = [p for p in held if _relative(p) and not os.path.lexists(root / p)]
    return sorted({*entries, *new}) if new else entries


def _relative(path: str) -> bool:
    """Whether ``path`` names a file below the root as discovery lists one: POSIX,
    relative, without an empty, ``.`` or ``..`` part (an editor's path outside the
    workspace is none of its files)."""
    parts = path.split("/")
    return "\\" not in path and all(part not in ("", ".", "..") for part in parts)


def _without_staging(entries: list[str]) -> list[str]:
    """``entries`` but the files inside assay's staging folders (git lists them as
    untracked files; the walk skips them as hidden folders)."""
    if not any(".new-" in path or ".old-" in path for path in entries):
        return entries  # the usual case: one pass of substring tests, no regex
    return [path for path in entries if _STAGING.search(path) is None]


def _git_names(listing: bytes) -> list[str]:
    """The names `git ls-files -z` printed, decoded as `os.fsdecode` does, sorted, each
    once (a conflicted file is listed once per stage); `x/` (a nested repository) is `x`.

    Decoded in one piece: ten thousand names one by one cost a pre-commit run more
    than git took to list them. git prints the tracked names sorted, then the others,
    so the sort has little to do.
    """
    text = listing.decode(sys.getfilesystemencoding(), sys.getfilesystemencodeerrors())
    names = text.split("\0")
    if "/\0" in text or text.endswith("/"):
        names = [name.rstrip("/") for name in names]
    names.sort()
    unique = list(dict.fromkeys(names))
    return unique[1:] if unique and not unique[0] else unique


def _walk(root: Path, notes: list[Note]) -> Iterator[str]:
    """Every file and link below `root`, without entering links, hidden folders or output."""
    pending = [""]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(root / folder) as listing:
                entries = list(listing)
        except OSError as error:
            notes.append(Note(path=folder or ".", message=f"cannot list: {error.strerror}"))
            continue
        for entry in entries:
            path = f"{folder}/{entry.name}" if folder else entry.name
            hidden = entry.name.startswith(".") and path.casefold() not in _HIDDEN_RECORDS
            pruned = hidden or entry.name in _PRUNED
            if entry.is_symlink() or not entry.is_dir(follow_symlinks=False):
                yield path
            elif not (pruned or (path == "site")):
                pending.append(path)
