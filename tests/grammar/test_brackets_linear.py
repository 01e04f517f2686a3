"""Links in a paragraph of brackets that never close are found in linear time.

A link deactivates every bracket before it (links do not nest, CommonMark §6.3); each
link walked the whole stack of open brackets again, and brackets that never close
stay on it: `[a [b [c` ... each followed by a link cost quadratic time in the
paragraph (found by the hostile-record budget, `benchmarks/budgets.py`). Each bracket
is now deactivated once.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import example, given
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token

from assay.grammar.markdown.document import parse_document
from tests.cost import assert_linear


def test_unclosed_brackets_between_links_cost_time_linear_in_the_paragraph() -> None:
    def work(n: int) -> Callable[[], object]:
        text = "# T\n\n" + "[x [l](a.md) " * n + "\n"
        return lambda: parse_document(text, "a.md")

    assert_linear(work, 200, repeat=2, rounds=5)


@given(st.lists(st.sampled_from(["[", "]", "![", "(a.md)", "(b.png)", "x", " "]), max_size=16))
@example(["[", "x", "[", "x", "]", "(a.md)", "]", "(b.png)"])  # no link in a link's text
@example(["![", "x", "[", "x", "]", "(a.md)", "]", "(b.png)"])  # but in an image's
def test_links_are_those_commonmark_finds(pieces: list[str]) -> None:
    """Generated bracket soups: the links found are those markdown-it-py's CommonMark
    parser renders, by destination (a link inside a link's text is no link; an
    image's text may hold one)."""
    text = "".join(pieces) + "\n"
    document = parse_document(text, "a.md").value
    assert document is not None
    found = [link.destination for link in document.links]
    expected = sorted(_destinations(MarkdownIt("commonmark").parse(text)))
    assert sorted(found) == expected


def _destinations(tokens: list[Token]) -> list[str]:
    """Every link's and image's destination, those in an image's text too."""
    found = []
    for token in tokens:
        if token.type in ("link_open", "image"):
            found.append(str(token.attrs.get("href") or token.attrs.get("src")))
        found += _destinations(token.children or [])
    return found
