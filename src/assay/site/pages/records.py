"""Each published record read once: its bytes, its parse, its reading, its facts.

The bytes are opened with ``open_contained`` (never through a symbolic link), parsed
and read under the type discovery gives them, as the check did; every page and
picture is then drawn from what this module returns, so no record is read twice.

The check has read each record already (from the file, or, warm, from its cache), so
its reading is taken (``Publication.readings``) when the bytes opened here are the ones
discovery stamped before the check: the blob git's index vouched for, else the size,
modification time and inode. A file that changed since, or whose stamp cannot be told
from its bytes (a git filter rewrote them), is read here as well.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import posixpath
import re
from collections.abc import Iterable, Sequence

from attrs import frozen

from assay.engine.files.opening import open_contained
from assay.engine.files.refusal import Refused
from assay.engine.reading.dates import Order, numeric_readings, series_order
from assay.engine.reading.read import read
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.workspace.candidates import Candidate, Stamp
from assay.engine.workspace.loading import type_for
from assay.engine.workspace.types import builtin_type
from assay.grammar.markdown.document import read_document as read_markdown
from assay.grammar.reader import is_rst, read_document
from assay.site.facts import RecordFacts, RelationFact, RelationKind
from assay.site.gate import Excluded, Publication
from assay.site.pages.rst_markdown import rst_markdown
from assay.spec.document import Document
from assay.spec.model import Model
from assay.spec.reading import Reading, RelationReading
from assay.spec.types import TypeSet

__all__ = ["PublishedRecord", "read_records"]

#: Names the decisions folder keeps for itself.
_RESERVED = frozenset({"index"})


@frozen(kw_only=True)
class PublishedRecord(Model):
    """A record as the pages need it: its facts, its text and its parse (for a
    ``.rst`` record, the Markdown written from it and its parse; its reading is the
    record's own)."""

    facts: RecordFacts
    #: Its page in the docs tree, ``decisions/<stem>.md``.
    source: str
    text: str
    #: Where each line of ``text`` starts, as the parser counted them.
    line_starts: tuple[int, ...]
    document: Document
    reading: Reading
    #: The record's own parse, when ``text`` is the Markdown written from it (``.rst``).
    origin: Document | None = None


#: A record read: its path, text, line starts, parse, reading and own parse (``.rst``).
_Read = tuple[str, str, tuple[int, ...], Document, Reading, Document | None]


def read_records(publication: Publication) -> tuple[list[PublishedRecord], list[Excluded]]:
    """Every published record read, in path order, and those that could not be (a
    link, not a regular file, not UTF-8), each with why."""
    workspace = publication.workspace
    candidates = {c.path: c for c in workspace.discovery.documents} if workspace else {}
    types = workspace.types if workspace is not None else None
    vocabularies: dict[str, Vocabulary] = {}
    read_ones: list[_Read] = []
    refused: list[Excluded] = []
    for path in publication.records:
        one = _read(publication, path, candidates.get(path), types, vocabularies)
        if isinstance(one, Excluded):
            refused.append(one)
        else:
            read_ones.append(one)
    published = {one[0] for one in read_ones}
    by_number: dict[int, list[str]] = {}
    for path, *_, reading, _origin in read_ones:
        number = _number(reading)
        if number is not None:
            by_number.setdefault(number, []).append(path)
    pages = page_names(publication.records)
    orders = _date_orders((path, reading) for path, *_, reading, _origin in read_ones)
    records = [
        PublishedRecord(
            facts=_facts(path, reading, pages[path], published, by_number, orders),
            source=f"{pages[path]}.md",
            text=text,
            line_starts=starts,
            document=document,
            reading=reading,
            origin=origin,
        )
        for path, text, starts, document, reading, origin in read_ones
    ]
    return records, refused


def _read(
    publication: Publication,
    path: str,
    candidate: Candidate | None,
    types: TypeSet | None,
    vocabularies: dict[str, Vocabulary],
) -> _Read | Excluded:
    """One record read under the type discovery gives it (``adr`` for a publication
    made without the workspace), or why it cannot be."""
    opened = open_contained(publication.root, path)
    if isinstance(opened, Refused):
        return Excluded(path=path, reason=f"{opened.code} {opened.message}")
    with opened, os.fdopen(os.dup(opened.fileno()), "rb") as stream:
        raw = stream.read()
        status = os.fstat(stream.fileno())
    parsed, locator = read_document(raw, path)
    document = parsed.value
    if document is None or locator is None:
        return Excluded(path=path, reason="cannot be read as a decision record")
    if candidate is not None and types is not None:
        doc_type = type_for(candidate, document, types)
    else:
        doc_type = builtin_type("adr")
    if doc_type is None:
        return Excluded(path=path, reason="cannot be read as a decision record")
    text = locator.text
    reading = publication.readings.get(path)
    if (
        reading is None
        or reading.type != doc_type.name
        or not _stamped(publication, path, raw, status)
    ):
        words = vocabularies.get(doc_type.name)
        if words is None:
            words = vocabularies[doc_type.name] = Vocabulary(doc_type)
        reading = read(document, text, words, locator)
    origin = None
    if is_rst(path, raw):
        # Its page is Markdown written from the same text, made safe as any record's.
        page, page_locator = read_markdown(rst_markdown(text, path).encode("utf-8"), path)
        if page.value is None or page_locator is None:
            return Excluded(path=path, reason="cannot be read as a decision record")
        text, locator, origin, document = page_locator.text, page_locator, document, page.value
    return (path, text, tuple(locator.line_starts), document, reading, origin)


def _stamped(publication: Publication, path: str, raw: bytes, status: os.stat_result) -> bool:
    """Whether ``raw``, opened with ``status``, are the bytes discovery stamped before
    the check read them (so the check's reading is theirs)."""
    workspace = publication.workspace
    stamp: Stamp | None = workspace.discovery.stamps.get(path) if workspace else None
    if isinstance(stamp, str):  # a blob id: git's digest of the content
        digest = hashlib.sha1 if len(stamp) == 40 else hashlib.sha256
        return digest(b"blob %d\0" % len(raw) + raw).hexdigest() == stamp
    if stamp is not None:
        return stamp == (status.st_size, status.st_mtime_ns, status.st_ino)
    return False


def page_names(paths: Sequence[str]) -> dict[str, str]:
    """Each record's page, ``decisions/<stem>``: the file name without ``.md`` (or
    ``.rst``); a stem
    taken already (by an earlier path, any case, or ``index``) gets ``-2``, ``-3`` …"""
    stems = [_stem(path) for path in paths]
    natural = {stem.casefold() for stem in stems}  # a suffixed name never takes one
    used = set(_RESERVED)
    names: dict[str, str] = {}
    for path, stem in zip(paths, stems, strict=True):
        name, n = stem, 1
        while name.casefold() in used or (n > 1 and name.casefold() in natural):
            n += 1
            name = f"{stem}-{n}"
        used.add(name.casefold())
        names[path] = f"decisions/{name}"
    return names


def _stem(path: str) -> str:
    name = posixpath.basename(path)
    for suffix in (".md", ".rst"):
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return name


def _number(reading: Reading) -> int | None:
    if reading.number is not None:
        return reading.number
    return reading.title.number if reading.title is not None else None


def _facts(
    path: str,
    reading: Reading,
    page: str,
    published: set[str],
    by_number: dict[int, list[str]],
    orders: dict[str, Order],
) -> RecordFacts:
    status = reading.value("Status")
    return RecordFacts(
        path=path,
        page=f"{page}/",
        number=_number(reading),
        title=reading.title.text if reading.title is not None else _stem(path),
        status=status.lower() if status else None,
        date=_date(_iso(path, reading, orders)),
        relations=tuple(
            RelationFact(kind=_kind(relation), name=relation.name, target=target)
            for relation in reading.relations
            for target in _targets(path, relation, published, by_number)
        ),
        date_id=_date_id(path, _number(reading)),
    )


def _date_orders(readings: Iterable[tuple[str, Reading]]) -> dict[str, Order]:
    """Folder -> the order its records write numeric dates in, where they show one."""
    raws: dict[str, list[str]] = {}
    for path, reading in readings:
        raws.setdefault(posixpath.dirname(path), []).extend(_date_raws(reading))
    return {folder: order for folder, found in raws.items() if (order := series_order(found))}


def _date_raws(reading: Reading) -> list[str]:
    return [f.raw for f in reading.fields if f.name.casefold() == "date" and f.date_kind]


def _iso(path: str, reading: Reading, orders: dict[str, Order]) -> str | None:
    """The record's date; a date either order could read (`10/04/18`) read in the
    order its folder's other dates show (`26/03/2018`: day-first)."""
    if reading.date is not None:
        return reading.date.iso
    order = orders.get(posixpath.dirname(path))
    if order is None:
        return None
    found = (numeric_readings(raw).get(order) for raw in _date_raws(reading))
    return next((iso for iso in found if iso is not None), None)


def _date(value: str | None) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value) if value else None
    except ValueError:
        return None


#: The relations a picture draws, by name, and what a relation whose inverse has that
#: name is (a type's ``relation "Obsoleted by" inverse "Supersedes"``).
_KINDS: dict[str, RelationKind] = {
    "supersedes": "supersedes",
    "superseded by": "superseded-by",
    "amends": "amends",
    "amended by": "amended-by",
}
_INVERSE_KINDS: dict[str, RelationKind] = {
    "supersedes": "superseded-by",
    "superseded by": "supersedes",
    "amends": "amended-by",
    "amended by": "amends",
}
#: A date-named record's file: ``20240115-x.md`` or ``2024-01-15-x.md``.
_DATE_NAME = re.compile(r"(\d{8}|\d{4}-\d{2}-\d{2})(?=[-_.])")


def _kind(relation: RelationReading) -> RelationKind:
    """Whichever side states a supersession or amendment, the graph draws it."""
    name = relation.name.casefold()
    inverse = (relation.inverse or "").casefold()
    return _KINDS.get(name) or _INVERSE_KINDS.get(inverse) or "other"


def _date_id(path: str, number: int | None) -> str | None:
    found = _DATE_NAME.match(posixpath.basename(path)) if number is None else None
    return found[1] if found else None


def _targets(
    path: str, relation: RelationReading, published: set[str], by_number: dict[int, list[str]]
) -> list[str]:
    """The published records a relation names: by its link, else by number (the one in
    the same folder when several records share it)."""
    found: list[str] = []
    folder = posixpath.dirname(path)
    for target in relation.targets:
        hit = None
        if target.destination is not None:
            linked = target.destination.split("#", 1)[0].split("?", 1)[0]
            joined = posixpath.normpath(posixpath.join(folder, linked)) if linked else ""
            hit = joined if joined in published else None
        if hit is None and target.number is not None:
            named = by_number.get(target.number, [])
            near = [p for p in named if posixpath.dirname(p) == folder]
            hit = (near or named)[0] if near or named else None
        if hit is not None and hit != path and hit not in found:
            found.append(hit)
    return found
