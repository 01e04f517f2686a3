"""Where decision records are found by convention: the records folders (the usual
ones, `.adr-dir`, log4brains' `adrFolder`), and the one pass over the listing that
finds the records in them and passes over templates, READMEs and index pages.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from assay.engine.files.opening import read_contained
from assay.engine.files.refusal import Refused
from assay.engine.reading.record_names import (
    MAIN_NAMES,
    RECORD_SUFFIXES,
    SERIES_LABELS,
    numbering_name,
    record_number,
)
from assay.engine.workspace.candidates import Candidate, Note, Origin, Skipped
from assay.engine.workspace.named_folders import written_as_record
from assay.grammar.globs import Glob

#: Where teams keep decision records (ADR-FORMATS.md "Finding records"), matched
#: case-insensitively from the workspace root, sub-folders included.
RECORD_FOLDERS = (
    "doc/adr",
    "docs/adr",
    "docs/decisions",
    "docs/architecture/decisions",
    "docs/architecture-decisions",
    "docs/architecture/adr",
    "adr",
    "ADRs",
    # A hidden `.adr/` at the root, and root folders named for what they hold.
    ".adr",
    "decisions",
    "decision-records",
    "decision-record",
    "architecture-decision-records",
    "architecture-decision-record",
)


Folder = tuple[tuple[str, ...], Origin]


def records_folders(root: Path, notes: list[Note]) -> tuple[Folder, ...]:
    """The folders decision records are looked for in: those ``.adr-dir`` and
    ``.log4brains.yml`` declare, then the conventional ones; what was wrong goes to ``notes``."""
    declared: list[Folder] = []
    adr_dir = _read_setting(root, ".adr-dir", notes)
    if adr_dir is not None:
        line = next((text.strip() for text in adr_dir.splitlines() if text.strip()), "")
        declared.extend(_declared(root, line, ".adr-dir", "adr-dir", notes))
    log4brains = _read_setting(root, ".log4brains.yml", notes)
    if log4brains is not None:
        for value in _log4brains_folders(log4brains, notes):
            declared.extend(_declared(root, value, ".log4brains.yml", "log4brains", notes))
    conventional: list[Folder] = [(_fold(folder), "convention") for folder in RECORD_FOLDERS]
    # Declared folders first: when a folder is both, the tool's setting names it.
    return (*declared, *conventional)


def _read_setting(root: Path, name: str, notes: list[Note]) -> str | None:
    if not os.path.lexists(root / name):
        return None
    # Read from the descriptor the opener checked: a link is never followed, even one
    # swapped in after a look at the name.
    try:
        found = read_contained(root, name)
        if isinstance(found, Refused):
            notes.append(Note(path=name, message="not a regular file; not followed"))
            return None
        return found.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        notes.append(Note(path=name, message=f"cannot read: {error}"))
        return None


def _log4brains_folders(text: str, notes: list[Note]) -> list[str]:
    import yaml  # only repositories that use log4brains pay for importing PyYAML

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        notes.append(Note(path=".log4brains.yml", message=f"invalid YAML: {error}", line=line))
        return []
    project = data.get("project") if isinstance(data, dict) else None
    if not isinstance(project, dict) or not isinstance(project.get("adrFolder"), str):
        notes.append(Note(path=".log4brains.yml", message="no `project.adrFolder` string"))
        return []
    packages = project.get("packages")
    extra = [p.get("adrFolder") for p in packages or () if isinstance(p, dict)]
    return [project["adrFolder"], *(value for value in extra if isinstance(value, str))]


def _declared(
    root: Path, value: str, source: str, origin: Origin, notes: list[Note]
) -> list[Folder]:
    folder = os.path.normpath(value.replace("\\", "/")) if value else "."
    if folder in (".", "..") or folder.startswith(("/", "../")):
        message = f"names {value!r}, not a folder inside the workspace"
    elif not (root / folder).is_dir():
        message = f"names {folder}, which is not a folder"
    else:
        return [(_fold(folder), origin)]
    notes.append(Note(path=source, message=message))
    return []


def _fold(folder: str) -> tuple[str, ...]:
    return tuple(part.casefold() for part in folder.split("/"))


def may_hold_documents(path: str, include: tuple[Glob, ...], folders: tuple[Folder, ...]) -> bool:
    """Could a folder at `path` hold documents? If it is a link, it must be reported."""
    if include:
        return any(glob.may_match_below(path) for glob in include)
    folded = _fold(path)
    # Inside a records folder, the folder itself, or a folder on the way to one.
    return any(folded[: len(folder)] == folder[: len(folded)] for folder, _ in folders)


_INDEX_NAMES = frozenset({"index.md", "index.markdown", "index.rst"})

#: Text formats records are written in that assay does not read: found in a records
#: folder, they are listed (DOC016). Images and data files beside records are not.
UNSUPPORTED_SUFFIXES = (".adoc", ".asciidoc", ".asc", ".txt", ".org", ".textile")

# The words of a name before its "template": `adr`/`ADR000`, and words naming what the
# template is of (`architecture-decision-record-template`).
_TEMPLATE_LEAD = re.compile(r"adr\d*|madr|architecture|decisions?|records?")
_WORDS = re.compile(r"[-_ .]+")
_LABEL = "(?:" + "|".join(SERIES_LABELS) + ")"
_NUMBER_WORD = re.compile(rf"{_LABEL}?\d+")
# A number that is all placeholder (`XXX`, `NNNN`, `ADRXXX`, `DRXXX`, `YYYY-MM-DD`): no
# record has it, only the file a team copies to start one.
_PLACEHOLDER = r"(?:x{2,}|n{2,}|y{4}(?:mm(?:dd)?)?)"
_PLACEHOLDER_WORD = re.compile(rf"{_LABEL}?{_PLACEHOLDER}")
# The same, looked for at the start of a whole name, as the words would find it.
_PLACEHOLDER_START = re.compile(rf"[-_ .]*(?:{_LABEL}[-_ .]*){{0,3}}{_PLACEHOLDER}(?:[-_ .]|$)")
#: How many words may name the series before a number (`ODH-ADR-Operator-0001-x.md`).
_LEAD_WORDS = 3


def is_template_name(name: str) -> bool:
    """True when a file or folder name says it is a template, not what it is about.

    Unnumbered, the name starts with "template" after its lead words (``template.md``,
    ``adr-template-minimal.md``, ``templates/``) or ends with it
    (``present-proposal-template.md``, ``nep-template.rst``).  Numbered with a placeholder
    (``XXXX-title.md``, ``ADRXXX-some-title-template.md``, ``NNNN-…``), it is one
    whatever it says.  Numbered zero, it holds the word "template" anywhere
    (``0000-template.md``, ``ADR000-some-title-template.md``); otherwise numbered, it is
    nothing but "template" (``0000-TEMPLATE.md``, ``ADR000-template.md``,
    ``adr-000-template.md``, ``0000-adr-template.md``):
    ``0010-django-templates.md``, ``0003-adr-template-changes.md`` and the first record
    ``0000-use-markdown-architectural-decision-records.md`` are records.
    """
    # Either way the name holds the word or starts with the placeholder: a warm run asks
    # this of every one of 10,000 records, and splitting each into words was half of
    # placing them.
    folded = name.casefold()
    return ("template" in folded or _PLACEHOLDER_START.match(folded) is not None) and (
        _names_a_template(name)
    )


def _names_a_template(name: str) -> bool:
    stem = name.rsplit(".", 1)[0] if name.lower().endswith(RECORD_SUFFIXES) else name
    words = _without_label([w for w in _WORDS.split(stem.casefold()) if w])
    if words and _PLACEHOLDER_WORD.fullmatch(words[0]):
        return True
    if words and _NUMBER_WORD.fullmatch(words[0]):
        rest = [w for w in words[1:] if w != "adr"]
        if not words[0].lstrip(string.ascii_lowercase).strip("0"):  # record 0: the template
            return "template" in rest
        return rest == ["template"]
    while words and _TEMPLATE_LEAD.fullmatch(words[0]):
        words.pop(0)
    # `decision-record-template.md`, `nep-template.rst`: what the template is of, first.
    return bool(words) and (words[0] in ("template", "templates") or words[-1] == "template")


def _named_record(path: str) -> bool:
    """``_named`` of the name that numbers the record at ``path``; a numbered file's
    own name first (the usual case, one look at the name)."""
    name = path.rpartition("/")[2]
    if name.lower() not in MAIN_NAMES and record_number(name) is not None:
        return True
    return _named(numbering_name(path))


def _named(name: str) -> bool:
    """True for a name with a record's number, a series' own label before it or not
    (``0007-x.md``, ``ODH-ADR-Operator-0001-x.md``, ``20240131-x.md``)."""
    if record_number(name) is not None:
        return True
    words = _without_label([w for w in _WORDS.split(name.casefold()) if w])
    return bool(words) and _NUMBER_WORD.fullmatch(words[0]) is not None


def _without_label(words: list[str]) -> list[str]:
    """``words`` from their number on, when a few words that name the series lead it:
    ``adr-000-template`` is numbered as ``ADR000-template`` is, ``ODH-ADR-0000-template``
    and ``adr-xxx-title`` too."""
    for at, word in enumerate(words[: _LEAD_WORDS + 1]):
        if _NUMBER_WORD.fullmatch(word):
            return words[at:]
        # A placeholder after a series' labels only (`adr-xxx`, `DR-XXX`), as the quick
        # look (`_PLACEHOLDER_START`) finds it.
        if _PLACEHOLDER_WORD.fullmatch(word) and all(w in SERIES_LABELS for w in words[:at]):
            return words[at:]
        if not word.isalpha():
            break
    return words


#: How a records folder was found (not a spec's `include` or a type's `files`).
_BY_FOLDER = frozenset({"convention", "adr-dir", "log4brains"})
#: Why a folder inside a records folder holds no records: it keeps templates, or
#: the files records link to.
Aside = Literal["template", "attachment"] | None
#: Folders of what records link to (images, pitches, licences of bundled assets):
#: a Markdown file there is an attachment, not a record.
_ATTACHMENT_FOLDERS = frozenset(
    {"attachments", "assets", "images", "img", "media", "resources", "static", "figures"}
)
#: Names no record has: a licence's (an attachment's own licence beside it).
_NOT_RECORD_STEMS = frozenset({"license", "licence", "copying", "notice"})


class Records:
    """Finds decision records by where they are (the records folders) in one pass over
    the listing, and passes over templates, READMEs and index pages found there."""

    def __init__(
        self, folders: tuple[Folder, ...], specs: set[str], selected: dict[str, Candidate]
    ) -> None:
        self.folders = folders
        self.firsts = {folder[0] for folder, _ in folders}
        self.specs = specs
        self.selected = selected
        self.skipped: list[Skipped] = []
        self.maybe_links: list[str] = []
        #: Folders holding a file with a record number (their `index.md` is a record).
        self.numbered: set[str] = set()
        #: Folder -> (origin, records folder, whether a folder below the records folder
        #: is named as a template folder, or `attachment` as one of attachments), or
        #: None outside records folders.
        self.places: dict[str, tuple[Origin, str, Aside] | None] = {}

    def scan(self, pool: Sequence[str], typed: set[str]) -> None:
        """Count the typed paths, then keep each folder's numbered records from ``pool``."""
        self._count(typed)
        indexes: list[Candidate] = []
        places, firsts = self.places, self.firsts
        away: set[str] = set()  # folders nowhere near a records folder
        for path in pool:
            parent, _, name = path.rpartition("/")
            if parent in away or path in typed:
                continue  # the usual case, and quick
            # Files share folders: each folder is placed once.
            if parent in places:
                place = places[parent]
            elif parent and parent.partition("/")[0].casefold() not in firsts:
                away.add(parent)
                continue
            else:
                place = places[parent] = self._place(parent)
            lower = name.lower()
            # A numbered name without an extension is a record with an anomaly.
            if place is None or not (
                lower.endswith(RECORD_SUFFIXES) or ("." not in name and record_number(name))
            ):
                self._not_a_record(path, lower, in_records=place is not None)
                continue
            if parent not in self.numbered and record_number(name):
                self.numbered.add(parent)
            origin, folder, aside = place
            candidate = Candidate(path=path, origin=origin, folder=folder)
            if aside == "attachment" or lower.rpartition(".")[0] in _NOT_RECORD_STEMS:
                detail = "a licence" if aside is None else "an attachment of the records"
                self.skipped.append(Skipped(path=path, reason="not-records", detail=detail))
            elif aside == "template" or is_template_name(name):
                self.skipped.append(Skipped(path=path, reason="template"))
            elif lower.startswith("readme."):
                self.skipped.append(Skipped(path=path, reason="listing"))
            elif lower in _INDEX_NAMES:
                indexes.append(candidate)
            else:
                self.selected[path] = candidate
        self._place_indexes(indexes)

    def _not_a_record(self, path: str, lower: str, *, in_records: bool) -> None:
        """A file not named as a record, or outside the records folders: one that may
        hold documents (through a link) is noted, and, in a records folder, one of a
        format assay does not read is listed as passed over (DOC016), never dropped in
        silence."""
        if path not in self.specs and may_hold_documents(path, (), self.folders):
            self.maybe_links.append(path)
            if in_records and lower.endswith(UNSUPPORTED_SUFFIXES):
                self.skipped.append(Skipped(path=path, reason="unsupported-format"))

    def _place_indexes(self, indexes: list[Candidate]) -> None:
        """An ``index.md`` is the folder's contents page in a records folder itself or
        in a folder of numbered records; elsewhere (``<slug>/index.md``) it is a record."""
        for candidate in indexes:
            parent = candidate.path.rpartition("/")[0]
            if parent == candidate.folder or parent in self.numbered:
                # The folder's contents page; `<slug>/index.md` is a record.
                self.skipped.append(Skipped(path=candidate.path, reason="listing"))
            else:
                self.selected[candidate.path] = candidate

    def pass_over_unwritten(self, root: str) -> None:
        """Pass over the unnamed files of records folders whose records are named
        (numbered or dated) that are not written as records either: a summary of the
        series (``architecture_design_summary.md``), a guide beside it. Only these are
        read here; a named file is a record whatever its text."""
        found = [c for c in self.selected.values() if c.origin in _BY_FOLDER]
        is_named = {c.path: _named_record(c.path) for c in found}
        named = {c.folder for c in found if is_named[c.path]}
        for candidate in found:
            path = candidate.path
            if candidate.folder not in named or is_named[path]:
                continue
            if not written_as_record(root, path):
                del self.selected[path]
                detail = "in a series of named records, neither named nor written as one"
                self.skipped.append(Skipped(path=path, reason="not-records", detail=detail))

    def holds(self, folder: str) -> bool:
        """True when a records folder holds ``folder`` (or is it)."""
        if folder in self.places:
            return self.places[folder] is not None
        return self._place(folder) is not None

    def _count(self, typed: set[str]) -> None:
        """Note the folders where a typed path has a record number: the scan does not
        look at typed paths, but their numbers still make a folder's ``index.md`` its
        contents page."""
        for path in typed:
            parent, _, name = path.rpartition("/")
            if parent not in self.numbered and record_number(name):
                self.numbered.add(parent)

    def _place(self, parent: str) -> tuple[Origin, str, Aside] | None:
        """The deepest records folder holding the files of the folder `parent`."""
        parts = parent.split("/") if parent else []
        folded = tuple(part.casefold() for part in parts)
        best: Folder | None = None
        for folder in self.folders:
            inside = len(folder[0]) <= len(folded) and folded[: len(folder[0])] == folder[0]
            if inside and (best is None or len(folder[0]) > len(best[0])):
                best = folder
        if best is None:
            return None
        below = "/".join(parts[len(best[0]) :])
        inner = [part for part in below.split("/") if part]
        aside: Aside = None
        if any(part.casefold() in _ATTACHMENT_FOLDERS for part in inner):
            aside = "attachment"
        elif any(is_template_name(part) for part in inner):
            aside = "template"
        return best[1], "/".join(parts[: len(best[0])]), aside
