"""Decisions by status over time: stacked bars, one per month, quarter, year or more.

Each bar counts the records dated in its bucket, stacked by their *current* status
(a record's history of statuses is not known to the facts). Records without a date
cannot be placed: a note counts them. The chart's size is fixed, whatever the number
of records: the buckets grow coarser (``buckets``) and the rarest statuses share a
grey (``palette``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from assay.site.facts import RecordFacts
from assay.site.pictures.axes import MUTED, caption, nice_step, note, swatch_row
from assay.site.pictures.buckets import Buckets, bucket_dates
from assay.site.pictures.palette import Series, assign
from assay.site.pictures.svg import Markup, document, el, join, text, truncate, width_of

__all__ = ["status_over_time"]

WIDTH, HEIGHT = 800, 380
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 560, 56, 300
_LEGEND_X = 584
_EMPTY_HEIGHT = 120
_TITLE = "Decisions by status over time"


def status_over_time(records: Sequence[RecordFacts]) -> str:
    """The whole SVG document of decisions by status over time."""
    series, index_of = assign(record.status for record in records)
    dated = [record for record in records if record.date is not None]
    undated = len(records) - len(dated)
    buckets = bucket_dates(record.date for record in dated if record.date is not None)
    parts = [caption(_LEFT, 28, _TITLE)]
    height = HEIGHT
    if buckets is None:
        height = _EMPTY_HEIGHT  # nothing to chart: no tall blank box on the page
        parts.append(
            el(
                "text",
                {"x": WIDTH / 2, "y": 72, "font-size": 14, "text-anchor": "middle"},
                text("No dated decisions yet"),
            )
        )
        desc = "No dated decisions yet."
    else:
        counts = [[0] * len(series) for _ in range(buckets.count)]
        for record in dated:
            assert record.date is not None  # for mypy: filtered above
            counts[buckets.index(record.date)][index_of[record.status]] += 1
        # Colours come from all records, so a status has the same hue in both
        # pictures; the legend counts what the bars show.
        shown = [
            attrs.evolve(entry, count=sum(row[which] for row in counts))
            for which, entry in enumerate(series)
        ]
        shown = [entry for entry in shown if entry.count]
        parts += [_bars(buckets, series, counts), _legend(shown)]
        desc = _describe(buckets, shown, len(dated))
    if undated:
        some = f"{undated} undated decision{'s' if undated != 1 else ''} not shown"
        parts.append(note(WIDTH - 16, height - 14, some, anchor="end"))
        desc += f" {some}."
    return document(
        width=WIDTH,
        height=height,
        title=_TITLE,
        desc=desc,
        body=join(parts),
        name="status-over-time",
    )


def _bars(buckets: Buckets, series: list[Series], counts: list[list[int]]) -> Markup:
    """Axes, grid, the stacked bars and their labels."""
    top_total = max(max(sum(row) for row in counts), 1)
    step = nice_step(top_total)
    top = step * math.ceil(top_total / step)
    scale = (_BOTTOM - _TOP) / top
    parts = []
    for tick in range(0, top + 1, step):
        y = _BOTTOM - tick * scale
        parts.append(
            el(
                "line",
                {
                    "x1": _LEFT,
                    "y1": y,
                    "x2": _RIGHT,
                    "y2": y,
                    "stroke": "#d9d9d9" if tick else "#1a1a1a",
                },
            )
        )
        parts.append(
            el("text", {"x": _LEFT - 8, "y": y + 4, "text-anchor": "end"}, text(str(tick)))
        )
    slot = (_RIGHT - _LEFT) / buckets.count
    bar = min(slot * 0.8, 48)
    every = buckets.label_step(math.ceil(width_of(buckets.tick(0), 11) * 1.3 / slot))
    for index, row in enumerate(counts):
        x = _LEFT + index * slot + (slot - bar) / 2
        y = _BOTTOM
        label = buckets.label(index)
        for which, count in enumerate(row):
            if not count:
                continue
            height = count * scale
            y -= height
            tip = el("title", None, text(f"{label}: {count} {series[which].label}"))
            # A white edge between segments keeps them apart in grey print too.
            parts.append(
                el(
                    "rect",
                    {
                        "x": x,
                        "y": y,
                        "width": bar,
                        "height": height,
                        "fill": series[which].colour,
                        "stroke": "#ffffff",
                        "stroke-width": 0.75,
                    },
                    tip,
                )
            )
        if sum(row) and buckets.count <= 24:
            parts.append(
                el(
                    "text",
                    {
                        "x": x + bar / 2,
                        "y": y - 4,
                        "font-size": 10,
                        "text-anchor": "middle",
                        "fill": MUTED,
                    },
                    text(str(sum(row))),
                )
            )
        if (buckets.first + index) % every == 0:
            parts.append(
                el(
                    "text",
                    {"x": x + bar / 2, "y": _BOTTOM + 16, "font-size": 11, "text-anchor": "middle"},
                    text(buckets.tick(index)),
                )
            )
    middle = (_TOP + _BOTTOM) / 2
    parts.append(
        el(
            "text",
            {"x": (_LEFT + _RIGHT) / 2, "y": _BOTTOM + 42, "text-anchor": "middle"},
            text(f"Date (one bar per {buckets.unit})"),
        )
    )
    parts.append(
        el(
            "text",
            {
                "x": 18,
                "y": middle,
                "text-anchor": "middle",
                "transform": f"rotate(-90 18 {middle})",
            },
            text("Decisions"),
        )
    )
    return join(parts)


def _legend(series: list[Series]) -> Markup:
    """Statuses top to bottom as they stack in the bars, each with its count."""
    rows = [el("text", {"x": _LEGEND_X, "y": _TOP, "font-weight": "bold"}, text("Status"))]
    for row, entry in enumerate(reversed(series)):
        label = f"{truncate(entry.label, 12, WIDTH - _LEGEND_X - 60)} ({entry.count})"
        rows.append(
            swatch_row(
                _LEGEND_X,
                _TOP + 24 + row * 22,
                entry.colour,
                label,
                whole=f"{entry.label} ({entry.count})",
            )
        )
    return join(rows)


def _describe(buckets: Buckets, series: list[Series], dated: int) -> str:
    """The chart in one sentence, for readers who cannot see it."""
    span = buckets.label(0)
    if buckets.count > 1:
        span += f" to {buckets.label(buckets.count - 1)}"
    statuses = ", ".join(f"{entry.label} {entry.count}" for entry in series)
    return (
        f"{dated} dated decision{'s' if dated != 1 else ''} from {span}, one bar per "
        f"{buckets.unit}, stacked by current status ({statuses})."
    )
