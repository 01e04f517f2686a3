"""Series whose records are folders: ``rfcs/0012-x/README.md``, ``geps/gep-1016/index.md``,
``keps/1224-x/README.md`` (beside a ``kep.yaml``), ``62-cell-id/cell-id.md``.

Proposal processes keep each proposal in a folder of its own, for its images, schemas
and metadata. Such a folder is a record when it is named as one (a number with a
slug, ``0012-x``, or a series' label, ``gep-1016``; a dated name is a page bundle's
as often) and holds a main document: its ``README``, its ``index``, or else its one
Markdown or reStructuredText file, or else the one named as the folder is without its
number. The folder's other files are attachments, never records.

A folder holding two or more such folders is a series when more than half of their
main documents are written as records or proposals (``named_folders.reads_as_record``:
a status, a Decision section, or the sections of a proposal). A numbered chapter of a
guide (``docs/01-install/README.md``) states no status and argues for nothing, so a
guide is not taken; nor is anything below a hidden folder, test fixtures or another
project's files. Then every record of the series is found, but for a template: a
folder named as one (``NNNN-template/``), or whose document's title is one (``RFC-NNNN
Title``, ``GEP-696: GEP template``). Where some but not most read as records, the main
documents are listed as passed over, with how many did.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Iterable

from assay.engine.files.opening import open_contained
from assay.engine.files.refusal import Refused
from assay.engine.reading.record_names import MAIN_NAMES, RECORD_SUFFIXES, record_number
from assay.engine.workspace.candidates import Candidate, Skipped
from assay.engine.workspace.named_folders import hidden, reads_as_record

#: How much of a main document is read: its title and status sit near the top.
_HEAD = 16 * 1024
#: Fewer record folders than this is no series.
_FEWEST = 2
# The title: a front matter `title:` or the first Markdown or reST heading (underlined).
_TITLE = re.compile(
    r"^(?:title:[ \t]*[\"']?(?P<front>[^\n]{1,200})"
    r"|#[ \t]+(?P<atx>[^\n]{1,200})"
    r"|(?P<rst>[^\s][^\n]{0,199})\r?\n(?:={3,}|-{3,}|~{3,}|\^{3,}|\*{3,}|#{3,})[ \t]*$)",
    re.MULTILINE,
)
# A title that is a template's: a placeholder number (`RFC-NNNN`, `KEP-XXXX`), or the
# word template ending it (`GEP-696: GEP template`, `Template`).
_TEMPLATE_TITLE = re.compile(
    r"^(?:[A-Za-z]{1,5}[- ]?)?(?:N{2,}|X{2,})\b|\b(?i:template)[\"']?[ \t]*$"
)


def folder_records(
    root: str,
    pool: Iterable[str],
    taken: Collection[str],
    in_records_folder: Callable[[str], bool],
    is_template: Callable[[str], bool],
) -> tuple[dict[str, Candidate], list[Skipped]]:
    """The records of series kept a folder a record, and the main documents passed
    over (a template, or a series not written as records).

    ``taken``: paths that are documents or specs already; ``in_records_folder``: True
    for a folder a records folder holds (its files are found there already).
    """
    series = _series(pool, taken, is_template)
    found: dict[str, Candidate] = {}
    skipped: list[Skipped] = []
    for outer, folders in sorted(series.items()):
        if len(folders) < _FEWEST or hidden(outer) or in_records_folder(outer):
            continue
        records, templates, written = _mains(root, folders, is_template)
        if len(records) >= _FEWEST and 2 * written > len(records):
            found.update((m, Candidate(path=m, origin="naming", folder=outer)) for m in records)
            skipped += [Skipped(path=m, reason="template") for m in sorted(templates)]
        elif written:
            detail = f"{written} of the {len(records)} record folders in {outer or '.'} read as one"
            skipped += [Skipped(path=m, reason="not-records", detail=detail) for m in records]
    return found, skipped


def _mains(
    root: str, folders: dict[str, list[str]], is_template: Callable[[str], bool]
) -> tuple[list[str], set[str], int]:
    """Each record folder's main document, read at its start: the records (in path
    order), the templates (by the folder's name or the title), and how many of the
    records are written as records."""
    mains = {f: m for f, files in folders.items() if (m := main_document(f, files))}
    heads = {m: _head(root, m) for m in mains.values()}
    templates = {
        m for f, m in mains.items() if is_template(f.rpartition("/")[2]) or _template(heads[m])
    }
    records = sorted(m for m in mains.values() if m not in templates)
    written = sum(reads_as_record(heads[m]) for m in records)
    return records, templates, written


def _series(
    pool: Iterable[str], taken: Collection[str], is_template: Callable[[str], bool]
) -> dict[str, dict[str, list[str]]]:
    """The files of record formats not taken already that lie in a folder named as a
    record (or as a template), by series (the folder above) and record folder."""
    series: dict[str, dict[str, list[str]]] = {}  # series -> record folder -> files
    for path in pool:
        folder, _, name = path.rpartition("/")
        if not name.lower().endswith(RECORD_SUFFIXES) or path in taken or not folder:
            continue
        outer, _, own = folder.rpartition("/")
        if _record_folder(own) or is_template(own):
            series.setdefault(outer, {}).setdefault(folder, []).append(path)
    return series


def _record_folder(name: str) -> bool:
    """A folder named as a record: numbered with a slug or a label, not a bare number
    (a year, a version) and not a date."""
    numbered = record_number(name)
    return numbered is not None and numbered[1] == "numbered" and not name.isdigit()


def main_document(folder: str, files: list[str]) -> str | None:
    """The record a record folder is: its README or index, else its one document,
    else the one named as the folder without its number; None when none is."""
    by_name = {path.rpartition("/")[2].lower(): path for path in files}
    for name in sorted(by_name):
        if name in MAIN_NAMES:
            return by_name[name]
    if len(files) == 1:
        return files[0]
    own = folder.rpartition("/")[2].lower()
    number = re.match(r"[a-z]*[-_ ]?\d+[-_ ]?", own)
    slug = own[number.end() :] if number else own
    return next((p for n, p in by_name.items() if n.rpartition(".")[0] == slug), None)


def _template(head: str) -> bool:
    """True when the document's title is a template's."""
    title = _TITLE.search(head)
    if title is None:
        return False
    text = (title["front"] or title["atx"] or title["rst"]).strip()
    return _TEMPLATE_TITLE.search(text) is not None


def _head(root: str, path: str) -> str:
    try:
        opened = open_contained(root, path)
        if isinstance(opened, Refused):
            return ""  # a link or a folder: discovery reports it where it is a document
        with opened:
            return os.read(opened.fileno(), _HEAD).decode("utf-8", "replace")
    except OSError:
        return ""  # unreadable now: it is no evidence either way
