"""Date values: ISO, forms that need a warning, impossible dates and placeholders."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.dates import DateReading, numeric_readings, read_date, series_order

MONTHS = [datetime.date(2001, m, 1).strftime("%B") for m in range(1, 13)]
#: Text rich in digits and date separators, so examples come close to dates.
DATEISH = st.text(alphabet=st.sampled_from(list("0123456789-/.: TZ+ ,MarchYDyd{}[]<>")))


@pytest.mark.parametrize(
    ("raw", "iso", "text"),
    [
        ("2023-05-11", "2023-05-11", "2023-05-11"),
        ("  2023-05-11  ", "2023-05-11", "2023-05-11"),
        ("**2023-05-11**", "2023-05-11", "2023-05-11"),
        ("2024-02-29", "2024-02-29", "2024-02-29"),
        ("2023-05-11 (revised 2023-06-01)", "2023-05-11", "2023-05-11"),
        ("Accepted on 2023-05-11", "2023-05-11", "2023-05-11"),
        ("2023-05-11T10:00:00Z", "2023-05-11", "2023-05-11T10:00:00Z"),
        ("2023-05-11T10:00:00.123+02:00", "2023-05-11", "2023-05-11T10:00:00.123+02:00"),
        ("2023-05-11 10:00", "2023-05-11", "2023-05-11 10:00"),
        ("2023-05-11 99:00", "2023-05-11", "2023-05-11"),
    ],
)
def test_iso(raw: str, iso: str, text: str) -> None:
    """ISO dates (a time allowed) read as themselves, the first one of several."""
    reading = read_date(raw)
    assert (reading.kind, reading.iso, reading.text, reading.message) == ("iso", iso, text, "")
    _check_offsets(raw, reading)


@pytest.mark.parametrize(
    ("raw", "iso", "message"),
    [
        (
            "05/03/2023",
            None,
            "`05/03/2023` could be 5 March or 3 May; write 2023-03-05 or 2023-05-03",
        ),
        (
            "05-03-2023",
            None,
            "`05-03-2023` could be 5 March or 3 May; write 2023-03-05 or 2023-05-03",
        ),
        ("13/03/2023", "2023-03-13", "`13/03/2023` is not an ISO date; write 2023-03-13"),
        ("03/13/2023", "2023-03-13", "`03/13/2023` is not an ISO date; write 2023-03-13"),
        ("05/05/2023", "2023-05-05", "`05/05/2023` is not an ISO date; write 2023-05-05"),
        ("05.03.2023", "2023-03-05", "`05.03.2023` is not an ISO date; write 2023-03-05"),
        ("12 March 2023", "2023-03-12", "`12 March 2023` is not an ISO date; write 2023-03-12"),
        ("March 5, 2023", "2023-03-05", "`March 5, 2023` is not an ISO date; write 2023-03-05"),
        ("5 Mar 2023", "2023-03-05", "`5 Mar 2023` is not an ISO date; write 2023-03-05"),
        (
            "1st of March 2023",
            "2023-03-01",
            "`1st of March 2023` is not an ISO date; write 2023-03-01",
        ),
        ("Sept. 3rd, 2023", "2023-09-03", "`Sept. 3rd, 2023` is not an ISO date; write 2023-09-03"),
        ("2023-3-5", "2023-03-05", "`2023-3-5` is not an ISO date; write 2023-03-05"),
        ("2023-03-5", "2023-03-05", "`2023-03-5` is not an ISO date; write 2023-03-05"),
        ("2023/05/11", "2023-05-11", "`2023/05/11` is not an ISO date; write 2023-05-11"),
    ],
)
def test_ambiguous(raw: str, iso: str | None, message: str) -> None:
    """Non-ISO forms warn; `iso` is filled only when the date is certain."""
    reading = read_date(raw)
    assert (reading.kind, reading.iso, reading.message) == ("ambiguous", iso, message)
    _check_offsets(raw, reading)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("2023-13-10", "`2023-13-10` is not a date: there is no month 13"),
        ("2023-00-10", "`2023-00-10` is not a date: there is no month 0"),
        ("2023-01-32", "`2023-01-32` is not a date: January 2023 has 31 days"),
        ("2023-01-00", "`2023-01-00` is not a date: there is no day 0"),
        ("2021-02-30", "`2021-02-30` is not a date: February 2021 has 28 days"),
        ("2023-02-29", "`2023-02-29` is not a date: February 2023 has 28 days"),
        ("0000-01-01", "`0000-01-01` is not a date: there is no year 0"),
        ("2023-4-31", "`2023-4-31` is not a date: April 2023 has 30 days"),
        ("31/04/2023", "`31/04/2023` is not a date: April 2023 has 30 days"),
        ("02/30/2023", "`02/30/2023` is not a date: February 2023 has 28 days"),
        ("13/13/2023", "`13/13/2023` is not a date: there is no month 13"),
        ("30 February 2024", "`30 February 2024` is not a date: February 2024 has 29 days"),
    ],
)
def test_impossible(raw: str, message: str) -> None:
    """Dates that cannot exist say why."""
    reading = read_date(raw)
    assert (reading.kind, reading.iso, reading.message) == ("impossible", None, message)
    _check_offsets(raw, reading)


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        ("YYYY-MM-DD", "YYYY-MM-DD"),
        ("DD/MM/YYYY", "DD/MM/YYYY"),
        ("{YYYY-MM-DD when the decision was last updated}", None),
        ("[Insert Date]", None),
        ("[date]", None),
        ("<date>", None),
        ("Last updated: YYYY-MM-DD", "YYYY-MM-DD"),
    ],
)
def test_placeholder(raw: str, text: str | None) -> None:
    """Template leftovers are placeholders, not unrecognised dates."""
    reading = read_date(raw)
    assert (reading.kind, reading.iso) == ("placeholder", None)
    assert reading.text == (text if text is not None else raw)
    assert (
        reading.message
        == f"`{reading.text}` is a template placeholder; fill in the date as YYYY-MM-DD"
    )
    _check_offsets(raw, reading)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("TBD", "`TBD` is not a date; write it as YYYY-MM-DD"),
        ("  soon ", "`soon` is not a date; write it as YYYY-MM-DD"),
        ("2023", "`2023` is not a date; write it as YYYY-MM-DD"),
        ("20230511", "`20230511` is not a date; write it as YYYY-MM-DD"),
        ("12023-05-11", "`12023-05-11` is not a date; write it as YYYY-MM-DD"),
        ("", "no date is given; write it as YYYY-MM-DD"),
    ],
)
def test_unrecognized(raw: str, message: str) -> None:
    """Text without a date says so, pointing at the whole value."""
    reading = read_date(raw)
    assert (reading.kind, reading.iso, reading.message) == ("unrecognized", None, message)
    assert reading.text == raw.strip()
    _check_offsets(raw, reading)


def _check_offsets(raw: str, reading: DateReading) -> None:
    assert 0 <= reading.start <= reading.end <= len(raw)
    assert raw[reading.start : reading.end] == reading.text


@given(st.one_of(st.text(), DATEISH))
def test_read_date_never_raises_and_offsets_hold(raw: str) -> None:
    """Any text reads; the reported text is where the offsets say, and iso is a date."""
    reading = read_date(raw)
    _check_offsets(raw, reading)
    assert (reading.message == "") == (reading.kind == "iso")
    if reading.iso is not None:
        assert datetime.date.fromisoformat(reading.iso).isoformat() == reading.iso
    if reading.kind == "iso":
        assert reading.iso is not None and reading.text.startswith(reading.iso)
    if reading.kind in ("impossible", "placeholder", "unrecognized"):
        assert reading.iso is None


@given(
    st.dates(),
    st.sampled_from(["", " ", "**", "Date: "]),
    st.sampled_from(["", "T10:00Z", " (revised)"]),
)
def test_any_iso_date_reads_as_itself(date: datetime.date, before: str, after: str) -> None:
    """Every real date written in ISO form reads back as itself."""
    raw = f"{before}{date.isoformat()}{after}"
    reading = read_date(raw)
    assert (reading.kind, reading.iso) == ("iso", date.isoformat())


@given(st.dates(), st.booleans(), st.booleans())
def test_any_named_month_date_reads_back(
    date: datetime.date, short: bool, month_first: bool
) -> None:
    """`5 March 2023`, `5 Mar 2023` and `March 5, 2023` read back to the same ISO date."""
    month = MONTHS[date.month - 1]
    month = month[:3] if short else month
    written = (
        f"{month} {date.day}, {date.year:04d}"
        if month_first
        else f"{date.day} {month} {date.year:04d}"
    )
    reading = read_date(written)
    assert (reading.kind, reading.iso, reading.text) == ("ambiguous", date.isoformat(), written)


@given(st.dates())
def test_slash_dates_are_certain_only_when_one_reading_exists(date: datetime.date) -> None:
    """`DD/MM/YYYY` is filled in when the day exceeds 12 or equals the month."""
    written = f"{date.day:02d}/{date.month:02d}/{date.year:04d}"
    reading = read_date(written)
    assert reading.kind == "ambiguous"
    certain = date.day > 12 or date.day == date.month
    assert reading.iso == (date.isoformat() if certain else None)
    if not certain:
        assert date.isoformat() in reading.message


@given(
    st.dates(),
    st.booleans(),
    st.sampled_from(["year-first", "dashed", "year-first-dashed", "year-first-slashed"]),
    st.booleans(),
)
def test_year_first_and_dashed_named_month_dates_read_back(
    date: datetime.date, short: bool, form: str, ordinal: bool
) -> None:
    """`2020 Jan 20` (the Cosmos family's changelogs) and `20-Jan-2020` read back to the
    same ISO date, as unambiguous non-ISO dates (still a warning), and so do `2020-Nov-09`
    and `2020/Nov/09`."""
    month = MONTHS[date.month - 1]
    month = month[:3] if short else month
    day = f"{date.day}{'th' if ordinal else ''}"
    written = {
        "year-first": f"{date.year:04d} {month} {day}",
        "dashed": f"{day}-{month}-{date.year:04d}",
        "year-first-dashed": f"{date.year:04d}-{month}-{day}",  # `2020-Nov-09`
        "year-first-slashed": f"{date.year:04d}/{month}/{day}",
    }[form]
    reading = read_date(f"- {written}: Initial draft")
    assert (reading.kind, reading.iso, reading.text) == ("ambiguous", date.isoformat(), written)
    assert reading.message == f"`{written}` is not an ISO date; write {date.isoformat()}"


@pytest.mark.parametrize("raw", ["2020 Feb 30", "31-Apr-2021", "2021-Apr-31"])
def test_impossible_named_month_dates_of_the_new_forms(raw: str) -> None:
    assert read_date(raw).kind == "impossible"


# Every way records in the corpus write a real date, with what the reading must say:
# "day" when the day is certain from the text alone, "month" when only the month is
# (a numeric date whose day and month could trade places, or a month and a year).
def _written_forms(date: datetime.date) -> list[tuple[str, str]]:
    month = MONTHS[date.month - 1]
    d, m, y, yy = date.day, date.month, date.year, date.year % 100
    swappable = "month" if d <= 12 and d != m else "day"
    forms = [
        (f"{y:04d}/{m:02d}/{d:02d}", "day"),
        (f"{d:02d}/{m:02d}/{y:04d}", swappable),
        (f"{m:02d}/{d:02d}/{y:04d}", swappable),
        (f"{d}.{m}.{y:04d}", "day"),  # dotted dates are day-first
        (f"{d} {month} {y:04d}", "day"),
        (f"{month} {d}, {y:04d}", "day"),
        (f"{d}-{month[:3]}-{y:04d}", "day"),
        (f"{y:04d}-{month[:3]}-{d:02d}", "day"),
        (f"{month}, {y:04d}", "none"),
        (f"{month} , {y:04d}", "none"),
        (f"{month[:3]} {y:04d}", "none"),
    ]
    if 2000 <= y < 2100:  # a two-digit year is read as this century's
        forms += [
            (f"{d:02d}/{m:02d}/{yy:02d}", swappable),
            (f"{m}/{d}/{yy:02d}", swappable),
            (f"{d:02d}.{m:02d}.{yy:02d}", "day"),
        ]
    return forms


@given(st.dates(min_value=datetime.date(1000, 1, 1)), st.data())
def test_every_real_date_in_any_written_form_is_a_date(
    date: datetime.date, data: st.DataObject
) -> None:
    """A real date is never FLD003, whichever form it is written in; its ISO form is
    given exactly when the text settles the day."""
    written, certainty = data.draw(st.sampled_from(_written_forms(date)))
    reading = read_date(f"Date: {written}")
    assert reading.kind == "ambiguous", (written, reading)
    assert reading.text == written
    assert reading.iso == (date.isoformat() if certainty == "day" else None), written
    if certainty == "month":  # both readings offered, the right one among them
        assert date.isoformat() in reading.message


@given(
    st.integers(1000, 2099),
    st.integers(1, 99),
    st.integers(1, 99),
    st.sampled_from(["iso", "day-first", "month-first", "dotted", "short", "named"]),
)
def test_every_impossible_date_is_impossible(year: int, first: int, second: int, form: str) -> None:
    """A numeric date no order makes real, or a named month's day beyond its end, is
    `impossible`; one that some order makes real is a date."""

    def real(y: int, m: int, d: int) -> bool:
        try:
            datetime.date(y, m, d)
        except ValueError:
            return False
        return True

    yy = year % 100
    written, readings = {
        "iso": (f"{year}-{first:02d}-{second:02d}", [(year, first, second)]),
        "day-first": (
            f"{first:02d}/{second:02d}/{year}",
            [(year, second, first), (year, first, second)],
        ),
        "month-first": (f"{first}-{second}-{year}", [(year, second, first), (year, first, second)]),
        "dotted": (f"{first}.{second}.{year}", [(year, second, first)]),
        "short": (
            f"{first}/{second}/{yy:02d}",
            [(2000 + yy, second, first), (2000 + yy, first, second)],
        ),
        "named": (f"{first} {MONTHS[second % 12]} {year}", [(year, second % 12 + 1, first)]),
    }[form]
    reading = read_date(written)
    if any(real(*r) for r in readings):
        assert reading.kind in ("iso", "ambiguous"), (written, reading)
    else:
        assert reading.kind == "impossible", (written, reading)
        assert reading.message.startswith(f"`{written}` is not a date: ")


@pytest.mark.parametrize(
    ("raw", "kind"),
    [
        ("1.2.23", "unrecognized"),  # a version as often as a date
        ("see /12/05/23/", "unrecognized"),  # a path
        ("1.10.04.18", "unrecognized"),
        ("mayor 2000", "unrecognized"),
        ("32/13/2020", "impossible"),
        ("13/13/23", "impossible"),
        ("January 0000", "impossible"),
    ],
)
def test_near_dates(raw: str, kind: str) -> None:
    assert read_date(raw).kind == kind


@given(st.lists(st.dates(datetime.date(1990, 1, 1), datetime.date(2089, 12, 31)), min_size=1))
def test_a_day_first_series_shows_its_order_when_one_date_can(dates: list[datetime.date]) -> None:
    """Generated series written `dd/mm/yyyy`: every date reads back day-first; the
    series shows day-first exactly when one of its dates has a day past 12 (no
    month-first reading), and never shows month-first."""
    raws = [f"{d.day:02d}/{d.month:02d}/{d.year}" for d in dates]
    for raw, date in zip(raws, dates, strict=True):
        assert numeric_readings(raw)["day-first"] == date.isoformat()
    shown = any(d.day > 12 for d in dates)
    assert series_order(raws) == ("day-first" if shown else None)
    written = [f"{d.month:02d}/{d.day:02d}/{d.year}" for d in dates]  # month-first
    assert series_order(written) == ("month-first" if shown else None)
