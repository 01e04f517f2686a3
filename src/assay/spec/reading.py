"""A typed reading: what a document means under its type.

The document model (``assay.spec.document``) says what is in a file; a reading says
what the type makes of it — the title and its number, each declared field with the
place it came from, the canonical name of each section, and the relations to other
records.  Checks work on readings, and ``assay parse FILE --type NAME`` prints one so a
user can see why a finding was or was not reported.

Nothing here is a judgement: a status that is not allowed is read (``value`` is None),
an impossible date is read (``date_kind`` says so); the checks decide what to report.
"""

from __future__ import annotations

from typing import Any, Literal

from attrs import frozen

from assay.spec.model import Model
from assay.spec.source import Span

#: No unions of models here; ``assay.spec.convert`` reads this mapping all the same.
UNIONS: dict[Any, dict[str, type]] = {}

FieldSource = Literal[
    "front-matter",  # a YAML key
    "table",  # a metadata table row (`| Status | Accepted |`) or column
    "line",  # a `Key: value` line, alone or with other keys, in the preamble
    "bullet",  # a `- Key: value` list item
    "heading",  # `## Status` and then its first paragraph
    "heading-inline",  # `## Status: accepted`
    "title",  # the title's prefix: `# Draft: Use Kafka`
    "toml",  # a top-level key of a TOML manifest (an analysis run's `run.toml`)
]
DateKind = Literal["iso", "ambiguous", "impossible", "placeholder", "unrecognized"]
#: Where a record's date came from: its Date field, a dated file name (log4brains'
#: `20240115-x.md`), or the earliest date of its changelog section.
DateSource = Literal["field", "file-name", "changelog"]
TitleSource = Literal["front-matter", "h1", "heading", "first-line", "file-name"]


@frozen(kw_only=True)
class FieldReading(Model):
    """One occurrence of a declared field; a field given twice is read twice."""

    #: The field as the type declares it, e.g. ``Status``.
    name: str
    #: The key as written, e.g. ``status`` or ``**Status:**``.
    key: str
    #: The value as written, markup and all.
    raw: str
    #: The value read: a status's canonical name (None when it is not an allowed
    #: value), a date in ISO form (None when it cannot be known), else the text
    #: without markup.
    value: str | None
    source: FieldSource
    #: Where the value is; for a heading source, its first paragraph.
    span: Span
    #: Where the key is (None for a metadata table column's header-less value).
    key_span: Span | None = None
    #: True for a template leftover (`{proposed | accepted}`, `YYYY-MM-DD`).
    placeholder: bool = False
    #: For a ``format date`` field: what kind of date the value is.
    date_kind: DateKind | None = None
    #: Why the value reads as it does, when that is worth telling (ambiguous dates).
    note: str | None = None


@frozen(kw_only=True)
class SectionReading(Model):
    """A section of the document, named as the type names it."""

    #: The declared section name this heading matches (``Context`` for "Context and
    #: Problem Statement"), or the heading text when the type declares no such section.
    name: str
    #: True when ``name`` is a section the type declares.
    declared: bool
    #: The heading as written.
    heading: str
    #: 1 to 6 for a Markdown heading, 0 for a plain-text line standing alone.
    level: int
    #: The heading (or line).
    span: Span
    #: The text of the section up to the next heading, nested sections included,
    #: after the value a heading may hold (``use Kafka`` in ``## Decision: use
    #: Kafka``); empty when the section holds nothing.
    text: str
    #: From the end of the heading to the end of the section (None when empty).
    body: Span | None = None
    #: True when the body is only a template placeholder or comments.
    placeholder: bool = False
    #: True when the heading is a bold line (``**Context**``), not a Markdown heading.
    bold: bool = False


@frozen(kw_only=True)
class RelationTarget(Model):
    """Another record a relation points at."""

    #: The target as written: a link's text, or a bare ID such as ``ADR-0057``.
    text: str
    #: A link's destination; None for a bare ID.
    destination: str | None
    #: The record number named or linked (from the ID or the linked file's name).
    number: int | None
    span: Span


@frozen(kw_only=True)
class RelationReading(Model):
    """A declared relation to other records: ``Superseded by [ADR 5](0005-x.md)``."""

    #: The relation as the type declares it, e.g. ``Superseded by``.
    name: str
    #: The relation the target should state back, e.g. ``Supersedes``.
    inverse: str | None
    targets: tuple[RelationTarget, ...]
    #: Where the relation is stated; a relation inside a Status value says ``line``,
    #: ``bullet`` … after where the status is.
    source: FieldSource
    span: Span


@frozen(kw_only=True)
class TitleReading(Model):
    """The document's title, with a record-number prefix read off."""

    #: The title without a record-number prefix (``Use Kafka`` for ``ADR 016: Use Kafka``).
    text: str
    #: The title as written.
    raw: str
    source: TitleSource
    #: None for a title taken from the file name.
    span: Span | None
    #: The number in the prefix (16 for ``ADR 016:``), if any; for a front-matter title
    #: without one, the number of the first H1's prefix.
    number: int | None = None
    #: True for an unfilled template title (``# n. Title``, ``# ADR-XXXX``).
    placeholder: bool = False
    #: Where ``number`` (or the unfilled prefix) was read: the title itself, or the
    #: first H1 when a front-matter title has no number (``title: Use Kafka`` above
    #: ``# 7. Use Kafka``); None when there is neither.
    prefix_span: Span | None = None


@frozen(kw_only=True)
class RecordDate(Model):
    """When a record was made, read from where its series keeps it."""

    #: ``YYYY-MM-DD``.
    iso: str
    source: DateSource
    #: The date as written; None for a file name.
    span: Span | None = None


@frozen(kw_only=True)
class Reading(Model):
    """A document read under a type."""

    path: str
    #: The document type, e.g. ``adr``.
    type: str
    #: Every type the document's type derives from, itself first.
    lineage: tuple[str, ...]
    title: TitleReading | None
    #: The record number in the file name (``0007-use-kafka.md`` -> 7), if any.
    number: int | None
    #: Every occurrence of a declared field, in document order (front matter first).
    fields: tuple[FieldReading, ...]
    #: Every section, in document order.
    sections: tuple[SectionReading, ...]
    relations: tuple[RelationReading, ...]
    #: The record's date, what the site orders and shows it by: the first Date field
    #: whose date is certain, else a dated file name, else the earliest date of a
    #: changelog section; None when there is none.
    date: RecordDate | None = None

    def field(self, name: str) -> tuple[FieldReading, ...]:
        """Every occurrence of the declared field ``name`` (as declared, any case)."""
        folded = name.casefold()
        return tuple(f for f in self.fields if f.name.casefold() == folded)

    def value(self, name: str) -> str | None:
        """The first value read for field ``name``, or None."""
        found = self.field(name)
        return found[0].value if found else None

    def section(self, name: str) -> tuple[SectionReading, ...]:
        """Every section read as the declared section ``name``."""
        folded = name.casefold()
        return tuple(s for s in self.sections if s.declared and s.name.casefold() == folded)
