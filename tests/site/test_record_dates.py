"""The site dates a record by its reading's date, not only its Date field (issue 25 §1)."""

from __future__ import annotations

import datetime

import pytest

from assay.site.pages.records import _date_orders, _facts
from tests.engine.test_reading import reading_of


@pytest.mark.parametrize(
    ("path", "text", "date"),
    [
        ("docs/decisions/20240203-keep-records.md", "- Status: accepted\n", "2024-02-03"),
        ("docs/adr/adr-001-x.md", "## Changelog\n\n- 2020 Jan 20: Initial draft\n", "2020-01-20"),
        ("docs/adr/0001-x.md", "Date: 12 March 2023\n", "2023-03-12"),
        ("docs/adr/0002-x.md", "## Status\n\nAccepted\n", None),
    ],
)
def test_a_records_page_date_is_its_readings(path: str, text: str, date: str | None) -> None:
    reading = reading_of(f"# 1. X\n\n{text}", path=path)
    facts = _facts(path, reading, "decisions/x", {path}, {}, {})
    assert facts.date == (None if date is None else datetime.date.fromisoformat(date))


@pytest.mark.parametrize(
    ("dates", "ambiguous", "read"),
    [
        (["26/03/2018", "03/04/2018"], "10/04/18", "2018-04-10"),  # the series is day-first
        (["03/26/2018"], "10/04/18", "2018-10-04"),  # month-first
        (["26.03.2018"], "10.04.18", "2018-04-10"),  # dotted: day-first anyway
        (["26/03/2018", "03/26/2018"], "10/04/18", None),  # the series disagrees
        ([], "10/04/18", None),  # no date shows an order
    ],
)
def test_a_series_numeric_dates_are_read_in_the_order_it_shows(
    dates: list[str], ambiguous: str, read: str | None
) -> None:
    """A date either order could read is read the way the folder's other dates are
    written, where they show one order; otherwise it is left undated."""
    records = [(f"docs/adr/000{n}-x.md", f"Date: {d}\n") for n, d in enumerate(dates, 2)]
    records.append(("docs/adr/0001-x.md", f"Date: {ambiguous}\n"))
    readings = [(path, reading_of(f"# 1. X\n\n{text}", path=path)) for path, text in records]
    orders = _date_orders(readings)
    path, reading = readings[-1]
    facts = _facts(path, reading, "decisions/x", {path}, {}, orders)
    assert facts.date == (None if read is None else datetime.date.fromisoformat(read))
