"""The records folder a new record goes into, and the records it already holds.

Without ``--dir`` the folder is the one discovery found records in (``engine.workspace``);
several such folders need ``--dir`` to choose. A folder with no records yet is one of
the usual places, when exactly one of them exists.
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path

from attrs import frozen

from assay.engine.files.opening import read_contained
from assay.engine.files.refusal import Refused
from assay.engine.reading.read import read
from assay.engine.reading.record_names import (
    MAIN_NAMES,
    RECORD_SUFFIXES,
    SERIES_LABELS,
    record_number,
)
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.workspace.candidates import Candidate
from assay.engine.workspace.config import Config
from assay.engine.workspace.discovery import discover
from assay.engine.workspace.loading import type_for
from assay.engine.workspace.record_folders import RECORD_FOLDERS, is_template_name
from assay.engine.workspace.types import TypeSet
from assay.errors import UsageError
from assay.grammar.reader import read_document
from assay.spec.model import Model
from assay.spec.reading import Reading

#: Template names, as tools write them: `template.md`, `adr-template.md`,
#: `0000-template.md`, `ADR000-template.md`, a series' `nep-template.rst`.
_TEMPLATE = re.compile(
    rf"(?:(?:{'|'.join(SERIES_LABELS)})[-_]?)?(?:0+[-_])?template\.(?:md|markdown|rst)",
    re.IGNORECASE,
)


@frozen(kw_only=True)
class Record(Model):
    """A record of the folder, read."""

    path: str  #: workspace-relative POSIX path
    name: str
    number: int | None  #: the number its name gives (a date for a dated name)
    raw: bytes
    reading: Reading | None  #: None when it is not UTF-8


@frozen(kw_only=True)
class RecordsFolder(Model):
    """A folder of decision records: its records in order and the template it keeps."""

    path: str  #: workspace-relative POSIX path ("" for the root itself)
    records: tuple[Record, ...]  #: sorted by number, then name
    templates: tuple[str, ...]  #: workspace-relative paths of the folder's templates

    def template(self, suffix: str) -> str | None:
        """The folder's template for a record ending in ``suffix`` (``.rst``), if any;
        a Markdown template serves either Markdown suffix."""
        rst = suffix == ".rst"
        return next((t for t in self.templates if t.lower().endswith(".rst") == rst), None)

    #: Every number a name in the folder holds (a record in another format, a record
    #: kept as a folder, its pictures): the next record takes none of them.
    taken: tuple[int, ...] = ()


def choose_folder(config: Config, given: str | None, cwd: Path) -> str:
    """The workspace-relative folder a new record goes into."""
    root = config.root.resolve()
    if given is not None:
        return _given(root, given, cwd)
    found = discover(config)
    folders = sorted({c.path.rpartition("/")[0] for c in found.documents if _numbered(c)})
    if len(folders) == 1:
        return folders[0]
    if folders:
        raise UsageError(
            "records are in several folders (" + ", ".join(folders) + "); say which with --dir"
        )
    existing = sorted({f for f in (_existing(root, folder) for folder in _usual(root)) if f})
    if len(existing) == 1:
        return existing[0]
    if existing:
        raise UsageError(
            "several record folders exist (" + ", ".join(existing) + "); say which with --dir"
        )
    raise UsageError(
        f"no record folder found in {root}: looked for .adr-dir, .log4brains.yml and "
        + ", ".join(RECORD_FOLDERS)
        + "; create one, or name it with --dir"
    )


def _numbered(candidate: Candidate) -> bool:
    name = candidate.path.rpartition("/")[2]
    return candidate.origin not in ("include", "type") and record_number(name) is not None


def _given(root: Path, given: str, cwd: Path) -> str:
    # The folder as named, not followed: a record written through a link would land
    # elsewhere than named (and the write rule would refuse it); said here, first.
    path = Path(os.path.normpath(cwd / given))
    try:
        relative = path.relative_to(root)
    except ValueError:
        try:  # the current folder reached through a link to the workspace
            relative = path.resolve().relative_to(root)
        except ValueError:
            raise UsageError(f"--dir {given} is outside the workspace ({root})") from None
    for depth in range(1, len(relative.parts) + 1):
        if root.joinpath(*relative.parts[:depth]).is_symlink():
            link = "/".join(relative.parts[:depth])
            raise UsageError(
                f"--dir {given} goes through `{link}`, a symbolic link; assay writes no "
                "record through a link: name the folder itself"
            )
    if not path.is_dir():
        raise UsageError(f"--dir {given} is not a folder; create it first")
    return relative.as_posix() if relative.parts else ""


def _usual(root: Path) -> list[str]:
    """The folders `.adr-dir` names, and the conventional ones."""
    folders = list(RECORD_FOLDERS)
    adr_dir = root / ".adr-dir"
    if adr_dir.is_file() and not adr_dir.is_symlink():
        try:
            lines = adr_dir.read_text(encoding="utf-8").split()
        except (OSError, UnicodeDecodeError):
            lines = []
        folders[:0] = lines[:1]
    return folders


def _existing(root: Path, folder: str) -> str | None:
    """``folder`` as it is spelt on disk (matched without regard to case), if a folder."""
    here, parts = root, list[str]()
    for part in Path(folder).parts:
        if part in ("..", "/") or not here.is_dir() or here.is_symlink():
            return None
        names = [n for n in sorted(os.listdir(here)) if n.casefold() == part.casefold()]
        if not names:
            return None
        here, parts = here / names[0], [*parts, names[0]]
    return "/".join(parts) if here.is_dir() and not here.is_symlink() else None


def read_folder(config: Config, folder: str) -> RecordsFolder:
    """The records of ``folder`` (its numbered or dated Markdown and reStructuredText
    files), each read as `check` reads it, and its templates, if it has any: one for
    each format, ``template.md`` first."""
    root = config.root
    records: list[Record] = []
    templates: list[str] = []
    taken: set[int] = set()
    for entry in sorted(os.scandir(root / folder), key=lambda e: e.name):
        name = entry.name
        path = f"{folder}/{name}" if folder else name
        if _TEMPLATE.fullmatch(name) and entry.is_file(follow_symlinks=False):
            templates.append(path)
            continue
        number = record_number(name)
        # The one rule discovery follows: `0010-django-templates.md` is a record.
        if number is None or name.lower() in MAIN_NAMES or is_template_name(name):
            continue
        if number[1] == "numbered":
            taken.add(number[0])
        if not entry.is_file(follow_symlinks=False):
            continue  # a link is reported by `check`, never followed
        if not name.lower().endswith(RECORD_SUFFIXES):
            continue
        raw = read_member(root, path)
        records.append(
            Record(path=path, name=name, number=number[0], raw=raw, reading=read_record(raw, path))
        )
    records.sort(key=lambda r: (r.number or 0, r.name))
    templates.sort(key=lambda t: posixpath.basename(t).lower() != "template.md")
    return RecordsFolder(
        path=folder, records=tuple(records), templates=tuple(templates), taken=tuple(taken)
    )


def read_member(root: Path, path: str) -> bytes:
    """The bytes of the record or template ``path`` below ``root``, read through the
    contained opener: what a new record copies is never read through a link (or from a
    file swapped for one since it was listed)."""
    found = read_contained(root, path)
    if isinstance(found, Refused):
        raise UsageError(f"{found.message}; nothing was written")
    return found


def read_record(raw: bytes, path: str) -> Reading | None:
    """``raw`` read as `check` reads a record found by convention (`adr` or `madr`), in
    the format its name says."""
    parsed, locator = read_document(raw, path)
    document = parsed.value
    if document is None or locator is None:
        return None
    doc_type = type_for(Candidate(path=path, origin="convention"), document, TypeSet({}))
    if doc_type is None:  # pragma: no cover - a convention record always has a type
        return None
    return read(document, locator.text, Vocabulary(doc_type), locator)
