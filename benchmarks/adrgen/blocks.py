"""Markdown block builders: each returns the lines of one block, without line endings.

They decide only the *form* (markers, indentation, fence characters, wrapping); the
words come from the caller through ``Ink``. Every form here is one a real decision
record uses; several are there because parsers get them wrong (indented fences,
``~~~``, ``#`` and ``- `` lines inside code, tabs in nested lists).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from .inline import Ink

Item = str | tuple[str, list[str]]

#: A wrapped line must not start like a block of its own (list, heading, quote,
#: setext underline, fence, HTML): it would end the paragraph.
_RISKY_START = re.compile(r"^(?:[-+*>#=|<~`]|\d{1,9}[.)](?:\s|$))")


def wrap(ink: Ink, text: str, indent: str = "") -> list[str]:
    """Hard-wrap ``text`` if this document wraps its prose, else keep one line."""
    if ink.wrap_width is None:
        return [indent + text]
    lines = textwrap.wrap(
        text, ink.wrap_width - len(indent), break_long_words=False, break_on_hyphens=False
    )
    merged: list[str] = []
    for line in lines:
        if merged and _RISKY_START.match(line):
            merged[-1] += " " + line
        else:
            merged.append(line)
    return [indent + line for line in merged] or [indent]


def paragraph(ink: Ink, sentences: list[str]) -> list[str]:
    """Sentences joined into one paragraph."""
    return wrap(ink, " ".join(sentences))


def bullets(ink: Ink, items: Sequence[Item], marker: str | None = None) -> list[str]:
    """A bullet list; an item may carry sub-items, indented by spaces or a tab."""
    marker = marker or ink.bullet
    loose = ink.rng.random() < 0.08
    lines: list[str] = []
    for item in items:
        text, children = (item, []) if isinstance(item, str) else item
        if loose and lines:
            lines.append("")
        lines.extend(_item(ink, f"{marker} ", text))
        for child in children:
            indent = "\t" if ink.tabs and ink.rng.random() < 0.6 else " " * ink.nest
            lines.extend(_item(ink, f"{indent}{ink.rng.choice('-*')} ", child))
    return lines


def ordered(ink: Ink, items: Sequence[Item]) -> list[str]:
    """An ordered list: ``1.`` counting up, all ``1.``, or ``1)``."""
    rng = ink.rng
    delimiter = ")" if rng.random() < 0.1 else "."
    lazy = rng.random() < 0.2  # "1." on every item, renumbered by the renderer
    lines: list[str] = []
    for k, item in enumerate(items, 1):
        text, children = (item, []) if isinstance(item, str) else item
        lines.extend(_item(ink, f"{1 if lazy else k}{delimiter} ", text))
        for child in children:
            indent = "\t" if ink.tabs and rng.random() < 0.6 else " " * (ink.nest + 1)
            lines.extend(_item(ink, f"{indent}- ", child))
    return lines


def tasks(ink: Ink, items: list[str]) -> list[str]:
    """A GFM task list of follow-ups."""
    return [f"- [{'x' if ink.rng.random() < 0.3 else ' '}] {text}" for text in items]


def _item(ink: Ink, prefix: str, text: str) -> list[str]:
    """One list item, wrapped with continuation lines under its text."""
    lines = wrap(ink, text, indent=" " * len(prefix.expandtabs(4)))
    return [prefix + lines[0].lstrip(" "), *lines[1:]]


def fence(ink: Ink, language: str, code: str, indent: int | None = None) -> list[str]:
    """A fenced code block: backticks or tildes, indented up to three spaces."""
    rng = ink.rng
    if indent is None:
        indent = rng.choice((1, 2, 3)) if rng.random() < 0.1 else 0
    char = "~" if rng.random() < 0.18 else "`"
    size = 4 if char * 3 in code else 3
    pad = " " * indent
    info = language if language != "text" or rng.random() < 0.5 else ""
    body = [pad + line if line else "" for line in code.split("\n")]
    closing = char * (size + (1 if rng.random() < 0.03 else 0))
    return [f"{pad}{char * size}{info}", *body, f"{pad}{closing}"]


def indented_code(ink: Ink, intro: list[str], code: str) -> list[str]:
    """An indented code block; it needs a paragraph before it, not a list."""
    prefix = "\t" if ink.tabs and ink.rng.random() < 0.5 else "    "
    return [*intro, "", *(prefix + line if line else "" for line in code.split("\n"))]


def table(ink: Ink, header: list[str], rows: list[list[str]]) -> list[str]:
    """A GFM table, sometimes padded into columns, sometimes without outer pipes."""
    rng = ink.rng
    aligns = [rng.choice(("---", "---", ":---", ":---:", "---:")) for _ in header]
    grid = [header, aligns, *rows]
    if rng.random() < 0.25:
        widths = [max(3, *(len(row[c]) for row in grid)) for c in range(len(header))]
        grid = [
            [_pad(cell, w, r == 1) for cell, w in zip(row, widths, strict=True)]
            for r, row in enumerate(grid)
        ]
    if rng.random() < 0.08:
        return [" | ".join(row) for row in grid]
    if rng.random() < 0.1:
        return ["|" + "|".join(row) + "|" for row in grid]
    return ["| " + " | ".join(row) + " |" for row in grid]


def _pad(cell: str, width: int, delimiter: bool) -> str:
    """A cell padded to ``width``; delimiter cells keep their colons at the ends."""
    if not delimiter:
        return cell.ljust(width)
    left = ":" if cell.startswith(":") else "-"
    right = ":" if cell.endswith(":") else "-"
    return left + "-" * (width - 2) + right


def quote(lines: list[str]) -> list[str]:
    """A block quote; blank lines inside stay quoted."""
    return [f"> {line}" if line else ">" for line in lines]


def comment(ink: Ink, text: str) -> list[str]:
    """An HTML comment on one line or spread over several."""
    if ink.rng.random() < 0.6:
        return [f"<!-- {text} -->"]
    return ["<!--", *wrap(ink, text), "-->"]


def fake_heading_comment(ink: Ink) -> list[str]:
    """A commented-out template section: headings that must not count as headings."""
    return [
        "<!--",
        "## Status",
        "",
        "What is the status, such as proposed, accepted, rejected, deprecated, superseded, etc.?",
        "",
        f"# {ink.rng.choice(('Decision', 'Template', 'Notes'))}",
        "-->",
    ]


def details(summary: str, inner: list[str]) -> list[str]:
    """A collapsible HTML section, as GitHub users write it."""
    return ["<details>", f"<summary>{summary}</summary>", "", *inner, "", "</details>"]


def image(ink: Ink, alt: str) -> list[str]:
    """A diagram: an inline or reference-style image."""
    name = re.sub(r"[^a-z0-9]+", "-", alt.lower()).strip("-")
    url = f"https://diagrams.example.com/{ink.record.series.folder.split('/')[-1]}/{name}.svg"
    if ink.rng.random() < 0.3:
        ink.define(name, url, title=alt)
        return [f"![{alt}][{name}]"]
    return [f"![{alt}]({url})"]


def rule(ink: Ink) -> list[str]:
    """A thematic break (always after a blank line, so never a setext underline)."""
    return [ink.rng.choice(("---", "***", "___", "- - -"))]
