"""The fast lane: plain top-level blocks read without the line procedure, as CommonMark
reads them.

``assay.grammar.markdown.fastlane`` reads whole top-level blocks where nothing is open
and leaves any line it is not sure of to the procedure. Its tests: a plain record
never reaches the procedure, the procedure goes on with what the lane leaves, and
documents stacked from the line shapes at the lane's edges, and the benchmark's
records, read as markdown-it reads them (``test_commonmark_agreement``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import assay.grammar.markdown.blockscan as blockscan
from assay import parse_document
from tests.grammar.test_commonmark_agreement import assert_agrees, follows_the_spec

#: Lines on both sides of every decision the lane makes.
SHAPES = (
    "",
    "  ",
    "\t",
    "text",
    "more text  ",
    "**bold** text",
    "__init__ x",
    "3 items",
    "1.5 ms",
    "2023 was",
    "=== not a heading",
    "|a|",
    "| a | b |",
    "| - | - |",
    "|---|",
    ":-:",
    "a | b",
    "- a",
    "- b",
    "-  two spaces",
    "-\ttab",
    "-",
    "- - -",
    "- [x]: /u",
    "- # h",
    "- 3 things",
    "* a",
    "* * *",
    "***",
    "**",
    "+ c",
    "1. one",
    "2. two",
    "1) one",
    "10. ten",
    "01. zero",
    "1234567890. long",
    "  - nested",
    "   continued",
    "  two",
    "    code",
    "# H",
    "## H ##",
    "#x",
    "####### seven",
    "```",
    "```py",
    "``` a ` b",
    "````",
    "~~~",
    "~~~ yaml",
    "  ```",
    "   ~~~",
    "\t```",
    "---",
    "___",
    "_ _ _",
    "-- x",
    "[x]: /u",
    "[x]",
    "<!-- c -->",
    "<div>",
    "</div>",
    "<b>x</b>",
    '<a href="x.md">',
    "x <img src='i.png'> y",
    "> q",
    ">",
    "text <!-- assay: disable-line DOC001 -->",
    "<!-- open",
    "still -->",
    "<!---->",
    "<!-->",
    "|a|b|",
    "|-|-|",
    "| :-- | --: |",
    "x|y",
    "- | -",
    "|",
    "\\| a |",
    "- [ ] task",
    "- [x] done",
    "- [a]: /u",
    "- [a] b: c",
    "- see [a](b)",
    "  [x]",
    "   | a |",
    "  - - -",
    "  ---",
    "  ===",
    " \tx",
    "\t- tab item",
    "  1. sub",
    "      deep",
    "  * star",
    "  + plus",
    "  2. two",
    "   - three",
    "   1. three",
    "   2) three",
    "    - four",
    "  - [ ] task",
    "  lazy or not",
    "     five",
    "[a]:",
    "/url",
    '"title"',
    "[^1]: foot",
    "[a]: /u 'x'",
)
#: The shapes lists are made of, drawn more densely.
LIST_SHAPES = (
    "",
    "text",
    "- a",
    "- [ ] b",
    "* c",
    "+ d",
    "1. e",
    "2. f",
    "1) g",
    "  - h",
    "  * i",
    "  1. j",
    "  2. k",
    "   - l",
    "   1. m",
    "  cont",
    "   cont",
    "    cont",
    "lazy",
    "  ```",
    "> q",
    ">",
    "> - q",
    ">  q",
    ">\tq",
    ">q",
    "> # q",
    "> [x]: /u",
    "   ```",
    "   ```py",
    "   ~~~",
    "   ````",
    "   code",
    "     code",
    "   \tcode",
    "  \t```",
    "\tcode",
    "```",
    "---",
    "  ---",
    "- - -",
    "  | x |",
    "# h",
    "  # h",
    "> q",
    "  > q",
    "\t- t",
    "  ",
)
ENDINGS = ("\n", "\r\n", "\r")


@st.composite
def shape_documents(draw: st.DrawFn) -> str:
    lines = draw(
        st.lists(st.sampled_from(draw(st.sampled_from((SHAPES, LIST_SHAPES)))), max_size=24)
    )
    ending = draw(st.sampled_from(ENDINGS))
    final = draw(st.sampled_from(("", ending)))
    return ending.join(lines) + (final if lines else "")


@settings(deadline=None)
@given(shape_documents().filter(follows_the_spec))
def test_lines_at_the_lanes_edges_read_as_markdown_it_reads_them(text: str) -> None:
    """Documents stacked from the line shapes the lane must tell apart (where it reads
    a block and where it leaves the line to the procedure) read as CommonMark reads
    them: the lane is the reader's, and answers to the renderer, not to a second one."""
    assert_agrees(text.encode("utf-8"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_benchmark_records_read_as_markdown_it_reads_them(tmp_path: Path, seed: int) -> None:
    """Records in every style the benchmark corpus writes (benchmarks/corpus.py)."""
    from benchmarks.corpus import generate

    compared = [p.read_bytes() for p in generate(tmp_path, 250, seed=seed)]
    compared = [raw for raw in compared if follows_the_spec(raw.decode("utf-8"))]
    assert len(compared) > 200
    for raw in compared:
        assert_agrees(raw)


def test_a_plain_record_never_reaches_the_line_procedure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Headings, paragraphs, one-line lists and fences: the lane reads them all."""
    record = (
        "# 7. Use Postgres for the ledger\n\nDate: 2024-03-02\n\n## Context\n\n"
        "We need durable storage.\nIt must be cheap.\n\n- one\n- two\n\n1. first\n2. second\n\n"
        "```sql\nselect 1;\n```\n\n## Decision\n\nWe will use Postgres.\n"
    )

    def refuse(*args: object) -> None:
        raise AssertionError("the line procedure was used")

    monkeypatch.setattr(blockscan._Scanner, "incorporate", refuse)
    doc = parse_document(record, "0007-ledger.md").value
    assert doc is not None
    assert [s.heading.text for s in doc.walk_sections()] == [
        "Use Postgres for the ledger",
        "Context",
        "Decision",
    ]


def test_the_procedure_reads_what_the_lane_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    """A paragraph the lane left open still becomes a table or a setext heading."""
    doc = parse_document("| a | b |\n| - | - |\n| 1 | 2 |\n\nTitle\n=====\n", "t.md").value
    assert doc is not None
    assert type(doc.preamble[0]).__name__ == "Table"
    assert doc.sections[0].heading.style == "setext"
