"""Value reading: markup stripped, status keywords mapped through synonyms, placeholders."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading import dates, record_ids, values
from assay.engine.reading.values import (
    StatusReading,
    is_placeholder,
    read_status,
    strip_markup,
)
from assay.spec.source import Span
from assay.spec.specfile import AllowedValue

_SPAN = Span.point(0, 1, 1)
#: The built-in ADR table's shape: canonical names with the synonyms seen in the wild.
ALLOWED = (
    AllowedValue(name="proposed", synonyms=("in review", "draft", "under review"), span=_SPAN),
    AllowedValue(name="accepted", synonyms=("approved", "agreed"), span=_SPAN),
    AllowedValue(name="rejected", synonyms=("declined",), span=_SPAN),
    AllowedValue(name="deprecated", span=_SPAN),
    AllowedValue(name="superseded", synonyms=("superceded",), span=_SPAN),
)
#: Text rich in the characters the readers treat specially, so examples hit the rules.
MARKUP = st.text(alphabet=st.sampled_from(list("*_`[]()<>!-{}|.,;&: \n\t#aAdnrX05/—✅")))
ANY_TEXT = st.one_of(st.text(), MARKUP)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("**Accepted**", "Accepted"),
        ("*Accepted*", "Accepted"),
        ("__Accepted__", "Accepted"),
        ("_Accepted_", "Accepted"),
        ("***Accepted***", "Accepted"),
        ("`accepted`", "accepted"),
        ("``a ` b``", "a ` b"),
        ("[ADR 5](0005-x.md)", "ADR 5"),
        ("![diagram](x.png)", "diagram"),
        ("[ADR 5][adr5]", "ADR 5"),
        ("[ADR 5][]", "ADR 5"),
        ("[ADR 5]", "ADR 5"),
        ("Accepted <!-- proposed | accepted -->", "Accepted"),
        ("Accepted <!-- a --> <!-- b -->", "Accepted"),
        ("  Accepted \n  in\tpart  ", "Accepted in part"),
        ("Accepted.", "Accepted"),
        ("**Accepted**.", "Accepted"),
        ("Accepted...", "Accepted..."),
        ("snake_case_name", "snake_case_name"),
        ("2 * 3 * 4", "2 * 3 * 4"),
        ("* **Status:** Accepted", "* Status: Accepted"),
        ("", ""),
    ],
)
def test_strip_markup(text: str, expected: str) -> None:
    """Emphasis, code, link syntax, a trailing comment and period go; spaces collapse."""
    assert strip_markup(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "{proposed | rejected | accepted | deprecated | superseded by ADR-0005}",
        "{YYYY-MM-DD when the decision was last updated}",
        "{Describe the context}",
        "[ proposed | accepted | rejected ]",
        "[Proposed|Accepted]",
        "[Insert Date]",
        "[date]",
        "[date of the decision]",
        "[ ]",
        "YYYY-MM-DD",
        "yyyy-mm-dd",
        "DD/MM/YYYY",
        "MM/DD/YYYY",
        "<date>",
        "<YYYY-MM-DD>",
        "**YYYY-MM-DD**",
        "`YYYY-MM-DD`",
        "YYYY-MM-DD.",
        "  {proposed | accepted}  <!-- pick one -->",
        "...",
        "…",
    ],
)
def test_placeholders(text: str) -> None:
    """Template leftovers are recognised, wrapped in markup or not."""
    assert is_placeholder(text)


@pytest.mark.parametrize(
    "text",
    [
        "TBD",
        "Accepted",
        "[Accepted]",
        "[ADR-0005]",
        "[ADR 5](0005-x.md)",
        "[date](0005-date-format.md)",
        "<https://example.org/date>",
        "2023-05-11",
        "Accepted {with changes}",
        "",
    ],
)
def test_not_placeholders(text: str) -> None:
    """Real values, links and a team's own `TBD` are not template leftovers."""
    assert not is_placeholder(text)


@pytest.mark.parametrize(
    ("raw", "keyword", "value", "rest"),
    [
        ("Accepted", "accepted", "accepted", ""),
        ("accepted", "accepted", "accepted", ""),
        ("ACCEPTED.", "accepted", "accepted", ""),
        ("Accepted, amended by [..]", "accepted", "accepted", "amended by [..]"),
        ("accepted; supersedes ADR-0045", "accepted", "accepted", "supersedes ADR-0045"),
        ("**Accepted** 2023-05-11", "accepted", "accepted", "2023-05-11"),
        ("**Accepted 2023-05-11**", "accepted", "accepted", "2023-05-11"),
        ("Rejected in favour of ADR 111", "rejected", "rejected", "in favour of ADR 111"),
        ("Superseded by [ADR 5](0005-x.md)", "superseded", "superseded", "by [ADR 5](0005-x.md)"),
        ("Superceded by [ADR 5](0005-x.md).", "superceded", "superseded", "by [ADR 5](0005-x.md)"),
        ("In Review", "in review", "proposed", ""),
        ("*In   review*", "in review", "proposed", ""),
        ("Under review since May", "under review", "proposed", "since May"),
        ("Approved", "approved", "accepted", ""),
        ("Declined", "declined", "rejected", ""),
        ("Accepted (2023-05-11)", "accepted", "accepted", "(2023-05-11)"),
        ("Accepted - 2023-05-11", "accepted", "accepted", "2023-05-11"),
        ("Accepted — see below", "accepted", "accepted", "see below"),
        ("Accepted <!-- proposed | accepted -->", "accepted", "accepted", ""),
        ("✅ Accepted", "accepted", "accepted", ""),
        ("- Accepted", "accepted", "accepted", ""),
        ("<!-- proposed | accepted --> Accepted", "accepted", "accepted", ""),
        ("\u017fuperseded by ADR-3", "superseded", "superseded", "by ADR-3"),
        ("[Accepted]", "accepted", "accepted", ""),
        ("`accepted`", "accepted", "accepted", ""),
        ("Deprecated.", "deprecated", "deprecated", ""),
        ("Work-in-progress", "work-in-progress", None, ""),
        ("Accepted-ish", "accepted-ish", None, ""),
        ("Acceptedly", "acceptedly", None, ""),
        ("Unknown value here", "unknown", None, "value here"),
        ("TBD", "tbd", None, ""),
        ("", "", None, ""),
        ("**", "", None, ""),
    ],
)
def test_read_status(raw: str, keyword: str, value: str | None, rest: str) -> None:
    """The leading keyword is mapped through names and synonyms; the rest is kept."""
    reading = read_status(raw, ALLOWED)
    assert (reading.keyword, reading.value, reading.rest) == (keyword, value, rest)
    assert not reading.placeholder
    _check_offsets(reading)


def test_read_status_positions() -> None:
    """Offsets point into the value as given, markup around the keyword excluded."""
    reading = read_status("**Accepted** 2023-05-11", ALLOWED)
    assert (reading.keyword_start, reading.keyword_end) == (2, 10)
    assert (reading.rest_start, reading.rest_end) == (13, 23)
    assert reading.text == "Accepted 2023-05-11"


def test_longest_spelling_wins() -> None:
    """A multi-word synonym beats a name that is its first word."""
    allowed = (
        AllowedValue(name="in", span=_SPAN),
        AllowedValue(name="proposed", synonyms=("in review",), span=_SPAN),
    )
    assert read_status("In Review", allowed).value == "proposed"
    assert read_status("In", allowed).value == "in"
    assert read_status("In progress", allowed).value == "in"


@pytest.mark.parametrize(
    ("raw", "keyword"),
    [("Accepted, amended by ADR-3", "accepted"), ("In Review", "in"), ("", "")],
)
def test_read_status_without_allowed_values(raw: str, keyword: str) -> None:
    """With no declared values the first word is both keyword and value."""
    reading = read_status(raw, ())
    assert reading.keyword == keyword
    assert reading.value == (keyword or None)


@pytest.mark.parametrize(
    "raw", ["{proposed | rejected | accepted}", "[ proposed | accepted ]", "  <status>  "]
)
def test_read_status_placeholder(raw: str) -> None:
    """A template leftover has no keyword and no value."""
    reading = read_status(raw, ALLOWED)
    assert reading.placeholder
    assert (reading.keyword, reading.value, reading.rest) == ("", None, "")
    _check_offsets(reading)


def test_values_reexports_the_other_readers() -> None:
    """Callers import every value reader from `values`."""
    assert values.read_date is dates.read_date
    assert values.is_placeholder is dates.is_placeholder
    assert values.find_record_ids is record_ids.find_record_ids
    assert values.split_targets is record_ids.split_targets
    assert values.record_number_in_title is record_ids.record_number_in_title
    assert values.title_without_prefix is record_ids.title_without_prefix


def _check_offsets(reading: StatusReading) -> None:
    raw = reading.raw
    assert 0 <= reading.keyword_start <= reading.keyword_end <= len(raw)
    assert reading.keyword_end <= reading.rest_start <= reading.rest_end <= len(raw)
    written = raw[reading.keyword_start : reading.keyword_end]
    assert " ".join(written.split()).casefold() == reading.keyword
    assert raw[reading.rest_start : reading.rest_end] == reading.rest


@given(ANY_TEXT)
def test_read_status_never_raises_and_offsets_hold(raw: str) -> None:
    """Any text reads; offsets stay in range and slice back to what is reported."""
    for allowed in (ALLOWED, ()):
        reading = read_status(raw, allowed)
        assert reading.raw == raw
        assert reading.text == strip_markup(raw)
        _check_offsets(reading)
        names = {v.name for v in allowed} if allowed else {reading.keyword}
        assert reading.value is None or reading.value in names


@given(
    st.sampled_from([(s, v.name) for v in ALLOWED for s in (v.name, *v.synonyms)]),
    st.sampled_from(["", "**", "*", "_", "`", "  "]),
    st.sampled_from(["", ",", ";", " -", ".", " (", " —"]),
    st.text(),
)
def test_declared_spelling_reads_as_its_name(
    spelling: tuple[str, str], wrap: str, separator: str, tail: str
) -> None:
    """A declared spelling, in any case and markup, followed by anything, maps to its name."""
    written, name = spelling
    raw = f"{wrap}{written.upper()}{wrap[::-1]}{separator} {tail}"
    reading = read_status(raw, ALLOWED)
    assert reading.value == name
    assert reading.keyword == written


@given(ANY_TEXT)
def test_strip_markup_is_idempotent(text: str) -> None:
    """Stripping twice equals stripping once; the result is trimmed with single spaces."""
    stripped = strip_markup(text)
    assert strip_markup(stripped) == stripped
    assert stripped == stripped.strip()
    assert "  " not in stripped


@given(ANY_TEXT)
def test_is_placeholder_ignores_surrounding_space_and_emphasis(text: str) -> None:
    """Any text reads; spaces and bold around a value do not change the verdict."""
    verdict = is_placeholder(text)
    assert is_placeholder(f"  {text}\n") == verdict
    if text.strip() and text.strip()[0] not in "*_`~" and text.strip()[-1] not in "*_`~.":
        assert is_placeholder(f"**{text.strip()}**") == verdict
