"""The number and scheme a record's file name gives: dated names by day or by month,
numbered names, and any other text read without a traceback."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.record_names import record_number

slugs = st.from_regex(r"[a-z][a-z0-9-]{0,20}", fullmatch=True)


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("2021-03-python-backend.md", (20210300, "dated")),
        ("2021-03-15-python-backend.md", (20210315, "dated")),
        ("20210315-python-backend.md", (20210315, "dated")),
        ("2021-13-slug.md", (2021, "numbered")),  # no month 13: a number
        ("2021-slug.md", (2021, "numbered")),
        ("0012-slug.md", (12, "numbered")),
        ("ADR-7.md", (7, "numbered")),
        ("slug.md", None),
    ],
)
def test_what_a_name_gives(name: str, found: tuple[int, str] | None) -> None:
    assert record_number(name) == found


@given(st.dates(datetime.date(1900, 1, 1), datetime.date(2199, 12, 31)), slugs)
def test_a_year_and_month_name_is_dated_by_its_month(day: datetime.date, slug: str) -> None:
    number = int(f"{day:%Y%m}00")
    assert record_number(f"{day:%Y-%m}-{slug}.md") == (number, "dated")
    assert record_number(f"{day:%Y-%m-%d}-{slug}.md") == (number + day.day, "dated")


@given(st.text())
def test_any_name_is_read_without_a_traceback(name: str) -> None:
    found = record_number(name)
    assert found is None or (found[0] >= 0 and found[1] in ("dated", "numbered"))
