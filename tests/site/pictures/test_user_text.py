"""Any records at all, titles and statuses being user text: well-formed SVG, and no
element or attribute that the pictures' code did not write."""

from __future__ import annotations

import datetime

from hypothesis import example, given, settings
from hypothesis import strategies as st

from assay.site.facts import RecordFacts, RelationFact
from assay.site.markup import plain
from assay.site.pictures import pictures
from tests.site.pictures.reading import (
    ATTRIBUTES,
    ELEMENTS,
    attributes,
    cleaned,
    parse,
    tags,
    texts,
)

# Markup-like text is the interesting case: draw it often, beside arbitrary text.
_NASTY = st.sampled_from(
    [
        "<script>alert(1)</script>",
        '"><a href="x">',
        "&amp;",
        "]]>",
        "<!--",
        "\x00\x1f",
        "\ud800",
        "\ufffe",
        "a\nb\r\tc",
        "<![CDATA[x]]>",
        "&#0;",
        "' onload='x",
    ]
)
_TEXT = st.one_of(st.text(max_size=80), _NASTY, st.lists(_NASTY).map("".join))
_PATHS = st.sampled_from([f"docs/adr/{n}.md" for n in range(8)]) | _TEXT


@st.composite
def workspaces(draw: st.DrawFn) -> list[RecordFacts]:
    """Up to twelve records with arbitrary text, dates and relations among (and beyond)
    themselves."""
    count = draw(st.integers(0, 12))
    paths = draw(st.lists(_PATHS, min_size=count, max_size=count))
    records = []
    for path in paths:
        relations = draw(
            st.lists(
                st.builds(
                    RelationFact,
                    kind=st.sampled_from(["supersedes", "amends", "other"]),
                    name=_TEXT,
                    target=st.sampled_from(paths) | _PATHS,
                ),
                max_size=3,
            )
        )
        records.append(
            RecordFacts(
                path=path,
                page=draw(_TEXT),
                number=draw(st.none() | st.integers()),
                title=draw(_TEXT),
                status=draw(st.none() | _TEXT),
                date=draw(
                    st.none() | st.dates(datetime.date(1, 1, 1), datetime.date(9999, 12, 31))
                ),
                relations=tuple(relations),
            )
        )
    return records


@settings(max_examples=min(settings().max_examples, 200))  # costly draws: ~0.1 s each
@given(workspaces())
def test_any_records_give_well_formed_pictures(records: list[RecordFacts]) -> None:
    """Both pictures parse as XML and hold only the pictures' own elements and attributes."""
    for svg in pictures(records).values():
        root = parse(svg)
        assert tags(root) <= ELEMENTS
        assert attributes(root) <= ATTRIBUTES


@given(st.lists(_TEXT, min_size=1, max_size=4))
@example(["", "\x1f"])  # a title of white space alone shows the file name
def test_a_title_is_shown_as_text(titles: list[str]) -> None:
    """Each related record's title reaches its node's tooltip, as text (cleaned, whole)."""
    records = [
        RecordFacts(
            path=f"r{index}.md",
            page=f"r{index}/",
            number=index,
            title=title,
            status="accepted",
            date=datetime.date(2024, 1, 1 + index),
            relations=(
                RelationFact(kind="supersedes", name="Supersedes", target=f"r{index - 1}.md"),
            )
            if index
            else (),
        )
        for index, title in enumerate(titles)
    ]
    graph = parse(pictures(records)["relations.svg"])
    tooltips = texts(graph, "title")[1:]
    if len(records) > 1:
        assert len(tooltips) == len(records)
        for record, tooltip in zip(records, tooltips, strict=True):
            # As a reader sees the title: code without its backticks, no emphasis marks.
            # A title of only white space (Python's: `\x1f` is some) shows the file name.
            name = record.title if plain(record.title).strip() else record.path
            name = plain(name).strip(" ")
            day = record.date.isoformat() if record.date else ""
            assert tooltip == f"#{record.number} {cleaned(name)} (accepted · {day})"
