"""Plain text and sentences (engine.reading.sentences), which FRM001 and FRM002 count on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.sentences import (
    ABBREVIATIONS,
    plain_text,
    sentences,
    shorten,
    source_offset,
)
from tests.cost import assert_linear


def _split(text: str) -> list[str]:
    return [text[a:b] for a, b in sentences(text)]


@pytest.mark.parametrize(
    ("markdown", "plain"),
    [
        ("One **bold** and *lean* _word_.", "One bold and lean word."),
        ("Reads `run.toml` first.", "Reads run.toml first."),
        ("See [the guide](docs/guide.md) and ![a chart](c.png).", "See the guide and a chart."),
        ("A <!-- note --> word.<!-- trailing -->", "A word."),
        ("Lines\n  wrapped\n\nand   spaced.", "Lines wrapped and spaced."),
        ("**Ends bold.**", "Ends bold."),
        ("Ends with a period.", "Ends with a period."),
        ("<!-- only a comment -->", ""),
        ("An <!-- unclosed comment.", "An <!-- unclosed comment."),
    ],
)
def test_plain_text(markdown: str, plain: str) -> None:
    assert plain_text(markdown) == plain


@pytest.mark.parametrize(
    "text",
    [
        "One sentence without an end",
        "One sentence.",
        "Use a queue, e.g. Kafka or RabbitMQ, i.e. a broker, etc. and more.",
        "Compare A vs. B and cf. Fig. 3 of No. 7, approx. 5 ms incl. Setup.",
        "Dr. Smith and Mr. Jones met J. R. Tolkien.",
        "It costs 2.5 units on Python 3.11 and v1.2.3 today.",
        "The version 3.11. is the oldest supported.",
        "See https://x.org/a.b?c=d.e and example.com for run.toml details.",
        "Wait… then go on.",
        "E.G. Upper-case abbreviations count too.",
    ],
)
def test_one_sentence(text: str) -> None:
    assert _split(text) == [text]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("First one. Second one.", ["First one.", "Second one."]),
        ("Really? Yes! Done.", ["Really?", "Yes!", "Done."]),
        ('He said "Stop." Then he left.', ['He said "Stop."', "Then he left."]),
        ("It ran (twice.) Then it stopped.", ["It ran (twice.)", "Then it stopped."]),
        ("It waited… Then it went.", ["It waited…", "Then it went."]),
        ("It waited... Then it went.", ["It waited...", "Then it went."]),
        ("Version 2.5 shipped. 3 teams use it.", ["Version 2.5 shipped.", "3 teams use it."]),
        ("See example.com. The end", ["See example.com.", "The end"]),
        ("  Spaces around.   Both sides.  ", ["Spaces around.", "Both sides."]),
    ],
)
def test_several_sentences(text: str, expected: list[str]) -> None:
    assert _split(text) == expected


def test_empty_text_has_no_sentences() -> None:
    assert sentences("") == ()
    assert sentences(" \n\t ") == ()


def test_the_documented_abbreviations_include_the_usual_ones() -> None:
    assert {"e.g", "i.e", "etc", "vs", "cf", "dr", "mr", "fig", "no", "approx", "incl"} <= (
        ABBREVIATIONS
    )


@given(st.text())
def test_sentences_never_raise_and_stay_disjoint_ordered_and_inside(text: str) -> None:
    found = sentences(text)
    previous_end = 0
    for start, end in found:
        assert previous_end <= start < end <= len(text)
        assert not text[start].isspace() and not text[end - 1].isspace()
        previous_end = end
    # Whatever lies between sentences is whitespace: no text is lost.
    assert "".join(text.split()) == "".join("".join(text[a:b] for a, b in found).split())


@given(st.text())
def test_plain_text_never_raises_and_is_stripped(text: str) -> None:
    plain = plain_text(text)
    assert plain == plain.strip()
    assert "  " not in plain and "\n" not in plain


# Two letters at least: `A.` is an initial, as in `J. Smith`.
_WORD = st.from_regex(r"[a-z]{2,8}", fullmatch=True).filter(lambda w: w not in ABBREVIATIONS)


@given(st.lists(st.lists(_WORD, min_size=1, max_size=6), min_size=1, max_size=8))
def test_n_simple_sentences_joined_are_n_sentences(words: list[list[str]]) -> None:
    """``Words here`` N times, joined with ``. ``: N sentences, each one of them."""
    parts = [" ".join([w[0].capitalize(), *w[1:]]) for w in words]
    text = ". ".join(parts)
    assert _split(text) == [p + "." for p in parts[:-1]] + [parts[-1]]


@given(st.text(), st.integers(min_value=0, max_value=200))
def test_source_offset_points_at_the_same_character(text: str, target: int) -> None:
    plain = plain_text(text)
    at = source_offset(plain, text, target)
    if at is not None:
        assert text[at] == plain[target] or (plain[target] == " " and text[at].isspace())


def test_source_offset_skips_markup() -> None:
    raw = "One **[link](x.md)** here. Two."
    plain = plain_text(raw)
    assert raw[source_offset(plain, raw, plain.index("Two")) :] == "Two."


def test_shorten() -> None:
    assert shorten("short") == "short"
    long = "word " * 20
    assert shorten(long).endswith("…") and len(shorten(long)) <= 41


def test_sentences_take_linear_time() -> None:
    """Many marks, none ending a sentence (`a.b.c`, `e.g. x`), and runs of openers."""

    def work(size: int) -> object:
        text = ("a.b e.g. x J. k ((((( 2.5 … y " * size)[: 30 * size]
        return lambda: sentences(text)

    assert_linear(work, 200, repeat=3, rounds=5)


def test_the_reference_page_lists_every_abbreviation() -> None:
    """docs/reference/spec-language.md names each abbreviation, and no other."""
    from tests.conftest import ROOT

    page = (ROOT / "docs" / "reference" / "spec-language.md").read_text(encoding="utf-8")
    listed = page.split("these\nabbreviations, in any case: ", 1)[1].split(". The price", 1)[0]
    words = {w.strip().strip("`").rstrip(".").casefold() for w in listed.split(",")}
    assert words == set(ABBREVIATIONS)
