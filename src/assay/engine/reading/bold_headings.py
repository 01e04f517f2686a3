"""Bold paragraphs used as headings: ``**Context and Problem Statement**`` on its own.

Some records mark their sections with bold lines instead of Markdown headings:

    # 4. Use Kafka for events

    **Context and Problem Statement**

    We need events.

A reader sees sections there, so assay reads them as sections too (DOC014 then
suggests a real heading, which tables of contents and renderers understand).  Only a
paragraph of one line, all of it bold, naming a section the type declares counts: a
bold sentence that starts with "Decision" stays a paragraph.  The bold line becomes a
heading one level below the section it sits in, and the blocks after it, up to the
next bold heading, are its section.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from attrs import evolve

from assay.engine.reading.vocabulary import Vocabulary, fold
from assay.grammar.normalize import heading_text
from assay.spec.document import Block, Document, Heading, Paragraph, Section
from assay.spec.source import Span
from assay.spec.specfile import SectionDecl

# All of the line bold, a colon inside or after the bold allowed (`**Context:**`).
BOLD_LINE = re.compile(r"(\*\*|__)(?=\S)(?P<name>[^*_\n]+?)(?<=\S)\1[ \t]*:?")


def names_section(text: str, words: Vocabulary) -> bool:
    """True when ``text`` is one bold line naming a section of ``words``' type."""
    return _named(text, words) is not None


def _bold_name(text: str) -> str | None:
    """The name ``text`` gives when it is one bold line (`**Context:**`)."""
    if not text.startswith(("**", "__")) or "\n" in text:
        return None  # the cheap test first: it rules out nearly every paragraph
    bold = BOLD_LINE.fullmatch(text.strip())
    return None if bold is None else bold["name"]


def _named(text: str, words: Vocabulary) -> SectionDecl | None:
    """The section of ``words``' type the bold line ``text`` names, if it is one."""
    name = _bold_name(text)
    return None if name is None else words.sections.get(fold(name))


def promote_bold_headings(
    document: Document, words: Vocabulary
) -> tuple[Document, frozenset[Span]]:
    """``document`` with its bold headings read as headings, and where they are.

    A plain-text document (no Markdown heading at all) is left alone: its lines
    standing alone are read as sections already (``engine.reading.plain``).
    """
    if document.plain:
        return document, frozenset()
    promoted: list[Span] = []
    sections = tuple(_section(s, words, promoted) for s in document.sections)
    levels = [s.heading.level for s in document.sections]
    preamble, first = _split(document.preamble, max(2, min(levels, default=2)), words, promoted, "")
    if not promoted:
        return document, frozenset()
    return (
        evolve(document, preamble=preamble, sections=(*first, *sections)),
        frozenset(promoted),
    )


def _section(section: Section, words: Vocabulary, promoted: list[Span]) -> Section:
    children = tuple(_section(child, words, promoted) for child in section.children)
    level = min(section.heading.level + 1, 6)
    blocks, found = _split(section.blocks, level, words, promoted, section.heading.text)
    if not found and all(a is b for a, b in zip(children, section.children, strict=True)):
        return section  # nothing promoted here or below: the section as parsed
    return evolve(section, blocks=blocks, children=(*found, *children))


def _split(
    blocks: Sequence[Block],
    level: int,
    words: Vocabulary,
    promoted: list[Span],
    within_name: str,
) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
    """The blocks before the first bold heading, and a section per bold heading.

    A bold line naming the section it is in (`**Discussion:**` under `## Context`)
    labels what follows in it; and where most bold lines of a section name no section
    (`**Watch**`, `**List**`, `**Status**`: an API's methods), one that happens to name
    one is a label of that run too. Neither is a heading."""
    bold = [
        (at, block.text)
        for at, block in enumerate(blocks)
        if isinstance(block, Paragraph) and _bold_name(block.text) is not None
    ]
    if not bold:
        return tuple(blocks), ()  # most sections: no bold line at all
    # The section the bold lines are in, by its heading's name.
    within = words.sections.get(fold(within_name)) if within_name else None
    marks = [
        at for at, text in bold if (decl := _named(text, words)) is not None and decl is not within
    ]
    if not marks or 2 * len(marks) < len(bold):
        return tuple(blocks), ()
    found = []
    for number, at in enumerate(marks):
        end = marks[number + 1] if number + 1 < len(marks) else len(blocks)
        line = blocks[at]
        assert isinstance(line, Paragraph)
        body = tuple(blocks[at + 1 : end])
        raw = line.text.strip()
        heading = Heading(level=level, style="atx", raw=raw, text=heading_text(raw), span=line.span)
        last = body[-1].span if body else line.span
        span = Span(
            line.span.start, last.end, line.span.line, line.span.column,
            last.end_line, last.end_column,
        )  # fmt: skip
        found.append(Section(heading=heading, blocks=body, children=(), span=span))
        promoted.append(line.span)
    return tuple(blocks[: marks[0]]), tuple(found)
