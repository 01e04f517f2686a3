"""A record's title (and a finding's message) as inline Markdown: code spans and emphasis.

Titles are written in Markdown (``# 1. Use `Kafka` for *events*``), and finding
messages quote code in backticks. The site shows them in indexes, headers, notes and
the graph: there the code should read as code, not as raw backticks. ``pieces`` splits
such text into code and prose, as CommonMark pairs backtick runs; ``as_markdown``
writes it back with only code spans and emphasis live (every other character that
Markdown or HTML reads is escaped, so no link, image or tag can come of it); ``plain``
is the text a reader sees, for places that take no markup (``<title>``, a tooltip).
"""

from __future__ import annotations

import re

__all__ = ["Piece", "as_markdown", "pieces", "plain", "shown"]

#: A part of a title: its text as the reader sees it, and whether it is code.
Piece = tuple[str, bool]

_RUN = re.compile(r"`+")
#: Markdown's line breaks and spaces (only these: other controls stay for the writer
#: of each place, e.g. the SVG writer's U+FFFD, to deal with).
_SPACES = re.compile(r"[ \t\r\n]+")
#: Prose characters Markdown or HTML read as markup, emphasis (``*``, ``_``) aside.
_PROSE = re.compile(r"[\\`\[\]<>&|!#]")
_ENTITIES = {"`": "&#96;", "<": "&lt;", "&": "&amp;", "|": "&#124;", ">": "&gt;"}
#: Emphasis delimiters around a word: ``*x*``, ``**x**``, ``_x_``, ``__x__``.
_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1")
_BACKSLASHED = re.compile(r"\\([!-/:-@\[-`{-~])")


def pieces(text: str) -> list[Piece]:
    """``text`` (one line) split into prose and code spans: a backtick run closed by the
    next run of the same length; an unclosed run is prose. A code span's content loses
    one space at each end when it has both (CommonMark), and its line breaks."""
    flat = _SPACES.sub(" ", text).strip(" ")
    found: list[Piece] = []
    at = 0
    runs = list(_RUN.finditer(flat))
    i = 0
    while i < len(runs):
        opening = runs[i]
        if opening.start() > 0 and _escaped(flat, opening.start()):
            i += 1
            continue
        closing = next(
            (j for j in range(i + 1, len(runs)) if len(runs[j][0]) == len(opening[0])), None
        )
        if closing is None:
            i += 1
            continue
        if opening.start() > at:
            found.append((flat[at : opening.start()], False))
        code = flat[opening.end() : runs[closing].start()]
        if len(code) > 1 and code.startswith(" ") and code.endswith(" ") and code.strip():
            code = code[1:-1]
        found.append((code, True))
        at = runs[closing].end()
        i = closing + 1
    if at < len(flat):
        found.append((flat[at:], False))
    return found


def as_markdown(text: str) -> str:
    """``text`` as inline Markdown whose only markup is its code spans and emphasis."""
    out = []
    for part, code in pieces(text):
        if code:
            longest = max((len(m[0]) for m in _RUN.finditer(part)), default=0)
            fence = "`" * (longest + 1)
            pad = " " if part.startswith("`") or part.endswith("`") or not part.strip() else ""
            out.append(f"{fence}{pad}{part}{pad}{fence}")
        else:
            out.append(_PROSE.sub(lambda m: _ENTITIES.get(m[0], "\\" + m[0]), part))
    return "".join(out)


def shown(text: str) -> list[Piece]:
    """``pieces`` of ``text`` as a reader sees them: prose without its emphasis
    delimiters and backslash escapes (for the graph, which sets code in monospace)."""
    return [(part if code else _unmarked(part), code) for part, code in pieces(text)]


def plain(text: str) -> str:
    """``text`` as a reader sees it rendered: code without its backticks, emphasis
    without its delimiters, backslash escapes resolved."""
    return "".join(part for part, _ in shown(text))


def _unmarked(prose: str) -> str:
    previous = None
    while previous != prose:  # nested emphasis: ***x*** or *a **b** c*
        previous, prose = prose, _EMPHASIS.sub(r"\2", prose)
    return _BACKSLASHED.sub(r"\1", prose)


def _escaped(text: str, at: int) -> bool:
    backslashes = 0
    while at - backslashes - 1 >= 0 and text[at - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1
