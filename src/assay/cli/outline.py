"""Readable outlines of a document model and a spec model, for ``assay parse``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from assay.spec.document import (
    Block,
    BlockQuote,
    CodeBlock,
    Document,
    Heading,
    HtmlBlock,
    LinkDefinition,
    ListBlock,
    Paragraph,
    Section,
    Table,
    ThematicBreak,
)

if TYPE_CHECKING:
    # Not imported at run time: building ~20 attrs classes costs a cold `assay parse`
    # of a document several milliseconds it does not need.
    from assay.spec.specfile import FieldDecl, SectionDecl, SpecFile


def _at(span: object) -> str:
    """``line:column``, right-aligned so outlines line up."""
    where = f"{span.line}:{span.column}"  # type: ignore[attr-defined]
    return f"{where:>9}"


def _short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _block(block: Block) -> str:
    if isinstance(block, Paragraph):
        return f"paragraph  {_short(block.text)!r}"
    if isinstance(block, ListBlock):
        kind = f"ordered list from {block.start}" if block.ordered else "list"
        return f"{kind}, {len(block.items)} item{'s' if len(block.items) != 1 else ''}"
    if isinstance(block, CodeBlock):
        kind = f"code {block.fence}{block.info}" if block.fence else "indented code"
        return f"{kind}, {block.content.count(chr(10))} lines"
    if isinstance(block, Table):
        return f"table, {len(block.rows)} rows"
    if isinstance(block, HtmlBlock):
        return f"html  {_short(block.html)!r}"
    if isinstance(block, BlockQuote):
        return f"quote, {len(block.blocks)} blocks"
    if isinstance(block, LinkDefinition):
        return f"definition [{block.label}]: {block.destination}"
    if isinstance(block, ThematicBreak):
        return "thematic break"
    if isinstance(block, Heading):
        return f"heading {'#' * block.level} {block.raw}"
    raise AssertionError(block)  # pragma: no cover


def _section(section: Section, depth: int) -> Iterator[str]:
    h = section.heading
    shown = h.raw if h.raw == h.text else f"{h.raw}  → {h.text!r}"
    yield f"{_at(h.span)}  {'  ' * depth}{'#' * h.level} {shown}"
    for block in section.blocks:
        yield f"{_at(block.span)}  {'  ' * (depth + 1)}{_block(block)}"
    for child in section.children:
        yield from _section(child, depth + 1)


def document_outline(doc: Document) -> Iterator[str]:
    """The document, as assay reads it, one line per element."""
    facts = doc.bytes
    yield (
        f"{doc.path}: {facts.size} bytes, {doc.line_count} lines, newline {facts.newline}"
        f"{', BOM' if facts.bom else ''}{'' if facts.final_newline else ', no final newline'}"
        f"{', plain text (no headings)' if doc.plain else ''}"
    )
    yield f"  sha256 {facts.sha256}"
    if doc.front_matter is not None:
        yield "front matter:"
        for entry in doc.front_matter.entries:
            yield f"{_at(entry.span)}  {entry.key}: {_short(repr(entry.value))}"
    yield "titles:"
    for title in doc.titles:
        where = _at(title.span) if title.span else f"{'-':>9}"
        yield f"{where}  {title.source:12} {title.text!r}"
    if doc.preamble:
        yield "preamble:"
        for block in doc.preamble:
            yield f"{_at(block.span)}  {_block(block)}"
    if doc.sections:
        yield "sections:"
        for section in doc.sections:
            yield from _section(section, 0)
    if doc.links:
        yield "links:"
        for link in doc.links:
            kind = ("image " if link.image else "") + link.kind
            yield f"{_at(link.span)}  {kind:16} {link.destination}"
    if doc.directives:
        yield "suppressions:"
        for d in doc.directives:
            reason = f" -- {d.reason}" if d.reason else ""
            yield f"{_at(d.span)}  {d.action} {' '.join(d.codes)}{reason}"


def _part(part: FieldDecl | SectionDecl, word: str) -> Iterator[str]:
    p = part.presence
    presence = p.kind + (f" {p.reason!r}" if p.reason else "")
    yield f"{_at(part.span)}    {word} {part.name!r} {presence}"
    if part.aliases:
        yield f"              aliases {', '.join(repr(a.name) for a in part.aliases)}"
    is_field = word == "field"
    if is_field and part.values:  # type: ignore[union-attr]
        values = ", ".join(
            v.name + (f" ({', '.join(v.synonyms)})" if v.synonyms else "")
            for v in part.values  # type: ignore[union-attr]
        )
        yield f"              values {values}"
    if is_field and part.format is not None:  # type: ignore[union-attr]
        fmt = part.format  # type: ignore[union-attr]
        yield f"              format {fmt.kind} {fmt.pattern or ''}".rstrip()
    if not is_field and part.sentences is not None:  # type: ignore[union-attr]
        yield f"              sentences {part.sentences.count}"  # type: ignore[union-attr]
    if part.length is not None:
        low = "" if part.length.min is None else part.length.min
        high = "" if part.length.max is None else part.length.max
        yield f"              length {low}..{high}"
    if part.form is not None:
        yield f"              form {part.form.kind}"


def spec_outline(spec: SpecFile) -> Iterator[str]:
    """The spec, as assay reads it, one line per declaration."""
    yield f"{spec.path}:"
    for use in spec.uses:
        yield f"{_at(use.span)}  use {use.name}"
    for t in spec.types:
        base = f" extends {t.extends}" if t.extends else ""
        yield f"{_at(t.span)}  type {t.name}{base}"
        if t.files is not None:
            yield f"              files {' '.join(t.files.patterns)}"
        if t.title is not None:
            yield f"              title {t.title.presence.kind}"
        for f in t.fields:
            yield from _part(f, "field")
        for s in t.sections:
            yield from _part(s, "section")
    for d in spec.declarations:
        yield f"{_at(d.span)}  declaration {d.name} version {d.version}"
        for dim in d.when:
            yield f"              when {dim.name} [{', '.join(dim.values)}]"
        for src in d.sources:
            lines = f" lines {src.lines.start}..{src.lines.end}" if src.lines else ""
            digest = f" sha256 {src.sha256[:12]}…" if src.sha256 else ""
            yield f"              {src.role} {src.path}{lines}{digest}"
        for cue in d.cues:
            yield f"              cue {cue.name} covers [{', '.join(cue.covers)}]"
