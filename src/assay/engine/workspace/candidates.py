"""What discovery finds: the documents to load, the files passed over, and its notes."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Literal

from attrs import field, frozen

from assay.spec.model import Model

Origin = Literal["include", "type", "convention", "adr-dir", "log4brains", "naming", "run"]
#: A blob id (a digest of the content) or (size, modification time, inode).
Stamp = str | tuple[int, int, int]
SkipReason = Literal[
    "symlink", "not-regular-file", "template", "listing", "unsupported-format", "not-records"
]


@frozen(kw_only=True)
class Candidate(Model):
    """A document to load, and how it was found."""

    #: Workspace-relative POSIX path.
    path: str
    #: `include` for the config's globs, `type` for a type's `files` globs, `run` for a
    #: file of an analysis run (its `run.toml` and Markdown); otherwise the
    #: decision-record rule that found it.
    origin: Origin
    #: The records folder it is in, spelt as in the workspace (None for `include`); for
    #: `run`, the run folder (`""` for a run at the workspace root).
    folder: str | None = None


@frozen(kw_only=True)
class Skipped(Model):
    """A file that looked like a candidate but is not loaded."""

    path: str
    reason: SkipReason
    detail: str = ""


@frozen(kw_only=True)
class Note(Model):
    """What discovery could not do as asked (an unusable `.adr-dir`, git failing); a warning."""

    path: str
    message: str
    line: int | None = None


@frozen(kw_only=True)
class Discovery(Model):
    """Everything a run loads, sorted by path, and what it passed over."""

    root: Path
    documents: tuple[Candidate, ...]
    #: Workspace-relative POSIX paths of spec files.
    specs: tuple[str, ...]
    skipped: tuple[Skipped, ...]
    notes: tuple[Note, ...]
    #: True when git listed the files; False when the tree was walked.
    git: bool
    #: Every file of the workspace (excluded ones too): what links may point at.
    files: tuple[str, ...] = ()
    #: The analysis runs: every folder holding a `run.toml` not excluded (`""` for the
    #: root), sorted (``run_folders``).
    runs: tuple[str, ...] = ()
    #: What says each document is unchanged since a run read it, for the store:
    #: its blob id where git's index vouches for it (`engine.workspace.git_index`), else its
    #: size, modification time and inode from the `lstat` that found it a regular file.
    stamps: Mapping[str, Stamp] = field(factory=dict, eq=False, repr=False)

    @cached_property
    def run_folder_of(self) -> Mapping[str, str]:
        """Each analysis-run document's run folder, by its path (one look-up each,
        where ``run_folders.run_of`` would try every run)."""
        return {c.path: c.folder or "" for c in self.documents if c.origin == "run"}
