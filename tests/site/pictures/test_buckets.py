"""Time buckets: months for a short history, coarser as it grows, never too many bars."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.site.pictures.buckets import MAX_BUCKETS, bucket_dates


def d(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


@pytest.mark.parametrize(
    ("first", "last", "unit", "labels"),
    [
        ("2024-01-15", "2024-10-02", "month", ["2024-01", "2024-10"]),
        ("2019-02-01", "2024-10-02", "quarter", ["2019 Q1", "2024 Q4"]),
        ("2001-06-01", "2024-10-02", "year", ["2001", "2024"]),
        ("1901-06-01", "2024-10-02", "5 years", ["1900\u20131904", "2020\u20132024"]),
        ("0001-01-01", "9999-12-31", "millennium", ["0000\u20130999", "9000\u20139999"]),
    ],
)
def test_the_span_chooses_the_bucket(first: str, last: str, unit: str, labels: list[str]) -> None:
    """The smallest bucket keeping the bars at MAX_BUCKETS, labelled by its start."""
    buckets = bucket_dates([d(last), d(first)])
    assert buckets is not None
    assert buckets.unit == unit
    assert [buckets.label(0), buckets.label(buckets.count - 1)] == labels
    assert buckets.index(d(first)) == 0
    assert buckets.index(d(last)) == buckets.count - 1


def test_no_date_no_buckets() -> None:
    """Nothing dated gives no buckets (the chart says so)."""
    assert bucket_dates([]) is None


@given(st.lists(st.dates(), min_size=1, max_size=50))
def test_every_date_has_a_bucket(dates: list[datetime.date]) -> None:
    """Any dates: at most MAX_BUCKETS buckets, each date inside one of them."""
    buckets = bucket_dates(dates)
    assert buckets is not None
    assert 1 <= buckets.count <= MAX_BUCKETS
    assert all(0 <= buckets.index(date) < buckets.count for date in dates)


def test_ticks_land_on_round_dates() -> None:
    """Labels every 3, 6 or 12 months, 2 or 4 quarters; a multi-year bucket shows its
    first year under the bar."""
    months = bucket_dates([d("2024-01-01"), d("2024-12-01")])
    quarters = bucket_dates([d("2016-01-01"), d("2024-12-01")])
    decades = bucket_dates([d("1901-06-01"), d("2024-10-02")])
    assert months is not None and quarters is not None and decades is not None
    assert [months.label_step(n) for n in (1, 3, 4, 7)] == [1, 3, 6, 12]
    assert [quarters.label_step(n) for n in (2, 3, 5)] == [2, 4, 8]
    assert [decades.label_step(n) for n in (2, 3, 11)] == [2, 5, 11]
    assert (decades.tick(0), decades.label(0)) == ("1900", "1900\u20131904")
