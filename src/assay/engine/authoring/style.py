"""A folder's house style, learnt from how its records are written.

Where a record states its status says which style it follows: YAML front matter is
MADR 3/4, a ``- Status:`` bullet is log4brains (and MADR 2), a ``## Status`` heading
or a ``Status:`` line is Michael Nygard's (adr-tools). The style most records follow
is the folder's; the latest record in it gives the details (the title's number
prefix, the status's capital, whether there is a date, the bullet marker).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Literal

from attrs import frozen

from assay.engine.authoring.folder import Record
from assay.engine.reading.values import record_number_in_title, strip_markup
from assay.engine.workspace.types import builtin_type
from assay.errors import UsageError
from assay.spec.model import Model
from assay.spec.reading import FieldReading, Reading

_DIGITS = re.compile(r"[0-9]+")
#: The headings of a record's own history, as records write them (not a bare
#: `History`, which is as often the background of the problem).
_CHANGELOG = re.compile(r"change ?log|change history|revision history")
_ENTRY = re.compile(r"^[ \t]*([-*+])[ \t]", re.M)
Kind = Literal["nygard", "madr", "log4brains"]
#: Where a style states its status and date.
Place = Literal["front-matter", "bullet", "line", "heading"]

NAMES: dict[Kind, str] = {
    "nygard": "Nygard (a `## Status` heading or a `Status:` line)",
    "madr": "MADR (YAML front matter)",
    "log4brains": "log4brains (`- Status:` bullets)",
}
_KINDS: dict[str, Kind] = {
    "front-matter": "madr",
    "bullet": "log4brains",
    "line": "nygard",
    "table": "nygard",
    "heading": "nygard",
    "heading-inline": "nygard",
    "title": "nygard",
}


@frozen(kw_only=True)
class HouseStyle(Model):
    """How a folder's records are written, learnt from them, so a new one matches."""

    kind: Kind = "nygard"
    #: Where the status goes: a heading (Nygard), a line (`Status: Proposed`), …
    status_place: Place = "heading"
    #: The title's number prefix with ``{}`` for the number (``{}. `` or ``ADR-{}: ``),
    #: and how many digits the number has; "" for titles without a number.
    title_prefix: str = "{}. "
    title_width: int = 1
    capitalized: bool = True  #: ``Proposed`` rather than ``proposed``
    dated: bool = True  #: the records state a date
    bullet: str = "-"  #: the list marker of metadata bullets
    #: The heading of the change log the records end with (``## Changelog``), and its
    #: entries' list marker; "" when they keep none.
    changelog: str = ""
    changelog_marker: str = "-"

    def status(self, value: str) -> str:
        """A status value in the folder's case (``Proposed`` or ``proposed``)."""
        return value.capitalize() if self.capitalized else value.lower()

    def title(self, number: int | None, title: str) -> str:
        """The title with the folder's number prefix (``{}. ``, ``ADR-{}: ``), if it has one."""
        if not self.title_prefix or number is None:
            return title
        return self.title_prefix.replace("{}", f"{number:0{self.title_width}d}") + title


def learn_style(records: Sequence[Record]) -> HouseStyle:
    """The house style most of ``records`` (oldest first) follow; Nygard's with
    adr-tools' details when none states a status.

    Raises ``UsageError`` when two styles are equally common.
    """
    kinds: dict[Kind, list[tuple[Record, Reading, FieldReading]]] = {}
    for record in records:
        stated = record.reading.field("Status") if record.reading is not None else ()
        if record.reading is not None and stated:
            kinds.setdefault(_KINDS[stated[0].source], []).append(
                (record, record.reading, stated[0])
            )
    if not kinds:
        return HouseStyle()
    counts = Counter({kind: len(found) for kind, found in kinds.items()}).most_common()
    if len(counts) > 1 and counts[0][1] == counts[1][1]:
        tied = [kind for kind, count in counts if count == counts[0][1]]
        raise UsageError(
            "cannot tell the folder's style: as many records follow "
            + " as ".join(f"{NAMES[k]} ({len(kinds[k])})" for k in tied)
            + "; add a template.md to the folder for new records to follow"
        )
    kind = counts[0][0]
    record, reading, status = kinds[kind][-1]
    prefix, width = _title_prefix(reading)
    place: Place = "heading"
    if status.source == "front-matter" or status.source == "bullet" or status.source == "line":
        place = status.source
    changelog = _changelog(record, reading)
    return HouseStyle(
        kind=kind,
        status_place=place,
        title_prefix=prefix,
        title_width=width,
        capitalized=status.raw.lstrip("*_ ")[:1].isupper(),
        dated=bool(reading.field("Date")),
        bullet=_bullet(record.raw, status) if place == "bullet" else "-",
        changelog=changelog[0],
        changelog_marker=changelog[1],
    )


def _changelog(record: Record, reading: Reading) -> tuple[str, str]:
    """The latest record's change log heading and the list marker of its entries."""
    for section in reading.sections:
        if _CHANGELOG.fullmatch(" ".join(section.name.split()).casefold()) is None:
            continue
        body = section.body
        text = record.raw[body.start : body.end].decode("utf-8", "replace") if body else ""
        entry = _ENTRY.search(text)
        hashes = "#" * section.level + " " if section.level else ""
        return hashes + section.heading.strip(), entry[1] if entry is not None else "-"
    return "", "-"


def _title_prefix(reading: Reading) -> tuple[str, int]:
    """The latest title's number prefix as a pattern, and its digits."""
    title = reading.title
    if title is None or title.source != "h1" or title.number is None:
        return "", 1
    prefix = record_number_in_title(title.raw)
    if prefix is None:  # pragma: no cover - a number was read from this prefix
        return "", 1
    text = title.raw[: prefix.prefix_end]
    digits = _DIGITS.search(text)
    if digits is None:  # pragma: no cover - a number was read from this prefix
        return "", 1
    width = len(digits[0]) if digits[0].startswith("0") else 1
    return text[: digits.start()] + "{}" + text[digits.end() :], width


def _bullet(raw: bytes, status: FieldReading) -> str:
    """The list marker before the status key (``-``, ``*`` or ``+``)."""
    if status.key_span is None:
        return "-"
    line_start = raw.rfind(b"\n", 0, status.key_span.start) + 1
    before = raw[line_start : status.key_span.start].decode("utf-8", "replace").strip()
    return before[:1] if before[:1] in ("-", "*", "+") else "-"


#: The words a series writes for a record not yet decided, besides the ``proposed``
#: spellings the built-in type knows: Kubernetes' and Open edX's ``provisional``.
_UNDECIDED = ("provisional", "wip", "rfc")


def new_status(records: Sequence[Record]) -> str:
    """The status word ``records`` (oldest first) use most for a record not yet
    decided (``proposed``, ``draft``, ``provisional``, …); ``proposed`` when none is.
    Lower-case: the house style gives the case."""
    return series_word(records, "proposed", _UNDECIDED)


def series_word(records: Sequence[Record], value: str, extra: Sequence[str] = ()) -> str:
    """The spelling of the status ``value`` (or one of ``extra``) that ``records``
    use most, the latest of equals; ``value`` when they use none. Lower-case."""
    words = sorted({*_spellings(value), *extra}, key=len, reverse=True)
    counts: Counter[str] = Counter()
    latest: dict[str, int] = {}
    for at, record in enumerate(records):
        stated = record.reading.field("Status") if record.reading is not None else ()
        if not stated or stated[0].placeholder:
            continue
        text = strip_markup(stated[0].raw).casefold()
        word = next((w for w in words if re.match(rf"{re.escape(w)}(?![^\W_])", text)), None)
        if word is not None:
            counts[word] += 1
            latest[word] = at
    if not counts:
        return value
    return max(counts, key=lambda w: (counts[w], latest[w]))


def _spellings(value: str) -> tuple[str, ...]:
    """``value`` and its synonyms in the built-in ``adr`` type's Status."""
    status = next(f for f in builtin_type("adr").fields if f.name == "Status")
    found = next(v for v in status.values if v.name.casefold() == value)
    return (found.name.casefold(), *(s.casefold() for s in found.synonyms))
