"""Record numbers in text: bare IDs in relations, target lists, and title prefixes.

``Superseded by ADR-0057``, ``Supersedes ADR 3 and [ADR 4](0004-x.md)`` and
``# 0009. Use Postgres`` all name records by number.  Offsets are code-point offsets
into the string given.

Example::

    [r.number for r in find_record_ids("ADR-3 and adr 12")]  # [3, 12]
    title_without_prefix("ADR 016: Use Postgres")  # 'Use Postgres'
"""

from __future__ import annotations

import re

from attrs import frozen

from assay.spec.model import Model

# Nine digits at most: a longer run is no record number, and `int` refuses huge strings.
_ID = re.compile(r"(?<!\w)ADR(?:[-_ \u00a0]?#?)([0-9]{1,9})(?![0-9])", re.IGNORECASE)
# A bare number names a record only when it is the whole target (`Supersedes 0005`);
# anywhere else it is as likely a count or a year.
_BARE = re.compile(r"\s*([0-9]{4})\s*")
_DESTINATION = re.compile(r"\]\([^()]*\)")
# `and` as a word of its own, after a space or a comma (`ADR-3,and ADR-4`).
# Spaces are taken only from the head of their run (`and` follows a whole run or none):
# tried at each space of a long run, `\s*` ran to the run's end each time (quadratic).
_AND = re.compile(r"(?:(?<!\s)\s++|(?<![^\W_]))and\s+", re.IGNORECASE)
_ENTITY = re.compile(r"&#?\w+;")
_OPENERS, _CLOSERS = "([", ")]"

# `Architecture Decision Record: X`, and its short forms `ADR: X` and `ADR - X` (no
# number; the dash needs spaces around it, as `ADR-0005 - X` is a numbered prefix).
_LABEL = re.compile(
    r"(?:architecture\s+decision\s+record\s*[:\-\u2014\u2013]|ADR\s*:|ADR\s+[-\u2014\u2013]\s)\s*",
    re.IGNORECASE,
)
_SEPARATOR = r"(?:\s*[.:)]|\s*[\u2014\u2013]|\s+-)"
# With `ADR` in front the number is surely a record number; a separator is optional.
_ADR_NUMBER = re.compile(
    rf"ADR[-_ ]?#?(?:([0-9]{{1,9}})|([Xx]+|[Nn]+))(?![0-9A-Za-z])(?:{_SEPARATOR}\s*|\s+|\Z)",
    re.IGNORECASE,
)
# A bare number needs a separator and a space, so `1.5x faster builds` keeps its number.
_BARE_NUMBER = re.compile(rf"(?:([0-9]{{1,9}})|([Nn]+|[Xx]{{2,}})){_SEPARATOR}(?=\s|\Z)\s*")


@frozen(kw_only=True)
class RecordId(Model):
    """A record named by ID in text; ``text[start:end]`` is ``ADR-0057`` as written."""

    text: str
    number: int
    start: int
    end: int


@frozen(kw_only=True)
class TitleNumber(Model):
    """A record-number prefix of a title; ``title[prefix_end:]`` is the title proper."""

    number: int | None  #: None for a label without number, or an unfilled placeholder
    prefix_end: int  #: offset just past the prefix and the spaces after it
    placeholder: bool  #: ``# n. Title``, ``NNNN.``, ``ADR-XXXX``: a template number


def find_record_ids(text: str) -> tuple[RecordId, ...]:
    """``ADR-0057``, ``ADR 111``, ``ADR0057``, ``adr-12`` in ``text``, in order.

    ``#12`` is an issue number, not a record.  A bare ``0005`` counts only when it is
    all of ``text``.  IDs inside a link destination (``[x](adr-0005.md)``) are paths,
    not mentions, and are left out.
    """
    bare = _BARE.fullmatch(text)
    if bare is not None:
        return (RecordId(text=bare[1], number=int(bare[1]), start=bare.start(1), end=bare.end(1)),)
    paths = [m.span() for m in _DESTINATION.finditer(text)]
    return tuple(
        RecordId(text=m[0], number=int(m[1]), start=m.start(), end=m.end())
        for m in _ID.finditer(text)
        if not any(start <= m.start() < end for start, end in paths)
    )


def split_targets(text: str) -> tuple[tuple[int, int], ...]:
    """The ``(start, end)`` of each target in a list joined by ``,`` ``;`` ``&`` ``and``.

    Separators inside link brackets or parentheses do not split
    (``[ADR 3, draft](0003-x.md)`` is one target).  Ranges are stripped of spaces and
    trailing periods; empty pieces are dropped.
    """
    pieces: list[tuple[int, int]] = []
    depth, begin, at = 0, 0, 0
    while at < len(text):
        char = text[at]
        cut: tuple[int, int] | None = None
        if char in _OPENERS:
            depth += 1
        elif char in _CLOSERS:
            depth = max(0, depth - 1)  # a stray closer must not hide later separators
        elif depth == 0:
            cut = _separator(text, at)
        if cut is None:
            entity = _ENTITY.match(text, at) if char == "&" else None
            at = entity.end() if entity is not None else at + 1  # `&nbsp;` is text
            continue
        pieces.append((begin, cut[0]))
        begin = at = cut[1]
    pieces.append((begin, len(text)))
    return tuple(p for p in (_trim(text, start, end) for start, end in pieces) if p[0] < p[1])


def _separator(text: str, at: int) -> tuple[int, int] | None:
    """The separator starting at ``at``, if any, as ``(start, end)``."""
    char = text[at]
    if char == "&":
        entity = _ENTITY.match(text, at)
        if entity is None or entity[0].lower() == "&amp;":
            return (at, entity.end() if entity is not None else at + 1)
        return None
    if char in ",;":
        return (at, at + 1)
    joined = _AND.match(text, at) if char.isspace() or char in "aA" else None
    return joined.span() if joined is not None else None


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` narrowed past surrounding spaces and trailing periods."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] == "."):
        end -= 1
    return (start, end)


def record_number_in_title(title: str) -> TitleNumber | None:
    """The record-number prefix of ``title``, or None when it has none.

    ``1. X``, ``0009. X``, ``ADR 016: X``, ``ADR015: X``, ``0018: X``, ``ADR-0057 - X``,
    ``097 — X`` carry a number; ``Architecture Decision Record: X`` and ``ADR - X`` are
    labels only;
    ``n. X`` and ``ADR-XXXX: X`` are unfilled template numbers.
    """
    at = len(title) - len(title.lstrip())
    label = _LABEL.match(title, at)
    if label is not None:
        at = label.end()
    numbered = _ADR_NUMBER.match(title, at) or _BARE_NUMBER.match(title, at)
    if numbered is None:
        if label is None:
            return None
        return TitleNumber(number=None, prefix_end=at, placeholder=False)
    number = int(numbered[1]) if numbered[1] is not None else None
    return TitleNumber(number=number, prefix_end=numbered.end(), placeholder=number is None)


def title_without_prefix(title: str) -> str:
    """``title`` without its record-number prefix and surrounding spaces."""
    prefix = record_number_in_title(title)
    return title[prefix.prefix_end if prefix is not None else 0 :].strip()
