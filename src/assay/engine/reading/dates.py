"""Dates as records write them, and the template placeholders left in their place.

ISO ``YYYY-MM-DD`` is right.  Other forms (``05/03/2023``, ``09/27/23``, ``March 5, 2023``,
``5 March 2023``, ``5-Mar-2023``, ``2023 Mar 5``, ``2023-Mar-05``, ``2023-3-5``, and
``January, 2026``, known to the month) are read, but as ``ambiguous``: they earn a warning,
and ``iso`` is filled only when the day is certain (``5 March 2023`` is; ``05/03/2023``
and ``January, 2026`` are not).  A numeric date is a date in whichever order it can be
one.  Only a date no order makes real (``2023-13-10``, ``32/13/2020``) is ``impossible``;
``YYYY-MM-DD`` or ``[Insert Date]`` is a ``placeholder``.

Placeholders live here rather than in ``values`` because most of them are unfilled
dates, and so that ``values`` can import this module without a cycle.

Example::

    read_date("05/03/2023").message
    # '`05/03/2023` could be 5 March or 3 May; write 2023-03-05 or 2023-05-03'
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from typing import Literal

from attrs import frozen

from assay.grammar.memo import remember_short
from assay.spec.model import Model

DateKind = Literal["iso", "ambiguous", "impossible", "placeholder", "unrecognized"]

_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
# Spelled out, not `calendar.month_name`, which follows the process locale.
_MONTH_NUMBERS = {name[:3].casefold(): number for number, name in enumerate(_MONTHS, 1)}
_MONTH = (
    r"(?<![^\W_])(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?"
    r"|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_ORDINAL = r"(?:st|nd|rd|th)?"
# `[0-9]`, not `\d`: other scripts' digits are not a date anyone can compare.
_TIME = (
    r"(?:[T ](?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\.[0-9]+)?)?"
    r"(?:Z|[+-][0-9]{2}:?[0-9]{2})?(?![0-9]))?"
)
_ISO = re.compile(rf"(?<![0-9])([0-9]{{4}})-([0-9]{{1,2}})-([0-9]{{1,2}})(?![0-9]){_TIME}")
_YEAR_FIRST = re.compile(r"(?<![0-9])([0-9]{4})([/.])([0-9]{1,2})\2([0-9]{1,2})(?![0-9])")
# A value that is one ISO date and nothing else: `2023-05-11`.
_PLAIN_ISO = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_DAY_FIRST = re.compile(r"(?<![0-9])([0-9]{1,2})([/.-])([0-9]{1,2})\2([0-9]{4})(?![0-9])")
# `09/27/23`, `10/04/18`, `26.03.18`: a two-digit year, of this century. Slashed, or
# dotted with two-digit parts: `1.2.23` is as often a version, and a dashed triple a
# range; never inside a path or a longer run of numbers (`/12/05/23/`, `1.10.04.18`).
_SHORT_YEAR = re.compile(
    r"(?<![\w/.])(?=[0-9]{1,2}/|[0-9]{2}\.[0-9]{2}\.)([0-9]{1,2})([/.])([0-9]{1,2})\2"
    r"([0-9]{2})(?![0-9/]|[.,][0-9])"
)
# `12 March 2023`, `12th of March, 2023`, and `12-Mar-2023` as some tools write it.
_DAY_NAME = re.compile(
    rf"(?<![0-9])([0-9]{{1,2}}){_ORDINAL}(?:\s+(?:of\s+)?|-){_MONTH}(?:,?\s+|-)([0-9]{{4}})(?![0-9])",
    re.IGNORECASE,
)
# `2020 Jan 20` (the Cosmos family's changelogs), `2020-Nov-09`, `2020/Nov/09`: the
# same separator on both sides, or a month's own period before a space.
_YEAR_NAME = re.compile(
    rf"(?<![0-9])([0-9]{{4}})(\s+|[-/.]){_MONTH}(?:(?<=\.)\s*|\2)([0-9]{{1,2}}){_ORDINAL}"
    r"(?![0-9])",
    re.IGNORECASE,
)
_NAME_DAY = re.compile(
    rf"{_MONTH}\s+([0-9]{{1,2}}){_ORDINAL},?\s+([0-9]{{4}})(?![0-9])", re.IGNORECASE
)
# `January 2026`, `May, 2026`, `January , 2026`: a date of a month's precision.
_MONTH_YEAR = re.compile(rf"{_MONTH}[ \t]*,?[ \t]*([0-9]{{4}})(?![0-9])", re.IGNORECASE)
_MASK_PART = r"(?:YYYY|YY|MM|DD)"
_MASK = re.compile(rf"(?<![^\W_]){_MASK_PART}(?:[-/.]{_MASK_PART})+(?![^\W_])", re.IGNORECASE)

_BRACKETS = re.compile(r"\[([^\[\]]*)\]")
# A value that is all template: `{a | b}`, `<date>` or `YYYY-MM-DD` (one pattern, not
# three, as it runs on the text of every section).
_WHOLE_TEMPLATE = re.compile(
    rf"(?s:\{{.*\}})|<[^<>:@/=]*>|(?i:{_MASK_PART}(?:[-/. ]{_MASK_PART})+)"
)
# Words that make a bracketed text a description to replace, not a value: `[Accepted]`
# and `[ADR-0005]` (a shortcut reference link) are values.
_TEMPLATE_WORDS = re.compile(
    r"(?<![^\W_])(?:insert|date|yyyy|status|name|title|describe|description|todo|fill"
    r"|enter|your|here|placeholder|e\.g|x{3,}|n{3,}|option[ \t]*[0-9]+)(?![^\W_])|\||\.\.\.|…",
    re.IGNORECASE,
)
_WRAPPING = " \t\r\n*_`~"


@frozen(kw_only=True)
class DateReading(Model):
    """What a date value says; ``raw[start:end] == text``."""

    kind: DateKind
    iso: str | None  #: ``YYYY-MM-DD`` when the date is certain; else None
    text: str  #: the date as written (a time included); the value when none was found
    start: int
    end: int
    message: str  #: why the value is not plain ISO, for a diagnostic; empty for ``iso``


def is_placeholder(text: str) -> bool:
    """True when ``text`` is a template leftover rather than a value.

    ``{proposed | accepted}``, ``[ a | b ]`` (links inside it too), ``[Insert Date]``,
    MADR's ``[option 1]``, ``YYYY-MM-DD`` and ``<date>`` are; ``TBD`` (a value some
    teams choose) and ``[ADR 5](x.md)`` are not.
    """
    core = _core(text)
    if not core or not _may_open_template(core[0]):
        return False  # most texts (every section's) begin as no placeholder can
    if _WHOLE_TEMPLATE.fullmatch(core):
        return True
    if core in ("...", "…"):
        return True
    bracketed = _BRACKETS.fullmatch(core)
    inside = bracketed[1] if bracketed is not None else _outer_bracket(core)
    if inside is None:
        return False
    inside = inside.strip()
    return not inside or _TEMPLATE_WORDS.search(inside) is not None


def _outer_bracket(core: str) -> str | None:
    """What one pair of brackets around all of ``core`` holds, brackets inside it
    allowed (``[ accepted | superseded by [xxx](yyyymmdd-xxx.md) ]``); else None."""
    if not core.startswith("[") or not core.endswith("]"):
        return None
    depth = 0
    for at, char in enumerate(core):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth == 0:
                return core[1:-1] if at == len(core) - 1 else None
    return None


#: The characters a placeholder can start with: the first character each of
#: `is_placeholder`'s patterns needs (either case for the date masks, as they match).
_TEMPLATE_FIRST = frozenset("{<[.…YyMmDd")


def _may_open_template(char: str) -> bool:
    return char in _TEMPLATE_FIRST


def _core(text: str) -> str:
    """``text`` without a trailing comment, surrounding emphasis and a final period."""
    core = text.strip()
    if core.endswith("-->"):
        opening = core.rfind("<!--", 0, len(core) - 3)
        if opening >= 0:
            core = core[:opening]
    core = core.strip(_WRAPPING)
    if core.endswith(".") and not core.endswith(".."):
        core = core[:-1].strip(_WRAPPING)
    return core


@remember_short()
def read_date(raw: str) -> DateReading:
    """The first date in ``raw``: ``2023-05-11 (revised 2023-06-01)`` reads 2023-05-11.

    Example: ``read_date("12 March 2023")`` is ``ambiguous`` (not ISO) with ``iso``
    ``2023-03-12``; ``read_date("2023-05-11T10:00:00Z").iso`` is ``2023-05-11``.
    Cached (the reading is frozen): records of one period share their dates; without
    it the warm pre-commit run executes 0.13 % more instructions (the budget with no
    room), where a cold check saves nothing by it.
    """
    start = len(raw) - len(raw.lstrip())
    end = max(start, len(raw.rstrip()))
    value = raw[start:end]
    plain = _PLAIN_ISO.fullmatch(value)
    if plain is not None:
        # Most dates are just this: no placeholder, and no other pattern can start as
        # early, so `_any_date` would find this same ISO date.
        year, month, day = int(plain[1]), int(plain[2]), int(plain[3])
        if _problem(year, month, day) is None:
            return DateReading(kind="iso", iso=value, text=value, start=start, end=end, message="")
    return _any_date(raw)


def _any_date(raw: str) -> DateReading:
    """``read_date`` the general way: a placeholder, or the first of every pattern."""
    start = len(raw) - len(raw.lstrip())
    end = max(start, len(raw.rstrip()))
    value = raw[start:end]
    if is_placeholder(raw):
        return DateReading(
            kind="placeholder",
            iso=None,
            text=value,
            start=start,
            end=end,
            message=_placeholder_message(value),
        )
    found = [m for m in (p.search(raw) for p in _PATTERNS) if m is not None]
    if not found:
        message = (
            f"`{value}` is not a date; write it as YYYY-MM-DD"
            if value
            else "no date is given; write it as YYYY-MM-DD"
        )
        return DateReading(
            kind="unrecognized", iso=None, text=value, start=start, end=end, message=message
        )
    first = min(found, key=lambda m: (m.start(), -m.end()))
    return _classify(first)


def _classify(match: re.Match[str]) -> DateReading:
    """The reading of the first date-like ``match``, whichever pattern found it."""
    text = match[0]
    pattern = match.re
    if pattern is _MASK:
        return _reading(match, "placeholder", None, _placeholder_message(text))
    if pattern is _DAY_FIRST or pattern is _SHORT_YEAR:
        return _day_first(match)
    if pattern is _MONTH_YEAR:
        return _month_year(match)
    if pattern is _ISO:
        year, month, day = int(match[1]), int(match[2]), int(match[3])
    elif pattern is _YEAR_FIRST:
        year, month, day = int(match[1]), int(match[3]), int(match[4])
    elif pattern is _DAY_NAME:
        day, month, year = int(match[1]), _month_number(match[2]), int(match[3])
    elif pattern is _YEAR_NAME:
        year, month, day = int(match[1]), _month_number(match[3]), int(match[4])
    else:
        month, day, year = _month_number(match[1]), int(match[2]), int(match[3])
    problem = _problem(year, month, day)
    if problem is not None:
        return _reading(match, "impossible", None, f"`{text}` is not a date: {problem}")
    iso = f"{year:04d}-{month:02d}-{day:02d}"
    if pattern is _ISO and text[:10] == iso:
        return _reading(match, "iso", iso, "")
    return _reading(match, "ambiguous", iso, f"`{text}` is not an ISO date; write {iso}")


def _day_first(match: re.Match[str]) -> DateReading:
    """``05/03/2023``: day-first or month-first; dotted dates are always day-first."""
    text = match[0]
    first, separator, second, year = int(match[1]), match[2], int(match[3]), int(match[4])
    if match.re is _SHORT_YEAR:
        year += 2000  # records are of this century
    readings = [(year, second, first)]  # day first, as most of the world writes it
    if separator != "." and first != second:
        readings.append((year, first, second))
    valid = [r for r in readings if _problem(*r) is None]
    if not valid:
        # Explain with the reading whose month exists, so the message names a real month.
        reason = next((r for r in readings if 1 <= r[1] <= 12), readings[0])
        problem = _problem(*reason)
        return _reading(match, "impossible", None, f"`{text}` is not a date: {problem}")
    isos = [f"{y:04d}-{m:02d}-{d:02d}" for y, m, d in valid]
    if len(valid) == 1:
        message = f"`{text}` is not an ISO date; write {isos[0]}"
        return _reading(match, "ambiguous", isos[0], message)
    spoken = " or ".join(f"{d} {_MONTHS[m - 1]}" for _, m, d in valid)
    message = f"`{text}` could be {spoken}; write {' or '.join(isos)}"
    return _reading(match, "ambiguous", None, message)


def _month_year(match: re.Match[str]) -> DateReading:
    """``January, 2026``: a real date, known to the month; its day is not known, so
    it has no ISO form (a warning, as any non-ISO date, never FLD003)."""
    text, month, year = match[0], _month_number(match[1]), int(match[2])
    problem = _problem(year, month, 1)
    if problem is not None:
        return _reading(match, "impossible", None, f"`{text}` is not a date: {problem}")
    message = f"`{text}` names a month, not a day; write the day as {year:04d}-{month:02d}-DD"
    return _reading(match, "ambiguous", None, message)


def _problem(year: int, month: int, day: int) -> str | None:
    """Why ``year-month-day`` is no date, or None when it is one."""
    if year < 1:
        return f"there is no year {year}"
    if not 1 <= month <= 12:
        return f"there is no month {month}"
    if day < 1:
        return f"there is no day {day}"
    days = calendar.monthrange(year, month)[1]
    if day > days:
        return f"{_MONTHS[month - 1]} {year} has {days} days"
    return None


def _placeholder_message(text: str) -> str:
    """One wording for every placeholder, found as the whole value or inside it."""
    return f"`{text}` is a template placeholder; fill in the date as YYYY-MM-DD"


def _month_number(name: str) -> int:
    """1 for ``Jan``, ``January`` or ``jan.``; the pattern admits only month names."""
    return _MONTH_NUMBERS[name[:3].casefold()]


def _reading(match: re.Match[str], kind: DateKind, iso: str | None, message: str) -> DateReading:
    """A reading spanning ``match``."""
    return DateReading(
        kind=kind, iso=iso, text=match[0], start=match.start(), end=match.end(), message=message
    )


_PATTERNS = (
    _ISO,
    _YEAR_FIRST,
    _DAY_FIRST,
    _SHORT_YEAR,
    _DAY_NAME,
    _NAME_DAY,
    _YEAR_NAME,
    _MONTH_YEAR,
    _MASK,
)


#: The order of a numeric date's day and month: `26/03/2018` is day-first.
Order = Literal["day-first", "month-first"]


def numeric_readings(raw: str) -> dict[Order, str]:
    """The ISO dates a numeric date (`10/04/18`, `26.03.2018`) is in each order it can
    be read in: one order for `26/03/2018` (there is no month 26), two for
    `10/04/18`, none for another form of date."""
    match = _DAY_FIRST.search(raw) or _SHORT_YEAR.search(raw)
    if match is None:
        return {}
    first, separator, second, year = int(match[1]), match[2], int(match[3]), int(match[4])
    year += 2000 if match.re is _SHORT_YEAR else 0
    orders: list[tuple[Order, int, int]] = [("day-first", second, first)]
    if separator != ".":  # a dotted date is day-first wherever it is written
        orders.append(("month-first", first, second))
    return {
        order: f"{year:04d}-{month:02d}-{day:02d}"
        for order, month, day in orders
        if _problem(year, month, day) is None
    }


def series_order(raws: Iterable[str]) -> Order | None:
    """The order a series writes its numeric dates in, where they show it: the order
    of every date that can be read one way only, when they agree (a series that
    writes `26/03/2018` reads its `10/04/18` day-first); None when none shows an order,
    or two disagree."""
    shown: set[Order] = set()
    for raw in raws:
        readings = numeric_readings(raw)
        if len(readings) == 1:
            shown.update(readings)
    return shown.pop() if len(shown) == 1 else None
