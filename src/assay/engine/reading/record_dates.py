"""A record's date, from where its series keeps it (issue 25 §1).

In order: the first Date field whose date is certain (``12 March 2023`` is, and still
earns its FLD007; ``05/03/2023`` is not); else a dated file name, log4brains'
``20240115-use-x.md`` (or ``2024-01-15-use-x.md``, or ``<dated>/index.md``); else the
earliest certain date of a changelog section (``## Changelog``, ``## History``,
``## Revision history`` …), whichever order its entries are kept in: a record is
dated when it was first written, as adr-tools' Date line is, and the Cosmos family's
changelogs start with ``- 2020 Jan 20: Initial draft``.

A changelog's dates are read, not checked: only the Date field is held to ISO.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from assay.engine.reading.dates import read_date
from assay.engine.reading.record_names import record_number
from assay.engine.reading.vocabulary import fold
from assay.grammar.locate import Locator
from assay.spec.document import ListBlock, Paragraph, Section, Table
from assay.spec.reading import FieldReading, RecordDate

#: Headings (folded) of the sections that list a record's changes with their dates.
CHANGELOG_SECTIONS = frozenset(
    {
        "changelog",
        "change log",
        "changes log",
        "history",
        "change history",
        "revision history",
        "document history",
        "version history",
    }
)


def record_date(
    path: str, fields: Sequence[FieldReading], walked: Sequence[Section], locator: Locator
) -> RecordDate | None:
    """The date of the record at ``path``, or None when it states none."""
    for field in fields:
        if field.date_kind is not None and field.value and field.name.casefold() == "date":
            return RecordDate(iso=field.value, source="field", span=field.span)
    named = file_name_date(path)
    if named is not None:
        return RecordDate(iso=named, source="file-name")
    return _changelog_date(walked, locator)


def file_name_date(path: str) -> str | None:
    """``2024-01-15`` for ``20240115-x.md``, ``2024-01-15-x.md`` or ``20240115-x/index.md``."""
    name = posixpath.basename(path)
    if name.lower() in ("index.md", "readme.md"):
        name = posixpath.basename(posixpath.dirname(path))
    numbered = record_number(name)
    if numbered is None or numbered[1] != "dated":
        return None
    digits = f"{numbered[0]:08d}"
    return f"{digits[:4]}-{digits[4:6]}-{digits[6:]}"


def _changelog_date(walked: Sequence[Section], locator: Locator) -> RecordDate | None:
    earliest: RecordDate | None = None
    for section in walked:
        if fold(section.heading.text) not in CHANGELOG_SECTIONS:
            continue
        for block in _blocks(section):
            found = _earliest_in(block.span.line, block.span.end_line, locator)
            if found is not None and (earliest is None or found.iso < earliest.iso):
                earliest = found
        if earliest is not None:
            return earliest  # the first changelog section that dates anything
    return None


def _blocks(section: Section) -> list[Paragraph | ListBlock | Table]:
    """The section's text blocks, its sub-sections' included (never code: a sample
    log line is no entry)."""
    found: list[Paragraph | ListBlock | Table] = []
    stack = [section]
    while stack:
        current = stack.pop()
        found += [b for b in current.blocks if isinstance(b, (Paragraph, ListBlock, Table))]
        stack.extend(current.children)
    return found


def _earliest_in(first: int, last: int, locator: Locator) -> RecordDate | None:
    """The earliest certain date among the first date of each line ``first..last``."""
    text, starts = locator.text, locator.line_starts
    earliest: RecordDate | None = None
    for index in range(first - 1, min(last, len(starts))):
        start = starts[index]
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        date = read_date(text[start:end])
        if date.iso is None or (earliest is not None and date.iso >= earliest.iso):
            continue
        span = locator.span_on(start + date.start, start + date.end, index, index)
        earliest = RecordDate(iso=date.iso, source="changelog", span=span)
    return earliest
