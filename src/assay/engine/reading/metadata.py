"""Where a record states its metadata, found: every declared key with its raw value.

The places, in the order a reader meets them (ADR-FORMATS.md "Status, date,
relations"): front matter; ``Key: value`` lines and bullets and metadata tables in the
preamble (before the first heading, or under the title's H1 before its first
sub-heading); a heading named after a field (``## Status`` and its first paragraph,
list or quote) or holding the value (``## Status: accepted``); a ``## Metadata``
section, or one whose heading asks for a field (``## Proposal Status``).  Elsewhere,
a paragraph or list counts only when it starts with a declared key, so prose that
mentions a key in passing is never read as metadata — but a ``## Links`` list of
``- Supersedes [ADR 3](0003-x.md)`` is.  (Where none of these states the status, the
title's prefix may: ``title_status``.)

Only the record's opening states its fields that way: once its body has begun (at the
first prose section, ``## Context`` or ``## Decision``), a ``**Status**: Completed``
under ``### Task 1`` is the task's progress, not the record's status, and only the
relations such a section states are read.  A table states fields only in the
preamble or a section named after a field: deeper in the body, a schema's
``| date | timestamp |`` row is content, and only the relations a table states
(``| Supersedes | [ADR 1](..) |``) are read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from attrs import frozen

from assay.engine.reading.lines import read_line
from assay.engine.reading.plain import PlainSection
from assay.engine.reading.vocabulary import HeadingRole, Vocabulary, fold, fold_key
from assay.grammar.locate import Locator
from assay.spec.document import (
    Block,
    BlockQuote,
    Document,
    ListBlock,
    Paragraph,
    Section,
    Table,
)
from assay.spec.model import Model
from assay.spec.reading import FieldSource
from assay.spec.source import Span
from assay.spec.specfile import FieldDecl, RelationDecl

#: Headings (folded) of the sections that list a record's relations.
LINK_SECTIONS = frozenset(
    {"links", "related", "related decisions", "related records", "related adrs"}
)
#: Headings (folded) of the sections that hold a record's metadata lines.
METADATA_SECTIONS = frozenset({"metadata"})


@frozen
class Found(Model):
    """A declared key and its value, wherever it was stated."""

    decl: FieldDecl | RelationDecl
    key: str
    key_span: Span | None
    raw: str
    span: Span
    source: FieldSource
    #: The value's offsets in the document text; None for front matter (a YAML value
    #: is not one stretch of text).
    offsets: tuple[int, int] | None


def find_metadata(
    document: Document,
    locator: Locator,
    words: Vocabulary,
    plain_sections: tuple[PlainSection, ...],
    walked: Sequence[Section] | None = None,
) -> list[Found]:
    """Every declared field and relation key in ``document``, in document order.

    ``walked`` is ``document.walk_sections()`` when the caller has it already.
    """
    if walked is None:
        walked = document.walk_sections()
    found = list(_front_matter(document, words))
    places = _Places(list(document.preamble))
    if plain_sections:
        places.place_plain(document, words, plain_sections)
    scan = _Scan(locator, words)
    headings = places.place_sections(document, words, walked, scan)
    places.read(scan, found)
    found.extend(headings)
    for plain in plain_sections:  # `Status` on a line of its own, then `Accepted`
        _heading(plain.heading, plain.span, plain.blocks, scan, found)
    found.sort(key=_order)
    return found


class _Places:
    """The document's blocks, sorted by how their keys are read."""

    __slots__ = ("body", "keyed", "lenient", "links", "prose", "strict")

    def __init__(self, lenient: list[Block]) -> None:
        #: The preamble's blocks (and the title H1's): any key line states a field.
        self.lenient = lenient
        #: The opening's blocks: a paragraph or list states a field when it starts
        #: with a declared key; its tables are content.
        self.strict: list[Block] = []
        # Blocks of a section named after a field (`## Status`): its tables state fields
        # too. A table anywhere else in the body is content (a schema's `| date | … |`
        # row); only the relations it states are read.
        self.keyed: list[Block] = []
        # Blocks of a prose section (Context, Decision …): `Status: the migration is half
        # done` there is a sentence, not the record's status; only relations are read.
        self.prose: list[Block] = []
        # A `## Links` list: every bullet may state a relation, whichever comes first
        # (real lists start with a pull request's link as often as with `Supersedes`).
        self.links: list[Block] = []
        # Sections past the record's opening (its first prose section): content, whose
        # `**Status**: Completed` lines say how a task stands, not the record.
        self.body: list[Block] = []

    def place_plain(
        self, document: Document, words: Vocabulary, plain_sections: tuple[PlainSection, ...]
    ) -> None:
        """Place the blocks of the sections headed by a plain line (`Status` on a line
        of its own): the preamble ends at the first; each one's blocks go where its
        heading's role says."""
        first = plain_sections[0].span.start
        self.lenient = [b for b in document.preamble if b.span.start < first]
        for plain in plain_sections:
            role = words.heading(plain.heading)
            place = (
                self.prose if role.prose else self.keyed if _states_fields(role) else self.strict
            )
            place.extend(plain.blocks)

    def place_sections(
        self, document: Document, words: Vocabulary, walked: Sequence[Section], scan: _Scan
    ) -> list[Found]:
        """Place each section's blocks by its heading and where it stands (the title's
        H1, a links section, a prose section, one named after a field, the opening or
        the body); returns what the headings themselves state (`## Status: accepted`)."""
        tops = {id(top) for top in document.sections}
        nested = _nested(document) if len(walked) > len(tops) else set()
        headings: list[Found] = []
        # A record titled by its first heading (no H1): that heading's section is where
        # its metadata table is, as the H1's is for others.
        titled = {t.span for t in document.titles if t.source == "heading"}
        title_h1 = next((t.span for t in document.titles if t.source == "h1"), None)
        opening = True
        for section in walked:
            heading = section.heading
            fields = id(section) not in nested
            if heading.level == 1 and heading.span == title_h1 and id(section) in tops:
                self.lenient.extend(section.blocks)  # a record titled by its H1: its preamble
            elif fold(heading.text) in LINK_SECTIONS:
                self.links.extend(section.blocks)
            else:
                role = words.heading(heading.text)
                named = fields and (_states_fields(role) or fold(heading.text) in METADATA_SECTIONS)
                if role.prose:
                    self.prose.extend(section.blocks)
                    opening = False
                elif heading.span in titled or named:
                    self.keyed.extend(section.blocks)  # the title's own section, or `## Status`
                elif opening and fields:
                    self.strict.extend(section.blocks)
                else:
                    self.body.extend(section.blocks)
            _heading(heading.text, heading.span, section.blocks, scan, headings, fields=fields)
        return headings

    def read(self, scan: _Scan, found: list[Found]) -> None:
        """Read each place's keys as its place allows into ``found``: fields and
        relations from the preamble, the keyed sections and the opening; only the
        relations of the body, the prose and the links."""
        _blocks(self.lenient, scan, found, strict=False)
        _blocks(self.keyed, scan, found, strict=True)
        _blocks(self.strict, scan, found, strict=True, table_fields=False)
        in_prose: list[Found] = []
        _blocks(self.body, scan, in_prose, strict=True, table_fields=False)
        _blocks(self.prose, scan, in_prose, strict=True)
        _blocks(self.links, scan, in_prose, strict=False)
        found.extend(f for f in in_prose if isinstance(f.decl, RelationDecl))


def _nested(document: Document) -> set[int]:
    """The ids of sections inside a section other than the title's.

    Their headings are content: a `### Status` under `## Data Types` describes an
    interface's status, not the record's.  The title's section is a top H1, or the
    first heading when it is the title (a record without an H1).
    """
    titled = {t.span for t in document.titles if t.source in ("h1", "heading")}
    nested: set[int] = set()
    for top in document.sections:
        title = top.heading.level == 1 or top.heading.span in titled
        # Under the title, its sub-sections' sections are nested; elsewhere, any.
        below = top.children if not title else [c for s in top.children for c in s.children]
        stack = list(below)
        while stack:
            section = stack.pop()
            nested.add(id(section))
            stack.extend(section.children)
    return nested


def _order(found: Found) -> tuple[bool, int]:
    return (found.source != "front-matter", found.span.start)


def _front_matter(document: Document, words: Vocabulary) -> Iterator[Found]:
    if document.front_matter is None:
        return
    for entry in document.front_matter.entries:
        # `worker-model` may be declared as written, or read as `worker model`.
        key, spaced = fold(entry.key), fold_key(entry.key)
        decl = (
            words.fields.get(key)
            or words.fields.get(spaced)
            or words.relations.get(key)
            or words.relations.get(spaced)
        )
        if decl is not None and entry.value is not None:
            raw = _yaml_text(entry.value)
            yield Found(decl, entry.key, None, raw, entry.span, "front-matter", None)


def _yaml_text(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_yaml_text(item) for item in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class _Scan:
    """One document as the metadata readers go through it."""

    __slots__ = ("locator", "pieces", "starts", "text", "words")

    def __init__(self, locator: Locator, words: Vocabulary) -> None:
        self.locator = locator
        self.text = locator.text
        self.starts = locator.line_starts
        self.words = words
        # No `·` or `•` in the whole text: no line need look for a second piece.
        self.pieces = "·" in self.text or "•" in self.text


def _states_fields(role: HeadingRole) -> bool:
    """A heading named after a field (`## Status`) or asking for one (`## What is the
    status of the proposal?` then `Status: Proposed`)."""
    return isinstance(role.key, FieldDecl) or role.mentions is not None


def _blocks(
    blocks: Iterable[Block],
    scan: _Scan,
    out: list[Found],
    *,
    strict: bool,
    table_fields: bool = True,
) -> None:
    """Add to ``out`` what ``blocks`` state (lists, not generators: this runs for every
    block of every record); ``table_fields`` False: of a table, its relations only."""
    # Most blocks are prose read strictly: when the first character of the first line
    # rules out a key (as `read_line` would judge it), the block holds none.
    quick = strict and not scan.pieces
    text, starts, may_start_key = scan.text, scan.starts, scan.words.may_start_key
    for block in blocks:
        if isinstance(block, (Paragraph, ListBlock, BlockQuote)):
            if quick:
                first = starts[block.span.line - 1]
                if not may_start_key(text[first : first + 1]):
                    continue
            _lines(block.span, scan, out, strict=strict)
        elif isinstance(block, Table):
            found = _table(block, scan.locator, scan.words)
            out.extend(found if table_fields else _relations(found))


def _lines(span: Span, scan: _Scan, out: list[Found], *, strict: bool) -> None:
    """Add to ``out`` the keys of the lines of ``span``; ``strict``: only when the first
    line holds one."""
    text, starts, words, pieces = scan.text, scan.starts, scan.words, scan.pieces
    first = span.line - 1
    last = span.end_line - (1 if span.end_column == 1 and span.end_line > span.line else 0)
    for index in range(first, last):
        end = _line_end(text, starts, index)
        pairs = read_line(text, starts[index], end, words, pieces=pieces)
        if not pairs:
            if strict and index == first:
                return  # prose that does not start with a key: not a metadata block
            continue
        locator = scan.locator
        for pair in pairs:
            source: FieldSource = "bullet" if pair.bullet else "line"
            out.append(
                Found(
                    pair.decl,
                    text[pair.key_start : pair.key_end],
                    # Both on line ``index``: no search for their lines.
                    locator.span_on(pair.key_start, pair.key_end, index, index),
                    text[pair.value_start : pair.value_end],
                    locator.span_on(pair.value_start, pair.value_end, index, index),
                    source,
                    (pair.value_start, pair.value_end),
                )
            )


def _line_end(text: str, starts: list[int], index: int) -> int:
    """Where line ``index`` ends, before its line break (what ``Locator.line_span``
    ends at, without building a span for every line of every block)."""
    end = starts[index + 1] if index + 1 < len(starts) else len(text)
    start = starts[index]
    while end > start and text[end - 1] in "\r\n":
        end -= 1
    return end


def _relations(found: Iterable[Found]) -> Iterator[Found]:
    return (f for f in found if isinstance(f.decl, RelationDecl))


#: Column headings (folded) that make a table a log of changes, not the record's fields.
_HISTORY_COLUMNS = frozenset({"revision", "change", "changes", "info", "comment", "comments"})


def _table(table: Table, locator: Locator, words: Vocabulary) -> Iterator[Found]:
    rows = table.rows
    header = rows[0].cells if rows else ()
    keyed_header = [words.fields.get(fold(cell.text)) for cell in header]
    first_cells = [fold(row.cells[0].text) for row in rows[1:] if row.cells]
    keyed_rows = any(c in words.fields or c in words.relations for c in first_cells)
    if any(fold(cell.text) in _HISTORY_COLUMNS for cell in header):
        # `| Revision | Date | Author | Info |`: a log of edits, each row one; its
        # Date and Author are an edit's, not the record's.
        return
    if any(keyed_header) and len(rows) == 2 and not keyed_rows:
        # `| Status | Date |` over one row of values: the keys are the columns.  A
        # header row `| **Status** | Accepted |` over `| Date | … |` is a key row.
        for decl, key, cell in zip(keyed_header, header, rows[1].cells, strict=False):
            if decl is not None and cell.text:
                yield _cell(decl, key.text, key.span, cell.text, cell.span, locator)
        return
    for row in rows:
        if len(row.cells) < 2:
            continue
        key, cell = row.cells[0], row.cells[1]
        named = words.fields.get(fold(key.text)) or words.relations.get(fold(key.text))
        if named is not None and cell.text:
            yield _cell(named, key.text, key.span, cell.text, cell.span, locator)


def _cell(
    decl: FieldDecl | RelationDecl, key: str, key_span: Span, raw: str, span: Span, locator: Locator
) -> Found:
    start = _char_offset(locator, span)
    return Found(decl, key, key_span, raw, span, "table", (start, start + len(raw)))


def _char_offset(locator: Locator, span: Span) -> int:
    return locator.line_starts[span.line - 1] + span.column - 1


def _first_statement(blocks: Iterable[Block]) -> Paragraph | ListBlock | None:
    """The first paragraph or list of ``blocks``, inside a block quote too: what a
    heading named after a key states (``## Status`` then ``> Accepted``)."""
    for block in blocks:
        if isinstance(block, (Paragraph, ListBlock)):
            return block
        if isinstance(block, BlockQuote):
            quoted = _first_statement(block.blocks)
            if quoted is not None:
                return quoted
    return None


def _heading(
    text: str,
    span: Span,
    blocks: Sequence[Block],
    scan: _Scan,
    out: list[Found],
    *,
    fields: bool = True,
) -> None:
    """A heading named after a field or relation (``## Status`` then ``Accepted``;
    ``### Amended by`` then a link), or holding the value (``## Status: accepted``).

    ``fields`` False: the heading is nested in another section, and only a relation
    heading is read (a field named there is the section's content)."""
    locator = scan.locator
    role = scan.words.heading(text)
    decl = role.key
    if not fields and not isinstance(decl, RelationDecl):
        return
    if decl is not None:
        first = _first_statement(blocks)
        if first is None:
            return
        stated: list[Found] = []
        _lines(first.span, scan, stated, strict=True)
        if any(isinstance(f.decl, FieldDecl) for f in stated):
            return  # `## Status` then `Status: Accepted`: the line is read as a line
        start = _char_offset(locator, first.span)
        end = locator.line_starts[first.span.end_line - 1] + first.span.end_column - 1
        raw = locator.text[start:end]
        out.append(Found(decl, text, span, raw, first.span, "heading", (start, end)))
        return
    key, _, value = text.partition(":")
    inline = role.inline
    if inline is None or not value.strip():
        return
    # Find the value in the heading as written, so its span is exact.
    start = _char_offset(locator, span)
    line = locator.text[start : start + span.end_column - span.column]
    at = line.rfind(value.strip())
    if at < 0:
        return
    begin = start + at
    end = begin + len(value.strip())
    out.append(
        Found(
            inline,
            key.strip(),
            span,
            value.strip(),
            locator.span(begin, end),
            "heading-inline",
            (begin, end),
        )
    )
