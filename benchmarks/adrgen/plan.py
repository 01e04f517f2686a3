"""Decide which records exist before any text is written.

Links between records must resolve, and relations must be visible from both ends, so
the whole corpus is planned first with one ``random.Random(seed)``: series (a folder
with its own numbering, naming scheme and house style), then records, then relations.
Per-file variations (encoding, line endings, deliberate defects) are drawn here too, so
their proportions do not depend on how long the text of other files turned out.
"""

from __future__ import annotations

import posixpath
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta

from .topics import META, TOPICS, Topic
from .words import COMPONENTS

ROOTS = ("docs/adr", "docs/decisions", "doc/adr", "docs/architecture/decisions")

AREAS = (
    "payments",
    "identity",
    "platform",
    "data",
    "search",
    "mobile",
    "web",
    "infra",
    "billing",
    "catalog",
    "checkout",
    "fulfilment",
    "growth",
    "security",
    "messaging",
    "observability",
    "pricing",
    "partners",
    "support",
    "ledger",
    "inventory",
    "shipping",
    "notifications",
    "reporting",
    "api",
    "frontend",
    "backend",
    "ml",
    "devex",
    "storage",
)

#: File-name schemes of ADR-FORMATS.md, with how often a series uses each. log4brains,
#: which names files by date, writes MADR-like records, hence two tables.
SCHEMES = {"nnnn": 52, "adr-nnn": 24, "ADRnnn": 16, "date": 8}
SCHEMES_MADR = {"nnnn": 45, "date": 40, "adr-nnn": 8, "ADRnnn": 7}

#: House styles (how status, date and sections are written), with their share of series.
STYLES = {
    "nygard": 28,  # adr-tools: "# 1. Title", "Date:", "## Status" then the value
    "madr": 17,  # MADR 3/4: YAML front matter, "## Context and Problem Statement", ...
    "bullets": 15,  # MADR 2 / log4brains: "* Status: accepted" bullets under the title
    "preamble": 8,  # "Status: Accepted" / "Date: ..." lines under the title
    "table": 7,  # "| Status | Accepted |" metadata table
    "bold": 7,  # "* **Status:** Accepted"
    "oneline": 5,  # "Date: 2026-10-08 Status: accepted Deciders: ..."
    "status-heading": 3,  # "## Status: accepted"
    "plain": 5,  # no Markdown headings at all (seed 002)
    "setext": 5,  # adr-tools layout with setext headings
}

#: Per-file variations and deliberate defects: name -> probability.
FLAGS = {
    "unicode": 0.15,  # accents, CJK, emoji, typographic quotes
    "crlf": 0.10,
    "bom": 0.012,
    "no_eol": 0.03,  # no final newline
    "messy": 0.04,  # tabs, trailing blanks, whitespace-only lines
    "broken_link": 0.03,  # one link whose target does not resolve (or is odd)
    "title_mismatch": 0.005,  # number in the title differs from the file's
    "placeholder": 0.004,  # an unfilled template value
    "bad_date": 0.03,  # a date in a non-ISO form
    "impossible_date": 0.002,
    "second_h1": 0.005,  # "# Status" instead of "## Status"
}

RECORDS_PER_SERIES = 250
MIN_SERIES = 8
#: Share of a series' records written in its house style; the rest vary, as templates
#: change over the years.
HOUSE_STYLE_SHARE = 0.7


@dataclass(frozen=True)
class Series:
    """A folder of records that share numbering, file naming and a house style."""

    folder: str
    scheme: str
    style: str
    start: date


@dataclass(eq=False)
class Record:
    """One planned decision record; ``sections`` and ``document`` turn it into text."""

    index: int
    series: Series
    number: int
    date: date
    topic: Topic
    choice: str
    alts: tuple[str, ...]
    component: str
    thing: str
    title: str
    slug: str
    style: str
    flags: frozenset[str]
    status: str = "accepted"
    supersedes: list[Record] = field(default_factory=list)
    superseded_by: list[Record] = field(default_factory=list)
    amends: list[Record] = field(default_factory=list)
    amended_by: list[Record] = field(default_factory=list)
    #: Relations this record should mention but does not (a real-world defect).
    silent: list[Record] = field(default_factory=list)
    filename: str = ""

    @property
    def path(self) -> str:
        """POSIX path relative to the corpus root."""
        return f"{self.series.folder}/{self.filename}"

    @property
    def label(self) -> str:
        """How other records refer to this one in text (``ADR-0012``, ``ADR012``, ...)."""
        scheme = self.series.scheme
        if scheme == "nnnn":
            return f"ADR-{self.number:04d}"
        if scheme == "adr-nnn":
            return f"ADR-{self.number:03d}"
        if scheme == "ADRnnn":
            return f"ADR{self.number:03d}"
        return self.filename[:-3]

    def href(self, target: Record) -> str:
        """Relative link from this record's folder to ``target``."""
        return posixpath.relpath(target.path, self.series.folder)


@dataclass
class Corpus:
    """Every planned record, in writing order."""

    seed: int
    records: list[Record]


def plan_corpus(n: int, seed: int) -> Corpus:
    """Plan ``n`` records deterministically from ``seed``."""
    rng = random.Random(seed)
    records: list[Record] = []
    for series, size in _plan_series(rng, n):
        records.extend(_plan_records(rng, series, size, start_index=len(records)))
    _plan_statuses(rng, records)
    _plan_relations(rng, records)
    return Corpus(seed=seed, records=records)


def weighted(rng: random.Random, weights: Mapping[str, float]) -> str:
    """One key of ``weights``, drawn in proportion to its value."""
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def _plan_series(rng: random.Random, n: int) -> list[tuple[Series, int]]:
    """Split ``n`` records over folders of realistic size (about 250 records each)."""
    count = min(n, max(MIN_SERIES, round(n / RECORDS_PER_SERIES)))
    sizes = _apportion(n, [rng.uniform(0.4, 1.6) for _ in range(count)])
    # House styles are dealt in proportion to their weights, not drawn one by one, so
    # a corpus with few series still has the intended mix.
    styles = [
        style
        for style, k in zip(STYLES, _apportion_free(count, list(STYLES.values())), strict=True)
        for _ in range(k)
    ]
    rng.shuffle(styles)
    used: dict[str, int] = {}
    plans = []
    for k, (size, style) in enumerate(zip(sizes, styles, strict=True)):
        root = ROOTS[k] if k < len(ROOTS) else rng.choice(ROOTS)
        seen = used.get(root, 0)
        used[root] = seen + 1
        # The first series of a root sits in the root itself, later ones in sub-folders.
        if seen == 0:
            folder = root
        else:
            area = AREAS[(seen - 1) % len(AREAS)]
            folder = f"{root}/{area}" if seen <= len(AREAS) else f"{root}/{area}-{seen}"
        scheme = weighted(rng, SCHEMES_MADR if style in ("madr", "bullets") else SCHEMES)
        start = date(2016, 1, 4) + timedelta(days=rng.randint(0, 2600))
        plans.append((Series(folder, scheme, style, start), size))
    return plans


def _apportion(total: int, weights: list[float]) -> list[int]:
    """Integers proportional to ``weights`` that sum to ``total``, each at least one."""
    return [1 + k for k in _apportion_free(total - len(weights), weights)]


def _apportion_free(total: int, weights: list[float] | list[int]) -> list[int]:
    """Integers proportional to ``weights`` that sum to ``total`` (largest remainders)."""
    shares = [total * w / sum(weights) for w in weights]
    sizes = [int(s) for s in shares]
    order = sorted(range(len(weights)), key=lambda i: (sizes[i] - shares[i], i))
    for i in order[: total - sum(sizes)]:
        sizes[i] += 1
    return sizes


def _plan_records(rng: random.Random, series: Series, size: int, start_index: int) -> list[Record]:
    """The records of one series, numbered and dated in order."""
    number = 0 if rng.random() < 0.15 else 1
    day = series.start
    taken: set[str] = set()
    records = []
    for k in range(size):
        meta = k == 0 and rng.random() < 0.6
        topic = META if meta else rng.choice(TOPICS)
        style = series.style if rng.random() < HOUSE_STYLE_SHARE else weighted(rng, STYLES)
        record = _new_record(rng, start_index + k, series, number, day, topic, style)
        record.filename = _unique_filename(record, taken)
        taken.add(record.filename)
        records.append(record)
        # Numbers occasionally skip (abandoned drafts); dates advance a few days.
        number += 1 if rng.random() > 0.02 else rng.randint(2, 3)
        day += timedelta(days=rng.choice((0, 1, 2, 3, 5, 7, 9, 14, 21)))
    return records


def _new_record(
    rng: random.Random,
    index: int,
    series: Series,
    number: int,
    day: date,
    topic: Topic,
    style: str,
) -> Record:
    """A record with its topic, options and title chosen."""
    options = list(topic.options)
    if topic is not META:  # the first record always decides to write records as Markdown
        rng.shuffle(options)
    choice, alts = options[0], tuple(options[1 : rng.randint(3, min(5, len(options)))])
    component = rng.choice(COMPONENTS)
    thing = rng.choice(topic.things)
    title = rng.choice(topic.titles).format(
        choice=choice, alt=alts[0], thing=thing, component=component
    )
    title = title[0].upper() + title[1:]
    flags = frozenset(name for name, p in FLAGS.items() if rng.random() < p)
    return Record(
        index=index,
        series=series,
        number=number,
        date=day,
        topic=topic,
        choice=choice,
        alts=alts,
        component=component,
        thing=thing,
        title=title,
        slug=slugify(title),
        style=style,
        flags=flags,
    )


def slugify(title: str, limit: int = 60) -> str:
    """File-name slug the way adr-tools and log4brains make one: lowercase, hyphens."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    if len(slug) > limit:
        slug = slug[:limit].rsplit("-", 1)[0]
    return slug


def _unique_filename(record: Record, taken: set[str]) -> str:
    """The record's file name in its series' scheme, made unique within the folder."""
    stem = {
        "nnnn": f"{record.number:04d}-{record.slug}",
        "adr-nnn": f"adr-{record.number:03d}-{record.slug}",
        "ADRnnn": f"ADR{record.number:03d}-{record.slug}",
        "date": f"{record.date:%Y%m%d}-{record.slug}",
    }[record.series.scheme]
    name, k = f"{stem}.md", 2
    while name in taken:  # only date-named records can collide
        name, k = f"{stem}-{k}.md", k + 1
    return name


def _plan_statuses(rng: random.Random, records: list[Record]) -> None:
    """Initial statuses; recent records are more often still proposed."""
    by_series: dict[str, list[Record]] = {}
    for record in records:
        by_series.setdefault(record.series.folder, []).append(record)
    for members in by_series.values():
        recent = len(members) - max(1, len(members) // 12)
        for k, record in enumerate(members):
            if k >= recent and rng.random() < 0.45:
                record.status = "proposed"
            else:
                record.status = weighted(
                    rng, {"accepted": 84, "proposed": 4, "rejected": 6, "deprecated": 6}
                )


def _plan_relations(rng: random.Random, records: list[Record]) -> None:
    """Supersede and amend earlier accepted records, mostly within the same series."""
    for k, record in enumerate(records):
        if record.status != "accepted" or k < 2:
            continue
        roll = rng.random()
        if roll < 0.09:
            kind = "supersedes"
        elif roll < 0.13:
            kind = "amends"
        else:
            continue
        same_series = rng.random() > 0.05
        target = _pick_target(rng, records[:k], record, same_series)
        if target is None:
            continue
        if kind == "supersedes":
            target.status = "superseded"
            record.supersedes.append(target)
            target.superseded_by.append(record)
        else:
            record.amends.append(target)
            target.amended_by.append(record)
        if rng.random() < 0.04:
            # The back-reference was forgotten, as happens when only one file is edited.
            target.silent.append(record)


def _pick_target(
    rng: random.Random, earlier: list[Record], record: Record, same_series: bool
) -> Record | None:
    """An earlier accepted record, preferably on the same topic."""
    window = earlier[-400:]
    pool = [
        r for r in window if r.status == "accepted" and (r.series is record.series) == same_series
    ]
    if not pool:
        return None
    same_topic = [r for r in pool if r.topic is record.topic]
    return rng.choice(same_topic or pool)
