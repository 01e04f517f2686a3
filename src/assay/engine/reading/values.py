"""Field values as records write them: markup, status keywords and placeholders.

A status is rarely one word.  ``**Accepted** 2023-05-11``, ``Accepted, amended by
[ADR 5](0005-x.md)`` and ``Rejected in favour of ADR 111`` all lead with a keyword that a
type's allowed values (with their synonyms) map to a canonical value; what follows the
keyword is kept, markup and all, so relation targets can be read from it.

Dates and placeholders are read in ``dates``, record IDs and title numbers in
``record_ids``; both are re-exported here, so callers import values from one place.
All offsets are code-point offsets into the string given.

Example::

    reading = read_status("In Review", allowed)  # allowed: proposed ~ "in review"
    reading.keyword, reading.value  # ('in review', 'proposed')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from attrs import frozen

from assay.engine.reading.dates import DateKind, DateReading, is_placeholder, read_date
from assay.engine.reading.record_ids import (
    RecordId,
    TitleNumber,
    find_record_ids,
    record_number_in_title,
    split_targets,
    title_without_prefix,
)
from assay.spec.model import Model
from assay.spec.specfile import AllowedValue

__all__ = [
    "DateKind",
    "DateReading",
    "RecordId",
    "StatusReading",
    "TitleNumber",
    "find_record_ids",
    "is_placeholder",
    "read_date",
    "read_status",
    "record_number_in_title",
    "split_targets",
    "strip_markup",
    "title_without_prefix",
]

_BACKTICKS = re.compile(r"`+")
_LINKS = (
    re.compile(r"!?\[([^\[\]]*)\]\([^()]*\)"),  # inline: [text](url), images too
    re.compile(r"\[([^\[\]]*)\]\[[^\[\]]*\]"),  # reference: [text][ref], [text][]
    re.compile(r"\[([^\[\]]*)\]"),  # shortcut: [text]
)
# Underscores inside words (`snake_case`) are no emphasis in CommonMark; asterisks are.
# Contents never cross the marker character, so each opener scans only to the next one
# (not to the end of the text) and nested emphasis goes on the next pass instead.
_INNER_UNDERSCORE = r"(?:[^_]|(?<=[^\W_])_(?=[^\W_]))+?"
# Each with the mark it cannot match without.
_EMPHASIS = (
    (re.compile(r"\*\*(?=[^\s*])([^*]+?)(?<=\S)\*\*"), "*"),
    (re.compile(rf"(?<![^\W_])__(?=[^\s_])({_INNER_UNDERSCORE})(?<=\S)__(?![^\W_])"), "_"),
    (re.compile(r"\*(?=[^\s*])([^*]+?)(?<=\S)\*"), "*"),
    (re.compile(rf"(?<![^\W_])_(?=[^\s_])({_INNER_UNDERSCORE})(?<=\S)_(?![^\W_])"), "_"),
)
_SPACES = re.compile(r"\s+")

# Before the keyword: comments, then anything that is not a letter or digit (markup,
# quotes, an emoji like `✅ Accepted`).
_LEADING = re.compile(r"(?:\s*<!--.*?-->)*[\W_]*", re.DOTALL)
# A date before the keyword: adr-tools' successors write `2021-01-13 proposed`, one line
# per change. Possessive runs: a long run of marks without a word after it fails fast.
_LEADING_DATE = re.compile(
    r"(?:[0-9]{4}[-/][0-9]{1,2}[-/][0-9]{1,2}|[0-9]{1,2}[./][0-9]{1,2}[./][0-9]{2,4})"
    r"(?=[\W_])[\W_]*+(?=[^\W0-9_])"
)
_WORD = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")
_BOUNDARY = r"(?![^\W_]|['\u2019-][^\W_])"
_CLOSING = re.compile(r"[*_`~\])\"'\u201d\u2019]*")
_SEPARATORS = re.compile(r"[\s,;:.\u2014\u2013-]*")
_EMPHASIS_MARKS = "*_`~"


@frozen(kw_only=True)
class StatusReading(Model):
    """A status value read against the allowed values of its field.

    ``raw[keyword_start:keyword_end]`` is the keyword as written and
    ``raw[rest_start:rest_end] == rest``.
    """

    raw: str  #: the value as given
    text: str  #: the value without markup (``strip_markup``)
    keyword: str  #: the leading keyword, casefolded, spaces collapsed; empty if none
    value: str | None  #: the allowed name the keyword maps to; None when unknown
    placeholder: bool  #: a template leftover (``{proposed | accepted}``)
    keyword_start: int
    keyword_end: int
    rest: str  #: what follows the keyword, markup kept: ``by [ADR 5](0005-x.md)``
    rest_start: int
    rest_end: int


#: The most rounds ``strip_markup`` runs, and the most sweeps for links over all of
#: them.  Each round and each sweep costs time linear in the text, so a hostile value
#: (ten thousand ``[`` or ``*`` around a word) costs linear time, not one round per layer.
#: Real values need two or three rounds; markup deeper than this stays as text.
MAX_ROUNDS = 32
MAX_LINK_SWEEPS = 2 * MAX_ROUNDS


def strip_markup(text: str) -> str:
    """``text`` as plain words: ``**Accepted**.`` becomes ``Accepted``.

    Drops emphasis, code backticks, link syntax (keeping the link text), a trailing
    HTML comment and a trailing period (an ellipsis stays); collapses whitespace.
    The steps repeat until nothing changes, so nested markup goes too and stripping
    twice equals stripping once (code-span contents are therefore not protected).

    The work is bounded, so the time is linear in the text: at most ``MAX_ROUNDS``
    rounds, and at most ``MAX_LINK_SWEEPS`` sweeps for links over all rounds (each
    sweep takes off one layer of brackets).  Markup nested deeper than that, some thirty
    layers, which no status or name needs, is left partly stripped, and stripping such
    a result again may take off more.
    """
    previous = None
    sweeps = [MAX_LINK_SWEEPS]  # what the rounds may still spend on links
    for _ in range(MAX_ROUNDS):
        if text == previous:
            break
        previous, text = text, _strip_once(text, sweeps)
    return text


def _strip_once(text: str, sweeps: list[int]) -> str:
    """One round of ``strip_markup``; the caller repeats it until nothing changes.

    Each pattern needs its mark (a backtick, ``[``, ``*`` or ``_``) to match, so it
    runs only when the text still holds that mark: most values hold none.  ``sweeps``
    holds how many link sweeps are left; each one spent is taken off.
    """
    text = text.rstrip()
    if text.endswith("-->"):
        opening = text.rfind("<!--", 0, len(text) - 3)
        if opening >= 0:
            text = text[:opening]
    if "`" in text:
        text = _strip_code(text)
    replaced = 1 if "[" in text else 0
    while replaced and sweeps[0] > 0:  # here, not in the outer loop: nesting is cheap
        sweeps[0] -= 1
        replaced = 0
        for link in _LINKS:
            text, count = link.subn(r"\1", text)
            replaced += count
    for emphasis, mark in _EMPHASIS:
        if mark in text:
            text = emphasis.sub(r"\1", text)
    text = _SPACES.sub(" ", text).strip()
    return text[: _without_trailing_periods(text)]


def _without_trailing_periods(text: str) -> int:
    """Where ``text`` ends without its trailing periods and the spaces before each.

    ``a. .`` loses both (one period more each time), an ellipsis stays.  Counted
    backwards rather than cut off one by one, which copied the text for each period.
    """
    end = len(text)
    while end and text[end - 1] == "." and not (end > 1 and text[end - 2] == "."):
        end -= 1
        while end and text[end - 1].isspace():
            end -= 1
    return end


def _strip_code(text: str) -> str:
    """Code spans replaced by their contents, left to right.

    A span opens at a run of backticks and closes at the next run of the same length;
    a run no later run matches opens nothing.  Each run's next equal run is found in
    one backward sweep, as the pattern that did this (``(`+)(.+?)\\1``) scanned to the
    end of the text for each unmatched run.
    """
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text)]
    following: list[int | None] = [None] * len(runs)
    latest: dict[int, int] = {}
    for k in range(len(runs) - 1, -1, -1):
        length = runs[k][1] - runs[k][0]
        following[k] = latest.get(length)
        latest[length] = k
    pieces: list[str] = []
    cursor = k = 0
    while k < len(runs):
        closing = following[k]
        if closing is None:
            k += 1
            continue
        pieces += (text[cursor : runs[k][0]], text[runs[k][1] : runs[closing][0]])
        cursor, k = runs[closing][1], closing + 1
    pieces.append(text[cursor:])
    return "".join(pieces)


def read_status(raw: str, allowed: Sequence[AllowedValue]) -> StatusReading:
    """The keyword ``raw`` leads with, mapped through ``allowed`` names and synonyms.

    Spellings match case-insensitively, the longest first, so a synonym ``in review``
    wins over a name ``in``.  A date before the keyword is no part of it
    (``2021-01-13 proposed`` is ``proposed``, dated).  A keyword no spelling matches
    is the first word, with ``value`` None; with ``allowed`` empty, ``value`` is the
    keyword itself.

    Example: ``read_status("accepted; supersedes ADR-0045", allowed)`` has keyword
    ``accepted`` and rest ``supersedes ADR-0045``.
    """
    text = strip_markup(raw)
    if is_placeholder(raw):
        at = len(raw) - len(raw.lstrip())
        return StatusReading(
            raw=raw, text=text, keyword="", value=None, placeholder=True,
            keyword_start=at, keyword_end=at, rest="", rest_start=at, rest_end=at,
        )  # fmt: skip
    start = _skip(_LEADING_DATE, raw, _skip(_LEADING, raw, 0))
    value: str | None = None
    keywords = _keywords_of(allowed)
    spelled = keywords.pattern.match(raw, start) if keywords.pattern is not None else None
    if spelled is not None:
        assert spelled.lastindex is not None  # one group per spelling: one matched
        value, end = keywords.names[spelled.lastindex - 1], spelled.end()
    else:
        word = _WORD.match(raw, start)
        end = word.end() if word is not None else start
    keyword = " ".join(raw[start:end].split()).casefold()
    if not allowed:
        value = keyword or None
    rest_start, rest_end = _rest(raw, end, opener=raw[:start])
    return StatusReading(
        raw=raw, text=text, keyword=keyword, value=value, placeholder=False,
        keyword_start=start, keyword_end=end,
        rest=raw[rest_start:rest_end], rest_start=rest_start, rest_end=rest_end,
    )  # fmt: skip


def _spellings(allowed: Sequence[AllowedValue]) -> list[tuple[str, str]]:
    """Every ``(spelling, canonical name)`` pair: each name and each of its synonyms."""
    return [(spelling, v.name) for v in allowed for spelling in (v.name, *v.synonyms)]


class Keywords(NamedTuple):
    """The spellings of some allowed values as one pattern."""

    #: Each spelling in its own group, longest first; None when there are none.
    pattern: re.Pattern[str] | None
    #: The canonical name of each group's spelling, in group order.
    names: tuple[str, ...]


# The keywords of each `allowed` tuple seen, by identity: a field's tuple is the same
# object in every record, and hashing it by value (spans and all) costs more than the
# lookup saves.  The tuple is kept with its keywords, so its id cannot be reused.
_KEYWORDS_OF: dict[int, tuple[tuple[AllowedValue, ...], Keywords]] = {}


def _keywords_of(allowed: Sequence[AllowedValue]) -> Keywords:
    if not isinstance(allowed, tuple):  # a list may change: nothing to keep
        return _keywords(tuple(_spellings(allowed)))
    known = _KEYWORDS_OF.get(id(allowed))
    if known is not None and known[0] is allowed:
        return known[1]
    if len(_KEYWORDS_OF) >= 256:
        _KEYWORDS_OF.clear()
    keywords = _keywords(tuple(_spellings(allowed)))
    _KEYWORDS_OF[id(allowed)] = (allowed, keywords)
    return keywords


@lru_cache(maxsize=64)
def _keywords(spellings: tuple[tuple[str, str], ...]) -> Keywords:
    """One alternative per spelling, longest first; inner spaces match any whitespace.

    A match is anchored and only the word boundary follows the alternatives (a failing
    boundary backtracks into the next one), so the first spelling that matches wins, as
    if each were tried in turn: in one call, not one per spelling. The boundary written
    once, not after each spelling, makes the pattern six times quicker to compile.
    """
    words = [(spelling.split(), name) for spelling, name in spellings if spelling.split()]
    words.sort(key=lambda item: (-len(item[0]), -sum(map(len, item[0]))))
    if not words:
        return Keywords(None, ())
    spaces = r"\s+"
    alternatives = "|".join(f"({spaces.join(map(re.escape, parts))})" for parts, _ in words)
    pattern = re.compile(f"(?:{alternatives}){_BOUNDARY}", re.IGNORECASE)
    return Keywords(pattern, tuple(name for _, name in words))


def _rest(raw: str, keyword_end: int, opener: str) -> tuple[int, int]:
    """Where the text after the keyword starts and ends, without what frames it.

    Skipped: markup closing the keyword (``**Accepted**``), separators (``,`` ``;``
    ``-``), and at the end spaces, a comment, a period, and emphasis marks that closed
    the whole value (``**Accepted 2023-05-11**``).
    """
    start = _skip(_SEPARATORS, raw, _skip(_CLOSING, raw, keyword_end))
    end = len(raw)
    while True:
        end = max(start, len(raw[:end].rstrip()))
        piece = raw[start:end]
        opening = piece.rfind("<!--", 0, len(piece) - 3) if piece.endswith("-->") else -1
        if opening >= 0:
            end = start + opening
        elif _closes(piece, opener):
            end -= 1
        else:
            return start, end


def _skip(pattern: re.Pattern[str], text: str, at: int) -> int:
    """The offset past what ``pattern`` matches at ``at``; ``at`` when it matches nothing."""
    found = pattern.match(text, at)
    return found.end() if found is not None else at


def _closes(piece: str, opener: str) -> bool:
    """True when ``piece`` ends in a lone period or a mark closing ``opener``'s emphasis."""
    if piece.endswith(".") and not piece.endswith(".."):
        return True
    return bool(piece) and piece[-1] in _EMPHASIS_MARKS and piece[-1] in opener
