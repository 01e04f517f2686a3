"""Dates into time buckets: months for a short history, coarser as the span grows.

A bucket is a whole number of months counted from year 0, so quarters start in
January, April, July and October, and five-year buckets at 2020, 2025: the same
dates always fall in the same buckets. The size is the smallest that keeps the
picture at ``MAX_BUCKETS`` bars or fewer, whatever the span (dates run from year 1 to
9999), so the chart stays readable for ten records or ten thousand.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from attrs import frozen

from assay.spec.model import Model

__all__ = ["MAX_BUCKETS", "Buckets", "bucket_dates"]

MAX_BUCKETS = 40
#: Bucket sizes in months, with the name the axis gives them.
_SIZES = [
    (1, "month"),
    (3, "quarter"),
    (12, "year"),
    (60, "5 years"),
    (120, "decade"),
    (600, "50 years"),
    (1200, "century"),
    (12000, "millennium"),
]


@frozen(kw_only=True)
class Buckets(Model):
    """Consecutive buckets of ``size`` months starting at bucket ``first``."""

    size: int
    unit: str  #: what one bucket is called on the axis ("month", "year", …)
    first: int
    count: int

    def index(self, date: datetime.date) -> int:
        """Which bucket (0-based) ``date`` falls in."""
        return _month(date) // self.size - self.first

    def label_step(self, at_least: int) -> int:
        """Label every how many buckets, at least ``at_least``: a step that lands on
        round dates (every 3, 6 or 12 months; every 2 or 4 quarters; 1, 2, 5, 10…)."""
        # At most 40 buckets of at least 12 px leave no label wider than ten buckets.
        steps = {1: (1, 2, 3, 6, 12), 3: (1, 2, 4, 8)}.get(self.size, (1, 2, 5, 10))
        return next((step for step in steps if step >= at_least), at_least)

    def tick(self, index: int) -> str:
        """The bucket's name under its bar: its label, or only the first year of a
        bucket of several years (the axis title says how long one is)."""
        return self.label(index).split("\u2013")[0]

    def label(self, index: int) -> str:
        """The bucket's name on the axis: ``2024-03``, ``2024 Q1``, ``2024``, ``2020\u20132024``."""
        start = (self.first + index) * self.size
        year, month = divmod(start, 12)
        if self.size == 1:
            return f"{year:04d}-{month + 1:02d}"
        if self.size == 3:
            return f"{year:04d} Q{month // 3 + 1}"
        if self.size == 12:
            return f"{year:04d}"
        return f"{year:04d}\u2013{year + self.size // 12 - 1:04d}"


def _month(date: datetime.date) -> int:
    return date.year * 12 + date.month - 1


def bucket_dates(dates: Iterable[datetime.date]) -> Buckets | None:
    """The buckets that cover ``dates``, or None when there is none."""
    months = [_month(date) for date in dates]
    if not months:
        return None
    low, high = min(months), max(months)
    for size, unit in _SIZES:  # the last size always fits: 9999 years in 10 buckets
        count = high // size - low // size + 1
        if count <= MAX_BUCKETS:
            return Buckets(size=size, unit=unit, first=low // size, count=count)
    raise AssertionError("dates span more than the largest bucket size allows")
