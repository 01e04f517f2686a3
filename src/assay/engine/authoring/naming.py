"""How a folder names its records, learnt from the names it has, and the next name.

`0007-use-kafka.md` says: numbered, four digits, no prefix, `-` then a slug;
`ADR-012-use-kafka.md` a prefix `ADR-` and three digits; `20240131-use-kafka.md` a
date prefix; `0002_xapi_events.rst` (as Sphinx users name pages) an underscore after
the number and between the words, and reStructuredText. The next record follows the
latest one's pattern.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Sequence

from attrs import frozen

from assay.engine.reading.record_names import Scheme, record_number
from assay.errors import UsageError
from assay.spec.model import Model

_NUMBER = re.compile(r"^(\D*?)(\d+)")
#: File systems cap a name at 255 bytes; a slug well short of that leaves room for the
#: number, the extension and the temporary name's decorations.
SLUG_BYTES = 120


@frozen(kw_only=True)
class NameScheme(Model):
    """The pattern of a folder's record names."""

    scheme: Scheme = "numbered"
    prefix: str = ""  #: before the number: ``adr-``, ``ADR``, or nothing
    width: int = 4  #: digits, zero-padded (1: unpadded)
    dashed_date: bool = False  #: ``2024-01-31-x.md`` rather than ``20240131-x.md``
    slugged: bool = True  #: False for ``ADR-7.md``: the number is the whole name
    suffix: str = ".md"  #: ``.md``, ``.markdown`` or ``.rst``
    separator: str = "-"  #: between the number and the slug: ``-`` or ``_``
    joiner: str = "-"  #: between the slug's words: ``-`` or ``_``

    def name(self, number: int, slug: str, today: datetime.date) -> str:
        """The file name of record ``number`` (a dated scheme uses ``today``); ``slug``
        is joined with ``-`` (``slug``'s own), rejoined here as the folder joins it."""
        if self.scheme == "dated":
            stem = today.strftime("%Y-%m-%d" if self.dashed_date else "%Y%m%d")
        else:
            stem = f"{self.prefix}{number:0{self.width}d}"
        if not self.slugged:
            return f"{stem}{self.suffix}"
        return f"{stem}{self.separator}{slug.replace('-', self.joiner)}{self.suffix}"


def learn_names(names: Sequence[str]) -> NameScheme:
    """The scheme of ``names`` (the folder's record names, oldest first): the scheme
    most of them follow, in the form the latest of those is written."""
    numbered = [(n, record_number(n)) for n in names]
    known = [(n, found) for n, found in numbered if found is not None]
    if not known:
        return NameScheme()
    dated = [n for n, (_, scheme) in known if scheme == "dated"]
    plain = [n for n, (_, scheme) in known if scheme == "numbered"]
    suffix = _suffix([n for n, _ in known])
    if len(dated) > len(plain):
        latest = dated[-1]
        separator, joiner = _joints(latest[10 if latest[4:5] == "-" else 8 :])
        return NameScheme(
            scheme="dated",
            dashed_date=latest[4:5] == "-",
            slugged=True,
            suffix=suffix,
            separator=separator,
            joiner=joiner,
        )
    latest = plain[-1]
    match = _NUMBER.match(latest)
    assert match is not None  # record_number found a number at this place
    padded = [len(d) for d in (_NUMBER.match(n)[2] for n in plain) if d.startswith("0")]  # type: ignore[index]
    rest = latest[match.end() :]
    separator, joiner = _joints(rest)
    return NameScheme(
        prefix=match[1],
        width=max(padded, default=1),
        slugged=rest.lower() not in (".md", ".markdown", ".rst"),
        suffix=suffix,
        separator=separator,
        joiner=joiner,
    )


def _suffix(names: Sequence[str]) -> str:
    """The extension most of ``names`` have (the latest's of equals), of those a
    record is written in: one Markdown record among reStructuredText ones (Paragon's
    `0013-x.md`) does not turn the series."""
    found = [
        next((s for s in (".markdown", ".rst") if n.lower().endswith(s)), ".md") for n in names
    ]
    return max(reversed(found), key=found.count)


def _joints(rest: str) -> tuple[str, str]:
    """What follows a record's number (``_xapi_events.rst``): the separator before its
    slug and the one between the slug's words. A slug of one word says nothing of the
    latter, so it takes the former (``0002_xapi.rst``: ``_`` for both)."""
    separator = "_" if rest.startswith("_") else "-"
    words = rest[1:].rpartition(".")[0]
    if "-" in words or "_" in words:
        # `nep-0029-deprecation_policy.rst`: the words' own separator, where both are.
        joiner = "_" if words.count("_") > words.count("-") else "-"
    else:
        joiner = separator
    return separator, joiner


def next_number(numbers: Sequence[int]) -> int:
    """One more than the highest record number (1 in a folder without numbers)."""
    return max(numbers, default=0) + 1


def slug(title: str) -> str:
    """``Use Kafka for events`` -> ``use-kafka-for-events``: letters and digits (any
    script) kept and lower-cased, every other run of characters one hyphen.

    Raises ``UsageError`` when nothing is left, as for ``!!!``.
    """
    kept = "".join(c if c.isalnum() else " " for c in unicodedata.normalize("NFC", title))
    words = kept.lower().split()
    if not words:
        raise UsageError(f"the title {title!r} has no letters or digits to name the file after")
    text = "-".join(words)
    while len(text.encode("utf-8")) > SLUG_BYTES:
        text = text[:-1]
    return text.rstrip("-")
