"""Record numbers: bare IDs, relation target lists and title prefixes."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.record_ids import (
    find_record_ids,
    record_number_in_title,
    split_targets,
    title_without_prefix,
)

#: Text rich in ID letters, separators and brackets, so examples hit the rules.
TARGETISH = st.text(alphabet=st.sampled_from(list("ADRadr-_ #0123456789,;&and[]()./ \n")))
ANY_TEXT = st.one_of(st.text(), TARGETISH)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("ADR-0057", [("ADR-0057", 57)]),
        ("ADR 111", [("ADR 111", 111)]),
        ("ADR0057", [("ADR0057", 57)]),
        ("adr-12", [("adr-12", 12)]),
        ("ADR_7", [("ADR_7", 7)]),
        ("ADR #3", [("ADR #3", 3)]),
        ("Superseded by ADR-0057.", [("ADR-0057", 57)]),
        ("ADR-3 and ADR-4", [("ADR-3", 3), ("ADR-4", 4)]),
        ("[ADR 5](0005-x.md)", [("ADR 5", 5)]),
        ("[the cache](docs/adr/adr-0005.md)", []),
        ("0005", [("0005", 5)]),
        ("  0005 ", [("0005", 5)]),
        ("see 0005", []),
        ("005", []),
        ("#12", []),
        ("MADR-3", []),
        ("ADR-XXXX", []),
        ("ADR-1234567890", []),
        ("", []),
    ],
)
def test_find_record_ids(text: str, found: list[tuple[str, int]]) -> None:
    """IDs with an `ADR` prefix, or a lone 4-digit number; issue numbers and paths are not."""
    ids = find_record_ids(text)
    assert [(r.text, r.number) for r in ids] == found
    for record in ids:
        assert text[record.start : record.end] == record.text


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("ADR-3 and ADR-4", ["ADR-3", "ADR-4"]),
        ("ADR-3 AND ADR-4", ["ADR-3", "ADR-4"]),
        ("ADR-3, ADR-4; ADR-5 & ADR-6", ["ADR-3", "ADR-4", "ADR-5", "ADR-6"]),
        ("ADR-3, and ADR-4.", ["ADR-3", "ADR-4"]),
        ("[ADR 3, and more](0003-a,b.md) and ADR-4", ["[ADR 3, and more](0003-a,b.md)", "ADR-4"]),
        ("[ADR 3][adr; 3], ADR-4", ["[ADR 3][adr; 3]", "ADR-4"]),
        ("ADR-3 &amp; ADR-4", ["ADR-3", "ADR-4"]),
        ("Smith&nbsp;Jones", ["Smith&nbsp;Jones"]),
        ("brand and band", ["brand", "band"]),
        ("standard", ["standard"]),
        ("ADR-3) , ADR-4", ["ADR-3)", "ADR-4"]),
        (" , ; ", []),
        ("", []),
    ],
)
def test_split_targets(text: str, pieces: list[str]) -> None:
    """Lists split on `,` `;` `&` and `and`, never inside link brackets or parentheses."""
    assert [text[start:end] for start, end in split_targets(text)] == pieces


@pytest.mark.parametrize(
    ("title", "number", "placeholder", "rest"),
    [
        ("1. Record architecture decisions", 1, False, "Record architecture decisions"),
        ("0009. Use Postgres", 9, False, "Use Postgres"),
        ("ADR 016: Use Postgres", 16, False, "Use Postgres"),
        ("ADR015: Use Postgres", 15, False, "Use Postgres"),
        ("0018: Use Postgres", 18, False, "Use Postgres"),
        ("ADR-0057 - Use Postgres", 57, False, "Use Postgres"),
        ("ADR-0057 Use Postgres", 57, False, "Use Postgres"),
        ("097 — Use Postgres", 97, False, "Use Postgres"),
        ("12) Use Postgres", 12, False, "Use Postgres"),
        ("Architecture Decision Record: Use Postgres", None, False, "Use Postgres"),
        ("Architecture Decision Record - 5. Use Postgres", 5, False, "Use Postgres"),
        ("n. Title", None, True, "Title"),
        ("NNNN. Title", None, True, "Title"),
        ("ADR-XXXX: Title", None, True, "Title"),
        ("ADR-NNN - Title", None, True, "Title"),
    ],
)
def test_title_prefix(title: str, number: int | None, placeholder: bool, rest: str) -> None:
    """Number prefixes are read off titles; unfilled template numbers are flagged."""
    prefix = record_number_in_title(title)
    assert prefix is not None
    assert (prefix.number, prefix.placeholder) == (number, placeholder)
    assert title[prefix.prefix_end :] == rest
    assert title_without_prefix(title) == rest


@pytest.mark.parametrize(
    "title",
    [
        "Use Postgres",
        "1.5x faster builds",
        "3D printing of parts",
        "No. of replicas",
        "Naming conventions",
        "ADR naming conventions",
        "Adrenaline for the build",
        "",
    ],
)
def test_title_without_number(title: str) -> None:
    """A title that merely starts with a digit or `ADR` keeps all its words."""
    assert record_number_in_title(title) is None
    assert title_without_prefix(title) == title.strip()


@given(ANY_TEXT)
def test_find_record_ids_offsets_hold(text: str) -> None:
    """Any text reads; IDs are in order, apart, and slice back to their text."""
    ids = find_record_ids(text)
    previous_end = 0
    for record in ids:
        assert previous_end <= record.start < record.end <= len(text)
        assert text[record.start : record.end] == record.text
        digits = re.search(r"[0-9]+\Z", record.text)
        assert digits is not None and int(digits[0]) == record.number
        previous_end = record.end


@given(ANY_TEXT)
def test_split_targets_offsets_hold(text: str) -> None:
    """Any text splits into ordered, non-empty, trimmed pieces within the text."""
    previous_end = 0
    for start, end in split_targets(text):
        assert previous_end <= start < end <= len(text)
        piece = text[start:end]
        assert piece == piece.strip() and not piece.endswith(".")
        previous_end = end


@given(
    st.lists(st.integers(0, 9999), min_size=1, max_size=6),
    st.lists(st.sampled_from([", ", "; ", " and ", " & ", ",and "]), min_size=5, max_size=5),
    st.sampled_from(["ADR-{:04d}", "ADR {}", "adr{:03d}", "[ADR {0}]({0:04d}-x.md)"]),
)
def test_joined_ids_split_and_read_back(numbers: list[int], joins: list[str], form: str) -> None:
    """IDs joined by any separators split into one target each, naming its number."""
    written = [form.format(n) for n in numbers]
    text = written[0] + "".join(j + w for j, w in zip(joins, written[1:], strict=False))
    pieces = [text[start:end] for start, end in split_targets(text)]
    assert pieces == written
    assert [find_record_ids(p)[0].number for p in pieces] == numbers


@given(
    st.integers(0, 99999),
    st.sampled_from(
        ["{}. ", "{:04d}. ", "ADR {:03d}: ", "ADR{}: ", "{:04d}: ", "ADR-{:04d} - ", "{} — "]
    ),
    st.from_regex(r"[A-Za-z][A-Za-z0-9 ,'-]*", fullmatch=True),
)
def test_numbered_title_reads_back(number: int, form: str, rest: str) -> None:
    """A title written with any number prefix gives back its number and its words."""
    title = form.format(number) + rest
    prefix = record_number_in_title(title)
    assert prefix is not None and prefix.number == number and not prefix.placeholder
    assert title_without_prefix(title) == rest.strip()


@given(ANY_TEXT)
def test_title_prefix_offsets_hold(title: str) -> None:
    """Any title reads; the prefix ends within it and the rest is what is left."""
    prefix = record_number_in_title(title)
    if prefix is not None:
        assert 0 <= prefix.prefix_end <= len(title)
        assert not (prefix.placeholder and prefix.number is not None)
        assert title_without_prefix(title) == title[prefix.prefix_end :].strip()
    else:
        assert title_without_prefix(title) == title.strip()
