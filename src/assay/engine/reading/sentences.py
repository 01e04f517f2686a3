"""Plain text and sentences, for the form constraints ``sentences N`` and ``length``.

ADR 097 asks for "a one-sentence ## Description of 50 to 250 characters".  Both
numbers are about what a reader sees, so they are counted on the section's plain text:
emphasis and code backticks gone (their text kept), links and images as their text,
HTML comments dropped, every run of whitespace one space.  Characters are code points.

A sentence ends at ``.``, ``!``, ``?`` or ``…`` (a run of them, closing quotes and
brackets allowed after) followed by the end of the text, or by whitespace and the
start of a new sentence: a letter that is not lowercase, or a digit, perhaps after
opening quotes or brackets.  So these are no ends:

- a mark with no whitespace after it: decimals (``2.5``), versions (``v1.2.3``), URLs
  and domains (``https://x.org/a.b``, ``example.com``), file names (``run.toml``);
- a mark followed by a lowercase word: ``3.11. is`` or an ellipsis… inside a sentence;
- a period after an abbreviation of ``ABBREVIATIONS`` (any case: ``e.g. PostgreSQL``)
  or after a capital initial (``J. Smith``).

The price of the last rule: a sentence that truly ends in ``etc.`` or in a single
capital (``Plan B.``) runs on into the next one.  Every step is a bounded scan, so
the time is linear in the text.

Example::

    text = plain_text("One **bold** claim, e.g. `run.toml`. Another one.")
    [text[a:b] for a, b in sentences(text)]  # ['One bold claim, e.g. run.toml.', 'Another one.']
"""

from __future__ import annotations

import re

from assay.engine.reading.values import strip_markup

#: Words whose period ends no sentence, compared case-insensitively, without the
#: final period (``e.g`` for ``e.g.``).  docs/reference/spec-language.md lists them.
ABBREVIATIONS = frozenset((
    "e.g", "i.e", "etc", "vs", "cf", "al", "approx", "incl", "excl", "esp", "resp", "viz",
    "dr", "mr", "mrs", "ms", "prof", "sr", "jr", "st",
    "fig", "figs", "no", "nos", "vol", "vols", "pp", "eq", "eqs", "ref", "refs",
    "inc", "ltd", "corp", "dept",
))  # fmt: skip

# A run of sentence marks and what may close after them.
_END = re.compile("([.!?\u2026]+)[\"'\u201d\u2019)\\]\u00bb]*")
# What may open a sentence before its first letter.
_OPENERS = "\"'\u201c\u2018([\u00ab"
# The longest word read back from a period to compare with ABBREVIATIONS.
_LONGEST = 16
# Stands after the text while strip_markup runs, which would drop a final period.
_SENTINEL = "\x00"


def plain_text(markdown: str) -> str:
    """``markdown`` as a reader sees it: markup stripped, whitespace collapsed.

    HTML comments go first (an unclosed one is kept as text), then ``strip_markup``
    does the rest; a final period stays.
    """
    text = _without_comments(markdown).rstrip()
    if not text:
        return ""
    stripped = strip_markup(text + _SENTINEL)
    if stripped.endswith(_SENTINEL):
        stripped = stripped[: -len(_SENTINEL)]
    return stripped.strip()


def _without_comments(text: str) -> str:
    """``text`` without its ``<!-- … -->`` comments; one forward scan."""
    if "<!--" not in text:
        return text
    pieces, cursor = [], 0
    while True:
        opening = text.find("<!--", cursor)
        if opening < 0:
            break
        closing = text.find("-->", opening + 4)
        if closing < 0:
            break
        pieces.append(text[cursor:opening])
        pieces.append(" ")
        cursor = closing + 3
    pieces.append(text[cursor:])
    return "".join(pieces)


def sentences(text: str) -> tuple[tuple[int, int], ...]:
    """The ``(start, end)`` offsets of each sentence of ``text``, in order.

    A sentence starts at a non-space character and ends after its marks (or at the
    text's last non-space character when the last one has none); whitespace between
    sentences belongs to none.
    """
    found: list[tuple[int, int]] = []
    start = _skip_spaces(text, 0)
    for mark in _END.finditer(text):
        end = mark.end()
        after = _skip_spaces(text, end)
        if after == len(text):
            break  # the last sentence; closed below
        if after == end or not _starts_sentence(text, after):
            continue
        if mark[1] == "." and _abbreviated(text, mark.start()):
            continue
        found.append((start, end))
        start = after
    last = len(text.rstrip())
    if start < last:
        found.append((start, last))
    return tuple(found)


def _skip_spaces(text: str, at: int) -> int:
    while at < len(text) and text[at].isspace():
        at += 1
    return at


def _starts_sentence(text: str, at: int) -> bool:
    """True when a sentence can start at ``at``: openers, then a letter that is not
    lowercase or a digit.  Openers are read on to the first other character only."""
    while at < len(text) and text[at] in _OPENERS:
        at += 1
    if at == len(text):
        return False
    char = text[at]
    return char.isdigit() or (char.isalpha() and not char.islower())


def _abbreviated(text: str, period: int) -> bool:
    """True when the period at ``period`` closes an abbreviation or an initial."""
    begin = period
    limit = max(0, period - _LONGEST)
    while begin > limit and (text[begin - 1].isalpha() or text[begin - 1] == "."):
        begin -= 1
    if begin == limit and begin > 0 and (text[begin - 1].isalpha()):
        return False  # a word longer than any abbreviation
    word = text[begin:period]
    if not word:
        return False
    if len(word) == 1 and word.isupper():
        return True  # an initial: `J. Smith`
    return word.casefold().lstrip(".") in ABBREVIATIONS


def shorten(text: str, limit: int = 40) -> str:
    """``text`` cut to about ``limit`` characters at a word, with ``…`` when cut."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > limit // 2 else limit].rstrip() + "\u2026"


def source_offset(plain: str, raw: str, target: int) -> int | None:
    """Where in ``raw`` the character ``plain[target]`` came from, or None.

    ``plain`` is ``raw`` with markup deleted and whitespace runs collapsed, so its
    characters are matched to ``raw``'s in order, each to the first one that fits (a
    space to a run of whitespace).  Markup holding the next characters (a link's URL)
    can pull the match early; a character that cannot be matched gives None, and the
    caller points at the whole body instead.  One forward scan.
    """
    at = 0
    for index in range(min(target + 1, len(plain))):
        char = plain[index]
        if char.isspace():
            while at < len(raw) and not raw[at].isspace():
                at += 1
            if at == len(raw):
                return None
            while at + 1 < len(raw) and raw[at + 1].isspace():
                at += 1
        else:
            found = raw.find(char, at)
            if found < 0:
                return None
            at = found
        if index == target:
            return at
        at += 1
    return None
