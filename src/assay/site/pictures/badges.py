"""Status badges for the record pages: a small SVG per status, in the pictures' colours.

A record's page shows its status as an image (``![Status: accepted](…)``): plain
Markdown, so it needs no HTML, no style sheet and no theme, and the Content-Security-
Policy's ``img-src 'self'`` already allows it. The colours are the pictures' own
(``palette.assign`` over the same records), so a status reads the same on a page, in
the chart and in the graph; like the graph's nodes, a badge is dark text on white in a
frame of the status colour, so the word carries the status and colour never alone.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

from assay.site.facts import RecordFacts
from assay.site.pictures.palette import NO_STATUS, assign
from assay.site.pictures.svg import document, el, join, text, width_of

__all__ = ["badge_name", "badges"]

_SIZE = 12
_HEIGHT = 20
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def badge_name(status: str | None) -> str:
    """The badge's file name under ``pictures/status/``: the status when it is a plain
    slug (``accepted.svg``), else a slug and a digest (no two statuses share a file)."""
    if status is None:
        return "_none.svg"  # no slug starts with `_`: no status's badge is this one
    label = status
    if _SLUG.fullmatch(label):
        return f"{label}.svg"
    slug = "-".join(re.findall(r"[a-z0-9]+", label.lower()))[:40].strip("-") or "status"
    digest = hashlib.sha256(label.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{slug}-{digest}.svg"


def badges(records: Sequence[RecordFacts]) -> dict[str, str]:
    """Each status the records hold (``None``: no status), its badge by file name."""
    series, index_of = assign(r.status for r in records)
    drawn: dict[str, str] = {}
    for status in sorted(index_of, key=lambda s: (s is None, s or "")):
        colour = series[index_of[status]].colour
        drawn[badge_name(status)] = _badge(status or NO_STATUS, colour)
    return drawn


def _badge(label: str, colour: str) -> str:
    width = round(width_of(label, _SIZE) + 22)
    body = join(
        [
            el(
                "rect",
                {
                    "x": 0.75,
                    "y": 0.75,
                    "width": width - 1.5,
                    "height": _HEIGHT - 1.5,
                    "rx": 3,
                    "fill": "#ffffff",
                    "stroke": colour,
                    "stroke-width": 1.5,
                },
            ),
            el("rect", {"x": 0, "y": 0, "width": 6, "height": _HEIGHT, "fill": colour}),
            el("text", {"x": 13, "y": 14.5}, text(label)),
        ]
    )
    return document(
        name="status",
        width=width,
        height=_HEIGHT,
        title=f"Status: {label}",
        desc=f"The record's status is {label}.",
        body=body,
    )
