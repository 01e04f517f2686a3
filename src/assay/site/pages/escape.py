"""Markdown that no builder can turn into raw HTML: ``<`` outside code becomes ``&lt;``.

Every element of raw HTML, inline or block, and every autolink starts with ``<``, so a
page whose ``<`` are all written ``&lt;`` renders them as text whatever the builder
(entities are text). Code spans and code blocks, which show ``&lt;`` literally, keep
their ``<``: assay's block parser says where code blocks are, a scan of backtick runs
where code spans are. Where that knowledge and Python-Markdown's disagree, ``safety``
finds out and the page is written again with no code left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from assay.spec.document import BlockQuote, CodeBlock, Document, ListBlock
from assay.spec.source import Span

__all__ = ["Code", "Edit", "Offsets", "code_ranges", "inline", "offsets", "protect"]

#: Replace the characters ``start:end`` by ``text`` (already safe Markdown).
Edit = tuple[int, int, str]
#: Code from ``start`` to ``end``: a code span (True) or a code block (False).
Code = tuple[int, int, bool]

#: What Python-Markdown may read as raw HTML or a link, were code not code there:
#: a tag, comment, declaration or instruction (``<a``, ``</``, ``<!``, ``<?``), ``](``, ``]:``.
_MAY_OPEN_HTML = re.compile(r"<[A-Za-z/!?]|\]\(|\]:")
_UNSURE_SPAN = re.compile(r"[\n|]|<[!?]")
_RUN = re.compile(r"`+")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
#: What Python-Markdown (and CommonMark) read as inline markup in generated text.
_INLINE = re.compile(r"[\\`*_\[\]<>&|!#]")
_STRICT = re.compile(r"[\\\[\]<`]")
_ENTITIES = {"`": "&#96;", "<": "&lt;", "&": "&amp;", "|": "&#124;", ">": "&gt;"}


def inline(text: str) -> str:
    """``text`` (a title, a status) as Markdown that reads as exactly that text, on one
    line: fit for a heading, a link's text or a table cell."""
    flat = " ".join(text.split())
    return _INLINE.sub(lambda m: _ENTITIES.get(m[0], "\\" + m[0]), flat)


def offsets(text: str, line_starts: Sequence[int]) -> Offsets:
    """A converter from spans of ``text`` (as parsed) to character offsets."""
    return Offsets(line_starts, 1 if text.startswith("\ufeff") else 0)


class Offsets:
    """Text offsets of spans, from the offsets where lines start and a BOM's length."""

    def __init__(self, starts: Sequence[int], bom: int) -> None:
        self.starts, self.bom = starts, bom

    def __call__(self, span: Span) -> tuple[int, int]:
        """The (start, end) text offsets of ``span``."""
        starts = self.starts
        start = starts[span.line - 1] + span.column - 1 + self.bom
        return start, starts[span.end_line - 1] + span.end_column - 1 + self.bom


def code_ranges(text: str, document: Document, where: Offsets) -> list[Code]:
    """Where ``text`` holds code: its code blocks, then the code spans between them."""
    blocks = sorted(where(b.span) for b in _code_blocks(_all_blocks(document)))
    found: list[Code] = []
    at = 0
    for start, end in [*blocks, (len(text), len(text))]:
        found += [(a, b, True) for a, b in _code_spans(text, at, start)]
        if start < end:
            found.append((start, end, False))
        at = max(at, end)
    return found


def protect(
    text: str, code: Sequence[Code], edits: Iterable[Edit], *, strict: bool = False
) -> tuple[str, bool]:
    """``text`` with ``edits`` made and every other ``<`` and backtick outside ``code``
    escaped; and whether anything is left that another parser might still read as
    markup, so the caller knows to verify it: a ``](`` or ``]:`` outside the edits, a
    tag-like ``<`` in a code block, a ``<`` in a code span that is not sure to stay one.

    A code span on one line, holding no ``|`` and no ``<!`` or ``<?``, is sure: with
    every other backtick escaped its backticks can only pair as they do here, and a
    ``<`` inside a line opens no HTML block in Python-Markdown (its raw HTML begins a
    line; ``<!--`` and ``<?`` are taken anywhere). ``strict`` escapes backslashes and
    brackets too: no link is left but the edits'."""
    escape = _strictly if strict else _lt
    pieces: list[str] = []
    doubtful = False
    at = 0
    spans = {(s, e) for s, e, span in code if span}
    cuts = sorted([(s, e, None) for s, e, _ in code] + [(s, e, t) for s, e, t in edits])
    for start, end, replacement in cuts:
        if start < at:
            continue  # inside a range already taken (an edit within code is not made)
        plain = text[at:start]
        doubtful = doubtful or "](" in plain or "]:" in plain
        pieces.append(escape(plain))
        if replacement is None:
            kept = text[start:end]
            if (start, end) in spans:
                # A `]` too: a definition (`[x]: url`) on a line of its own, or a
                # cell split off by a `|`, would make a link of what is code here.
                markup = "<" in kept or "]" in kept
                unsure = markup and _UNSURE_SPAN.search(kept) is not None
            else:
                unsure = _MAY_OPEN_HTML.search(kept) is not None
            doubtful = doubtful or unsure
            pieces.append(kept)
        else:
            pieces.append(replacement)
        at = max(at, end)
    rest = text[at:]
    doubtful = doubtful or "](" in rest or "]:" in rest
    pieces.append(escape(rest))
    return "".join(pieces), doubtful


def _lt(text: str) -> str:
    return text.replace("<", "&lt;").replace("`", "&#96;")


def _strictly(text: str) -> str:
    return _STRICT.sub(lambda m: _ENTITIES.get(m[0], "\\" + m[0]), text)


def _all_blocks(document: Document) -> Iterable[object]:
    yield from document.preamble
    for section in document.walk_sections():
        yield from section.blocks


def _code_blocks(blocks: Iterable[object]) -> Iterable[CodeBlock]:
    for block in blocks:
        if isinstance(block, CodeBlock):
            yield block
        elif isinstance(block, BlockQuote):
            yield from _code_blocks(block.blocks)
        elif isinstance(block, ListBlock):
            for item in block.items:
                yield from _code_blocks(item.blocks)


def _code_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Code spans between ``start`` and ``end``: a backtick run closed by the next run
    of the same length in the same paragraph; an escaped run opens nothing."""
    runs = [(m.start(), m.end()) for m in _RUN.finditer(text, start, end)]
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(runs):
        a, b = runs[i]
        if _escaped(text, a):
            a += 1
        j = i + 1
        while j < len(runs) and runs[j][1] - runs[j][0] != b - a:
            j += 1
        if b > a and j < len(runs) and not _BLANK_LINE.search(text, b, runs[j][0]):
            spans.append((a, runs[j][1]))
            i = j + 1
        else:
            i += 1
    return spans


def _escaped(text: str, at: int) -> bool:
    backslashes = 0
    while at - backslashes - 1 >= 0 and text[at - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1
