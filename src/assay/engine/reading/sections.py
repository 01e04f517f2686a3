"""Sections read under a type: canonical names, their text, and whether they are empty.

Headings match declared names and aliases the way ADR-FORMATS.md says people write
them: any case, a numeric prefix (``### 1.``), bold or italic, a trailing colon or HTML
comment.  A heading holding a value (``## Status: accepted``, ``## Decision: use
Kafka``) is the section named before its colon, and the value is the start of the
section's text: ``## Decision: use Kafka`` with nothing below it is not empty.  A
heading the type does not declare is kept under its own text, so a check can still see
it (a second H1, a duplicate).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from assay.engine.reading.bold_headings import BOLD_LINE
from assay.engine.reading.plain import PlainSection
from assay.engine.reading.prompts import is_stock_prompt, is_unwritten_argument
from assay.engine.reading.values import is_placeholder, strip_markup
from assay.engine.reading.vocabulary import Vocabulary
from assay.spec.document import (
    Block,
    BlockQuote,
    CodeBlock,
    Document,
    Heading,
    HtmlBlock,
    ListBlock,
    Paragraph,
    Section,
    Table,
)
from assay.spec.reading import SectionReading
from assay.spec.source import Span


def read_sections(
    document: Document,
    words: Vocabulary,
    plain: tuple[PlainSection, ...],
    walked: Sequence[Section] | None = None,
    bold: frozenset[Span] = frozenset(),
) -> tuple[SectionReading, ...]:
    """Every section of ``document``, in document order.

    ``walked`` is ``document.walk_sections()`` when the caller has it already; ``bold``
    holds the spans of the headings that were bold paragraphs (``bold_headings``).
    """
    if plain:
        return tuple(_plain(section) for section in plain)
    if walked is None:
        walked = document.walk_sections()
    texts: dict[int, str] = {}
    for section in reversed(walked):
        # Deepest first, so a section's text reuses its children's instead of
        # re-reading them once per enclosing level.
        text = blocks_text(section.blocks)
        parts = [text] if text else []
        for child in section.children:
            raw, inner = child.heading.raw, texts[id(child)]
            if raw:
                parts.append(raw)
            if inner:
                parts.append(inner)
        texts[id(section)] = "\n\n".join(parts)
    return tuple([_heading(s, words, texts[id(s)], bold) for s in walked])


def _heading(
    section: Section, words: Vocabulary, text: str, bold: frozenset[Span]
) -> SectionReading:
    role = words.heading(section.heading.text)
    decl = role.section
    first = (
        section.blocks[0].span
        if section.blocks
        else (section.children[0].span if section.children else None)
    )
    body = _between(first, section.span) if first is not None and text else None
    if role.value:  # `## Decision: use Kafka`: the heading holds part of the section
        text = f"{role.value}\n\n{text}" if text else role.value
    return SectionReading(
        name=decl.name if decl is not None else section.heading.text,
        declared=decl is not None,
        heading=section.heading.raw,
        level=section.heading.level,
        span=section.heading.span,
        text=text,
        body=body,
        placeholder=bool(text) and is_section_placeholder(text),
        bold=bool(bold) and section.heading.span in bold,
    )


def _plain(section: PlainSection) -> SectionReading:
    text = blocks_text(section.blocks)
    body = None
    if section.blocks and text:
        body = _between(section.blocks[0].span, section.blocks[-1].span)
    return SectionReading(
        name=section.decl.name,
        declared=True,
        heading=section.heading,
        level=0,
        span=section.span,
        text=text,
        body=body,
        placeholder=bool(text) and is_section_placeholder(text),
        bold=BOLD_LINE.fullmatch(section.heading.strip()) is not None,
    )


def _between(first: Span, last: Span) -> Span:
    return Span(first.start, last.end, first.line, first.column, last.end_line, last.end_column)


def blocks_text(blocks: Iterable[Block]) -> str:
    """The readable text of some blocks: no HTML comments, no link definitions."""
    # Loops, not generators: this runs for every block of every record.
    texts = []
    for block in blocks:
        text = _block_text(block)
        if text:
            texts.append(text)
    if len(texts) == 1:
        return texts[0].strip()
    return "\n\n".join(texts).strip()


def _item_text(blocks: tuple[Block, ...]) -> str:
    """``blocks_text`` of a list item's blocks, which are mostly one paragraph."""
    if len(blocks) == 1 and isinstance(blocks[0], Paragraph):
        return blocks[0].text.strip()  # what blocks_text makes of it, without the calls
    return blocks_text(blocks)


def _block_text(block: Block) -> str:
    # The commonest kinds first.
    if isinstance(block, Paragraph):
        return block.text.strip()
    if isinstance(block, ListBlock):
        return "\n".join([_item_text(item.blocks) for item in block.items])
    if isinstance(block, Heading):
        return block.raw
    if isinstance(block, CodeBlock):
        return block.content.strip()
    if isinstance(block, BlockQuote):
        return blocks_text(block.blocks)
    if isinstance(block, Table):
        return "\n".join(" ".join(c.text for c in row.cells) for row in block.rows)
    if isinstance(block, HtmlBlock):
        stripped = block.html.strip()
        # A comment is a note to authors, not content: a section of comments is empty.
        return "" if stripped.startswith("<!--") and stripped.endswith("-->") else stripped
    return ""


# What a team writes for "not written yet".  A field may hold `TBD` as its value (some
# teams choose it), but a section holding only that says nothing.
_BULLET = re.compile(r"^[-*+][ \t]+")
_UNWRITTEN = re.compile(r"tb[acd]|todo|to be (?:determined|decided|confirmed|defined|done)", re.I)
# MADR's sentence before an option was chosen: `Chosen option: "[option 1]", because
# [justification …]` (MADR 3 and 4 write `{title of option 1}` and `{justification …}`).
# MADR 3's justification holds a placeholder of its own (`… resolves force {force} …`).
_PIECE = r"(\[[^\[\]]*\]|\{(?:[^{}]|\{[^{}]*\})*\})"
_MADR_CHOSEN = re.compile(
    rf'chosen option:?[ \t]*"?{_PIECE}"?,?[ \t]*because[ \t]*{_PIECE}[ \t]*\.?', re.I
)


def is_section_placeholder(text: str) -> bool:
    """True when a section's text is only what its template left: ``{…}`` or
    ``[option 1]`` placeholders (a line each, as a template's list is), ``TBC``, ``TBD``,
    ``*To be determined.*``, MADR's unchosen ``Chosen option: "[option 1]", because
    [justification …]`` and unmade ``Good, because {argument a}``, or a stock
    template's sentence (``prompts``).  ``N/A`` is an answer (a rejected record decided nothing).

    The first line decides most texts: when it is no placeholder, nothing else is read.
    """
    if is_placeholder(text) or is_stock_prompt(text):
        return True
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    return bool(paragraphs) and all(_placeholder_paragraph(p) for p in paragraphs)


def is_unwritten_note(text: str) -> bool:
    """True when a section's text is only the authors' ``TBD``, ``TODO`` or ``To be
    determined.`` (as bullets too): no template's text, a note of what is still open."""
    lines = [_BULLET.sub("", line.strip()) for line in text.splitlines()]
    lines = [line for line in lines if line]
    return bool(lines) and all(
        _UNWRITTEN.fullmatch(strip_markup(line).rstrip(".")) for line in lines
    )


def _placeholder_paragraph(paragraph: str) -> bool:
    lines = [line for line in paragraph.split("\n") if line.strip()]
    if all(_placeholder_line(line) for line in lines):
        return True
    # MADR 3 breaks its unchosen option over two lines (`… because` / `{justification …}`).
    chosen = len(lines) > 1 and lines[0].lstrip()[:6].casefold() == "chosen"
    return chosen and _placeholder_line(" ".join(line.strip() for line in lines))


def _placeholder_line(line: str) -> bool:
    if is_placeholder(line) or is_unwritten_argument(line) or is_stock_prompt(line):
        return True
    chosen = _MADR_CHOSEN.fullmatch(line.strip())
    if chosen is not None:
        return is_placeholder(chosen[1]) and is_placeholder(chosen[2])
    lower = line.casefold()
    if "tb" not in lower and "todo" not in lower and "to be" not in lower:
        return False  # no note of work still open can be there (most lines)
    return _UNWRITTEN.fullmatch(strip_markup(line)) is not None
