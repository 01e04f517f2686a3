"""The colours of statuses: the Okabe and Ito palette, safe for the common colour blindnesses.

A status keeps its colour in both pictures. The statuses a record type usually knows
have fixed colours (accepted is always green); any other status takes the next free
colour by how many records hold it. Past seven colours, hues stop being told apart,
so the rarest statuses share one grey as "other statuses". Colour is never the only
carrier: the legend names each status and the graph prints it on each node.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from attrs import frozen

from assay.spec.model import Model

__all__ = ["NO_STATUS", "OTHER", "Series", "assign"]

_KNOWN = {
    "proposed": "#56B4E9",  # sky blue
    "accepted": "#009E73",  # bluish green
    "amended": "#0072B2",  # blue
    "deprecated": "#CC79A7",  # reddish purple
    "superseded": "#E69F00",  # orange
    "rejected": "#D55E00",  # vermillion
}
#: Hues left for statuses outside ``_KNOWN``, in the order they are handed out.
_SPARE = ["#F0E442", "#0072B2", "#CC79A7", "#D55E00", "#E69F00", "#56B4E9", "#009E73"]
_MAX_HUES = 7
OTHER = "other statuses"
NO_STATUS = "no status"
_GREYS = {OTHER: "#8C8C8C", NO_STATUS: "#C8C8C8"}


@frozen(kw_only=True)
class Series(Model):
    """One band of the pictures: a status (or a group of them), its colour and count."""

    label: str
    colour: str
    count: int


def assign(statuses: Iterable[str | None]) -> tuple[list[Series], dict[str | None, int]]:
    """The series in stacking order, and which series (its index) each status seen is in.

    Known statuses come first in their lifecycle order, then the others by count
    (most first) and name; then "other statuses", then "no status". Indices, not
    labels, tie a status to its series: a status may itself be called "no status".
    """
    counts = Counter(statuses)
    named = [status for status in counts if status is not None]
    known = [status for status in _KNOWN if status in counts]
    rest = sorted((s for s in named if s not in _KNOWN), key=lambda s: (-counts[s], s))
    shown = (known + rest)[:_MAX_HUES]
    used = {_KNOWN[s] for s in shown if s in _KNOWN}
    spare = iter([hue for hue in _SPARE if hue not in used])
    series = [
        Series(label=s, colour=_KNOWN[s] if s in _KNOWN else next(spare), count=counts[s])
        for s in shown
    ]
    index_of: dict[str | None, int] = {s: i for i, s in enumerate(shown)}
    others = [s for s in named if s not in index_of]
    if others:
        for status in others:
            index_of[status] = len(series)
        total = sum(counts[s] for s in others)
        series.append(Series(label=OTHER, colour=_GREYS[OTHER], count=total))
    if counts[None]:
        index_of[None] = len(series)
        series.append(Series(label=NO_STATUS, colour=_GREYS[NO_STATUS], count=counts[None]))
    return series, index_of
