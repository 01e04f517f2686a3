"""The fast lane reads every document exactly as the line procedure does.

``assay.grammar.markdown.fastlane`` takes whole top-level blocks past CommonMark's line
procedure.  It is only allowed to be faster: with it and without it, every document
must give an equal model.  Documents come from the repository's cases, fixtures and
examples, the benchmark's record generator, hypothesis,
and a strategy that stacks the line shapes the lane must tell apart.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import assay.grammar.markdown.blockscan as blockscan
from assay import parse_document
from tests.conftest import ROOT
from tests.grammar.markdown_strategies import documents, documents_with_front_matter, markdown_lines

FILES = sorted(
    [
        *ROOT.joinpath("tests", "grammar", "cases").rglob("*.md"),
        *ROOT.joinpath("tests", "fixtures").rglob("*.md"),
        *ROOT.joinpath("examples").rglob("*.md"),
        *ROOT.joinpath("docs").rglob("*.md"),
    ]
)

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


def both_ways(text: str | bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    fast = parse_document(text, "doc.md")
    with monkeypatch.context() as patch:
        patch.setattr(blockscan, "FAST_LANE", False)
        slow = parse_document(text, "doc.md")
    return fast, slow


def assert_same(text: str | bytes) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, slow = both_ways(text, monkeypatch)
    assert fast == slow


def test_the_lane_has_documents_to_compare() -> None:
    assert len(FILES) > 20


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(ROOT.parent).as_posix() for p in FILES])
def test_files_read_the_same_both_ways(path: Path) -> None:
    assert_same(path.read_bytes())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_benchmark_records_read_the_same_both_ways(tmp_path: Path, seed: int) -> None:
    """Records in every style the benchmark corpus writes (benchmarks/corpus.py)."""
    from benchmarks.corpus import generate

    for path in generate(tmp_path, 250, seed=seed):
        assert_same(path.read_bytes())


@given(shape_documents())
def test_line_shapes_read_the_same_both_ways(text: str) -> None:
    assert_same(text)


@given(documents())
def test_generated_documents_read_the_same_both_ways(text: str) -> None:
    assert_same(text)


@given(documents_with_front_matter())
def test_documents_with_front_matter_read_the_same_both_ways(text: str) -> None:
    assert_same(text)


@given(markdown_lines())
def test_character_soup_reads_the_same_both_ways(text: str) -> None:
    assert_same(text)


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
