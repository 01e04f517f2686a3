"""Status values as teams write them: a date before the word, their own words, prose."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.status_words import LONGEST, UNFILLED, is_status_word, leading_phrase
from assay.engine.reading.values import read_status
from tests.engine.test_reading import reading_of
from tests.engine.test_values import ALLOWED, ANY_TEXT

#: A word of letters, in any script (`Angenommen`, `提议`), as teams name statuses.
WORD = st.text(st.characters(categories=("Lu", "Ll", "Lo")), min_size=1, max_size=12).filter(
    lambda w: w.casefold() not in UNFILLED
)
PHRASE = st.lists(WORD, min_size=1, max_size=LONGEST).map(" ".join)
DATE = st.dates().map(lambda d: d.isoformat())
#: What may follow a status word without making it prose.
ASIDE = st.one_of(
    st.just(""),
    DATE.map(lambda d: f" {d}"),
    DATE.map(lambda d: f" ({d})"),
    st.just(" (waiting on the vendor; see [ADR 2](0002-x.md))"),
    st.just(", see #12"),
    st.just(" [#1811](https://github.com/o/r/issues/1811)"),
)
KEYWORDS = [spelling for value in ALLOWED for spelling in (value.name, *value.synonyms)]


@given(PHRASE, ASIDE, st.sampled_from(["", "**", "*"]))
def test_a_word_or_short_phrase_with_an_aside_is_a_status_word(
    phrase: str, aside: str, mark: str
) -> None:
    assert is_status_word(f"{mark}{phrase}{mark}{aside}")


@given(PHRASE, WORD, ASIDE)
def test_another_sentence_after_the_phrase_is_prose(phrase: str, word: str, aside: str) -> None:
    # The full stop may come after the aside too: `Deferred (…). Not building yet`.
    assert not is_status_word(f"{phrase}{aside}. {word} is next")
    assert not is_status_word(f"{phrase}. {word}{aside}")


@given(PHRASE, WORD, ASIDE, st.sampled_from(["", "**"]))
def test_a_status_leads_with_its_word_whatever_reason_follows(
    phrase: str, word: str, aside: str, mark: str
) -> None:
    """Two records that write one word and each its own reason use one word."""
    said = " ".join(phrase.split()).casefold()
    assert leading_phrase(f"{mark}{phrase}{mark}{aside}") == said
    assert leading_phrase(f"{mark}{phrase}{mark}{aside}. {word} is next") == said


@given(st.lists(WORD, min_size=LONGEST + 1, max_size=8).map(" ".join), ASIDE)
def test_a_longer_phrase_is_prose(words: str, aside: str) -> None:
    assert not is_status_word(words + aside)
    assert leading_phrase(words + aside) is None


@given(ANY_TEXT)
def test_status_words_never_fail(text: str) -> None:
    assert is_status_word(text) in (True, False)
    assert leading_phrase(text) is None or isinstance(leading_phrase(text), str)


@pytest.mark.parametrize(
    "value",
    [
        "Partially Implemented in [#1811](https://github.com/o/r/issues/1811) and [#2409](x)",
        "deferred (not building yet; focus is on VR ([ADR 5](0005-x.md)) first)",
        "Provisional (2023-04-07)",
        "**Provisional** *2025-03-18*",
        "2021-01-10 提议",
    ],
)
def test_real_status_words(value: str) -> None:
    assert is_status_word(value)


@pytest.mark.parametrize(
    "value",
    [
        "Refinement completed. TP in 3.4",
        "Deferred. Not building yet; focus is on the VR client first.",
        "The two points above have been implemented; the `config.js` has an identifier",
        "While this is marked `accepted`, we're still learning",
    ],
)
def test_prose_is_no_status_word(value: str) -> None:
    assert not is_status_word(value)


@pytest.mark.parametrize("value", ["TBD", "n/a", "**None**", "?", "{proposed | accepted}", ""])
def test_a_value_that_states_no_status_is_no_status_word(value: str) -> None:
    assert not is_status_word(value)


@given(DATE, st.sampled_from(KEYWORDS), st.sampled_from([" ", ": ", " - ", "** "]))
def test_a_date_before_a_status_is_no_part_of_it(date: str, keyword: str, between: str) -> None:
    raw = f"**{date}{between}{keyword.title()}" if between == "** " else f"{date}{between}{keyword}"
    reading = read_status(raw, ALLOWED)
    assert reading.keyword == keyword
    assert reading.value is not None
    assert raw[reading.keyword_start : reading.keyword_end].casefold() == keyword


@pytest.mark.parametrize(
    ("heading", "title", "status"),
    [
        ("# Draft: Use Kafka", "Use Kafka", "proposed"),
        ("# 7. Rejected: Use Kafka", "Use Kafka", "rejected"),
        ("# Superceded by <0008-x.md>: Use Kafka", "Use Kafka", "superseded"),
        ("# Windows: Build steps", "Windows: Build steps", None),
        ("# Open questions: Kafka", "Open questions: Kafka", None),
        ("# Draft:", "Draft:", None),
    ],
)
def test_a_title_that_leads_with_a_status(heading: str, title: str, status: str | None) -> None:
    reading = reading_of(f"{heading}\n\n## Context\n\nWhy.\n")
    assert reading.title is not None
    assert reading.title.text == title
    stated = reading.field("Status")
    assert [(f.value, f.source) for f in stated] == ([(status, "title")] if status else [])


@given(PHRASE, st.sampled_from(KEYWORDS))
def test_a_status_stated_elsewhere_keeps_the_title_prefix_a_title(title: str, keyword: str) -> None:
    reading = reading_of(
        f"# {keyword.title()}: {title}\n\nStatus: Accepted\n\n## Context\n\nWhy.\n"
    )
    assert [(f.value, f.source) for f in reading.field("Status")] == [("accepted", "line")]
    assert reading.title is not None
    assert reading.title.text == title
