"""Where a record states its metadata, found: every declared key with its raw value.

The places, in the order a reader meets them (ADR-FORMATS.md "Status, date,
relations"): front matter; ``Key: value`` lines and bullets and metadata tables in the
preamble (before the first heading, or under the H1 before its first sub-heading); a
heading named after a field (``## Status`` and its first paragraph) or holding the
value (``## Status: accepted``).  Elsewhere, a paragraph or list counts only when it
starts with a declared key, so prose that mentions a key in passing is never read as
metadata — but a ``## Links`` list of ``- Supersedes [ADR 3](0003-x.md)`` is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from attrs import frozen

from assay.engine.reading.lines import read_line
from assay.engine.reading.plain import PlainSection
from assay.engine.reading.vocabulary import Vocabulary, fold, fold_key
from assay.grammar.locate import Locator
from assay.spec.document import (
    Block,
    BlockQuote,
    Document,
    ListBlock,
    Paragraph,
    Table,
)
from assay.spec.reading import FieldSource
from assay.spec.source import Span
from assay.spec.specfile import FieldDecl, RelationDecl


@frozen
class Found:
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
) -> list[Found]:
    """Every declared field and relation key in ``document``, in document order."""
    found = list(_front_matter(document, words))
    lenient: list[Block] = list(document.preamble)
    strict: list[Block] = []
    # Blocks of a prose section (Context, Decision …): `Status: the migration is half
    # done` there is a sentence, not the record's status; only relations are read.
    prose: list[Block] = []
    if plain_sections:
        first = plain_sections[0].span.start
        lenient = [b for b in document.preamble if b.span.start < first]
        for plain in plain_sections:
            (prose if _is_prose(plain.heading, words) else strict).extend(plain.blocks)
    tops = {id(top) for top in document.sections}
    for section in document.walk_sections():
        if section.heading.level == 1 and id(section) in tops:
            lenient.extend(section.blocks)  # a record titled by its H1: its preamble
        elif _is_prose(section.heading.text, words):
            prose.extend(section.blocks)
        else:
            strict.extend(section.blocks)
    found.extend(_blocks(lenient, locator, words, strict=False))
    found.extend(_blocks(strict, locator, words, strict=True))
    found.extend(
        f for f in _blocks(prose, locator, words, strict=True) if isinstance(f.decl, RelationDecl)
    )
    for section in document.walk_sections():
        heading = section.heading
        found.extend(_heading(heading.text, heading.span, section.blocks, locator, words))
    for plain in plain_sections:  # `Status` on a line of its own, then `Accepted`
        found.extend(_heading(plain.heading, plain.span, plain.blocks, locator, words))
    found.sort(key=lambda f: (f.source != "front-matter", f.span.start))
    return found


def _is_prose(heading: str, words: Vocabulary) -> bool:
    """True for a declared section that is not named after a field (``## Status``)."""
    name = fold(heading)
    return name in words.sections and name not in words.fields


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


def _blocks(
    blocks: Iterable[Block], locator: Locator, words: Vocabulary, *, strict: bool
) -> Iterator[Found]:
    for block in blocks:
        if isinstance(block, (Paragraph, ListBlock, BlockQuote)):
            yield from _lines(block.span, locator, words, strict=strict)
        elif isinstance(block, Table):
            yield from _table(block, locator, words)


def _lines(span: Span, locator: Locator, words: Vocabulary, *, strict: bool) -> Iterator[Found]:
    text, starts = locator.text, locator.line_starts
    last = span.end_line - (1 if span.end_column == 1 and span.end_line > span.line else 0)
    for index in range(span.line - 1, last):
        line = locator.line_span(index)
        start = starts[index]
        pairs = list(read_line(text, start, start + line.end_column - 1, words))
        if strict and index == span.line - 1 and not pairs:
            return  # prose that does not start with a key: not a metadata block
        for pair in pairs:
            source: FieldSource = "bullet" if pair.bullet else "line"
            yield Found(
                pair.decl,
                text[pair.key_start : pair.key_end],
                locator.span(pair.key_start, pair.key_end),
                text[pair.value_start : pair.value_end],
                locator.span(pair.value_start, pair.value_end),
                source,
                (pair.value_start, pair.value_end),
            )


def _table(table: Table, locator: Locator, words: Vocabulary) -> Iterator[Found]:
    rows = table.rows
    header = rows[0].cells if rows else ()
    keyed_header = [words.fields.get(fold(cell.text)) for cell in header]
    first_cells = [fold(row.cells[0].text) for row in rows[1:] if row.cells]
    keyed_rows = any(c in words.fields or c in words.relations for c in first_cells)
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


def _heading(
    text: str, span: Span, blocks: Sequence[Block], locator: Locator, words: Vocabulary
) -> Iterator[Found]:
    """A heading named after a field or relation (``## Status`` then ``Accepted``;
    ``### Amended by`` then a link), or holding the value (``## Status: accepted``)."""
    decl = words.fields.get(fold(text)) or words.relations.get(fold(text))
    if decl is not None:
        first = next((b for b in blocks if isinstance(b, (Paragraph, ListBlock))), None)
        if first is None:
            return
        if any(
            isinstance(f.decl, FieldDecl) for f in _lines(first.span, locator, words, strict=True)
        ):
            return  # `## Status` then `Status: Accepted`: the line is read as a line
        start = _char_offset(locator, first.span)
        end = locator.line_starts[first.span.end_line - 1] + first.span.end_column - 1
        raw = locator.text[start:end]
        yield Found(decl, text, span, raw, first.span, "heading", (start, end))
        return
    key, colon, value = text.partition(":")
    inline = words.fields.get(fold(key)) if colon else None
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
    yield Found(
        inline,
        key.strip(),
        span,
        value.strip(),
        locator.span(begin, end),
        "heading-inline",
        (begin, end),
    )
