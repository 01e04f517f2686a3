"""The site dates a record by its reading's date, not only its Date field (issue 25 §1)."""

from __future__ import annotations

import datetime

import pytest

from assay.site.pages.records import _facts
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
    facts = _facts(path, reading, "decisions/x", {path}, {})
    assert facts.date == (None if date is None else datetime.date.fromisoformat(date))
