"""Titles keep their code and emphasis in the indexes and the graph; a date-named series
shows its date id; a record page's header says only what the record's text does not;
no Reviews entry without reviews."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.site.facts import RecordFacts, RelationFact
from assay.site.markup import as_markdown, plain
from assay.site.pages.safety import render, unsafe_markup
from assay.site.pictures import relation_graph
from tests.site.test_history import _tree, record

CASES = [
    (
        "Use `Kafka` for *events*",
        "Use <code>Kafka</code> for <em>events</em>",
        "Use Kafka for events",
    ),
    ("`a|b` and `` x`y ``", "<code>a|b</code> and <code>x`y</code>", "a|b and x`y"),
    (
        "`<script>` <b>x</b>",
        "<code>&lt;script&gt;</code> &lt;b&gt;x&lt;/b&gt;",
        "<script> <b>x</b>",
    ),
    ("[l](javascript:x) ![i](y)", "[l](javascript:x) ![i](y)", "[l](javascript:x) ![i](y)"),
    ("an unclosed ` tick", "an unclosed &#96; tick", "an unclosed ` tick"),
    (
        "**bold** _em_ __strong__",
        "<strong>bold</strong> <em>em</em> <strong>strong</strong>",
        ("bold em strong"),
    ),
]


@pytest.mark.parametrize(("title", "html", "text"), CASES)
def test_a_title_keeps_only_its_code_and_emphasis(title: str, html: str, text: str) -> None:
    rendered = render(f"| t |\n| - |\n| [{as_markdown(title)}](x.md) |")
    assert f'<a href="x.md">{html}</a>' in rendered
    assert plain(title) == text


@given(st.text(max_size=60))
def test_any_title_renders_to_code_and_emphasis_only(title: str) -> None:
    """Whatever the title, its Markdown in a table cell's link makes no other element."""
    rendered = render(f"| t |\n| - |\n| [{as_markdown(title)}](x.md) |")
    assert unsafe_markup(rendered) == []
    inner = rendered.split("<td>", 1)[1].split("</td>", 1)[0]
    assert inner.count("<a ") == 1 and "<img" not in inner


def test_the_graph_sets_a_titles_code_in_monospace() -> None:
    records = [
        RecordFacts(
            path=f"r{n}.md",
            page=f"r{n}/",
            number=n,
            title=title,
            status="accepted",
            date=datetime.date(2024, 1, n),
            relations=(RelationFact(kind="supersedes", name="Supersedes", target="r1.md"),)
            if n == 2
            else (),
        )
        for n, title in ((1, "Use `Kafka`"), (2, "Use *Pulsar*"))
    ]
    graph = relation_graph(records)
    assert '#1 Use <tspan font-family="monospace">Kafka</tspan>' in graph
    assert "#2 Use Pulsar" in graph and "`" not in graph and "*" not in graph


DATED = """\
---
date: 2024-01-15
---
# Adopt log4brains

- Status: accepted

## Context and Problem Statement

Why.

## Decision Outcome

What.
"""


def test_a_date_named_series_shows_its_date_id_and_the_date_its_text_does_not(
    tmp_path: Path,
) -> None:
    """`20240115-x.md` has no number: the No. cell shows `20240115`. Its date is in
    front matter (not on the page), so the header shows it; its status is in its text,
    so the header does not repeat it. No run, so no Reviews page nor entry."""
    files = {"docs/decisions/20240115-adopt-log4brains.md": DATED}
    docs, written = _tree(tmp_path, files)
    index = (docs / "decisions/index.md").read_text(encoding="utf-8")
    assert "| 20240115 | [Adopt log4brains](20240115-adopt-log4brains.md) | **accepted** |" in index
    page = (docs / "decisions/20240115-adopt-log4brains.md").read_text(encoding="utf-8")
    assert page.startswith(
        "# Adopt log4brains\n\n![Status: accepted](../pictures/status/accepted.svg)\n\n"
        "- **Date:** 2024-01-15\n\n- Status: accepted\n"
    )
    assert [next(iter(entry)) for entry in written.nav] == ["Home", "Decisions", "Timeline"]  # type: ignore[attr-defined]
    assert not (docs / "reviews").exists()
    badge = (docs / "pictures/status/accepted.svg").read_text(encoding="utf-8")
    assert "#009E73" in badge and "accepted" in badge  # the pictures' green, and the word


def test_a_date_the_text_shows_is_not_repeated(tmp_path: Path) -> None:
    docs, _ = _tree(tmp_path, {"docs/adr/0001-use-kafka.md": record(1, "Use Kafka", "Accepted")})
    page = (docs / "decisions/0001-use-kafka.md").read_text(encoding="utf-8")
    assert "**Date:**" not in page and "**Status:**" not in page
    assert page.count("2025-01-01") == 1
