"""Sections of a plain-text record: a line naming a declared section, standing alone.

A record written without Markdown headings (seed ADR 097 and the "Original task
context" record are two) still has sections:

    Context

    After ADR 096, an agentic-system analysis still asked workers ...

Only names the type declares count, and only as a paragraph of one line, so a sentence
that begins with "Decision" is never a section.  Documents with any Markdown heading
are read by their headings alone.
"""

from __future__ import annotations

from attrs import frozen

from assay.engine.reading.vocabulary import Vocabulary, fold
from assay.spec.document import Block, Document, Paragraph
from assay.spec.model import Model
from assay.spec.source import Span
from assay.spec.specfile import SectionDecl


@frozen
class PlainSection(Model):
    """A declared section found as a line of its own."""

    decl: SectionDecl
    heading: str
    span: Span
    blocks: tuple[Block, ...]


def plain_sections(document: Document, words: Vocabulary) -> tuple[PlainSection, ...]:
    """The plain-text sections of ``document`` (none for a document with headings)."""
    if not document.plain:
        return ()
    found: list[tuple[SectionDecl, Paragraph]] = []
    positions: list[int] = []
    for index, block in enumerate(document.preamble):
        if isinstance(block, Paragraph) and "\n" not in block.text:
            decl = words.sections.get(fold(block.text))
            if decl is not None and not _is_title(document, block):
                found.append((decl, block))
                positions.append(index)
    sections = []
    for number, ((decl, line), index) in enumerate(zip(found, positions, strict=True)):
        end = positions[number + 1] if number + 1 < len(positions) else len(document.preamble)
        sections.append(
            PlainSection(decl, line.text, line.span, tuple(document.preamble[index + 1 : end]))
        )
    return tuple(sections)


def _is_title(document: Document, block: Paragraph) -> bool:
    """The first line of a plain record is its title, even when it reads `Decision`."""
    return any(t.source == "first-line" and t.span == block.span for t in document.titles)
