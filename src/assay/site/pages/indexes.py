"""The pages that list: home, the decisions index, the timeline, the reviews index.

Each is drawn from ``RecordFacts`` and the verified runs only, in a fixed order, so the
same workspace gives the same bytes. Statuses are bold text (``**accepted**``): any
theme shows them, no HTML needed. Titles keep their code spans and emphasis
(``assay.site.markup``); nothing else in them is markup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import groupby

from assay.api.runs import Verification
from assay.site.facts import RecordFacts
from assay.site.markup import as_markdown
from assay.site.pages.escape import inline

__all__ = ["NO_BREAK", "PICTURE_TITLES", "decisions_index", "home", "reviews_index", "timeline"]

#: What the dates of the lists are written with instead of ``-``: U+2011, a hyphen no
#: line breaks at.
NO_BREAK = "\u2011"

#: The pictures the home page shows, by file name, with their alternative text.
PICTURE_TITLES = {
    "status-over-time.svg": "Decisions by status over time",
    "relations.svg": "Supersession and amendment graph",
}
RECENT = 10


def home(
    name: str,
    records: Sequence[RecordFacts],
    reviews: Sequence[tuple[str, Verification]],
    pictures: Sequence[str],
) -> str:
    """``index.md``: counts by status, the most recent decisions, reviews, pictures."""
    lines = [f"# {inline(name)}", ""]
    if not records and not reviews:
        lines += ["Nothing passed verification yet.", ""]
    if records:
        lines += ["## Decisions", "", "| Status | Records |", "| --- | ---: |"]
        counts: dict[str, int] = {}
        for facts in records:
            key = facts.status or "no status"
            counts[key] = counts.get(key, 0) + 1
        lines += [f"| {_badge(s)} | {n} |" for s, n in sorted(counts.items())]
        lines += [f"| all | {len(records)} |", "", "### Most recent", ""]
        recent = sorted(records, key=_newest_first)[:RECENT]
        lines += [f"- {_when(f)} {_link(f, 'decisions/')} {_badge(f.status)}" for f in recent]
        lines += ["", "[All decisions](decisions/index.md) · [Timeline](timeline.md)", ""]
    for picture in pictures:
        title = PICTURE_TITLES.get(picture, picture)
        # Linked to itself: inside an <img> the SVG's own links do nothing; opened
        # by a click, its nodes link to the record pages.
        lines += [f"[![{inline(title)}](pictures/{picture})](pictures/{picture})", ""]
    if reviews:
        lines += ["## Reviews", ""]
        for page, run in reviews:
            lines.append(f"- [{inline(_system(run, page))}]({page}): {inline(_description(run))}")
        lines.append("")
    return "\n".join(lines)


def decisions_index(
    records: Sequence[RecordFacts], related: Mapping[str, Sequence[tuple[str, RecordFacts]]]
) -> str:
    """``decisions/index.md``: one table row per record, in number then path order;
    ``related``: each record's relations both ways (``pages.relations``)."""
    lines = ["# Decisions", ""]
    if not records:
        return "\n".join([*lines, "No decision record passed verification.", ""])
    lines += ["| No. | Title | Status | Date | Relations |", "| ---: | --- | --- | --- | --- |"]
    for facts in sorted(records, key=_by_number):
        relations = "; ".join(
            f"{inline(name)} {_link(other, '', numbered=True)}"
            for name, other in related.get(facts.path, ())
        )
        # A date-named series (log4brains' `20240115-x.md`) cites records by date.
        number = str(facts.number) if facts.number is not None else facts.date_id or ""
        lines.append(
            f"| {number} | {_link(facts, '', numbered=False)} | {_badge(facts.status)} "
            f"| {_when(facts)} | {relations} |"
        )
    return "\n".join([*lines, ""])


def timeline(records: Sequence[RecordFacts]) -> str:
    """``timeline.md``: the records by date, oldest first, by year; undated at the end."""
    lines = ["# Timeline", ""]
    dated = sorted((f for f in records if f.date), key=lambda f: (f.date, *_by_number(f)))
    for year, group in groupby(dated, key=lambda f: f.date.year if f.date else 0):
        lines += [f"## {year}", ""]
        lines += [f"- {_when(f)} {_link(f, 'decisions/')} {_badge(f.status)}" for f in group]
        lines.append("")
    undated = sorted((f for f in records if not f.date), key=_by_number)
    if undated:
        lines += ["## Undated", ""]
        lines += [f"- {_link(f, 'decisions/')} {_badge(f.status)}" for f in undated]
        lines.append("")
    if not records:
        lines += ["No decision record passed verification.", ""]
    return "\n".join(lines)


def reviews_index(reviews: Sequence[tuple[str, Verification]]) -> str:
    """``reviews/index.md``: each review's name, Description and Evidence basis."""
    lines = ["# Reviews", ""]
    if not reviews:
        return "\n".join([*lines, "No analysis run passed verification.", ""])
    for page, run in reviews:
        lines += [f"## [{inline(_system(run, page))}]({page.rpartition('/')[2]})", ""]
        lines += [inline(_description(run)), ""]
        source = run.review
        if source is not None:
            lines += [
                f"Evidence basis: {inline(source.identity)} at commit {inline(source.commit)}, "
                f"inspected {inline(source.inspected)}.",
                "",
            ]
    return "\n".join(lines)


def _badge(status: str | None) -> str:
    return f"**{inline(status)}**" if status else "*no status*"


def _when(facts: RecordFacts) -> str:
    # Non-breaking hyphens (U+2011): a date never wraps in a narrow column.
    return facts.date.isoformat().replace("-", NO_BREAK) if facts.date else "undated"


def _link(facts: RecordFacts, folder: str, *, numbered: bool = True) -> str:
    label = (
        f"{facts.number}. {facts.title}" if numbered and facts.number is not None else facts.title
    )
    return f"[{as_markdown(label)}]({folder}{facts.page.rstrip('/').rpartition('/')[2]}.md)"


def _by_number(facts: RecordFacts) -> tuple[int, int, str]:
    return (facts.number is None, facts.number or 0, facts.path)


def _newest_first(facts: RecordFacts) -> tuple[bool, int, int, str]:
    ordinal = facts.date.toordinal() if facts.date else 0
    return (facts.date is None, -ordinal, -(facts.number or 0), facts.path)


def _system(run: Verification, page: str) -> str:
    return run.review.system if run.review is not None else page


def _description(run: Verification) -> str:
    return run.review.description if run.review is not None else ""
