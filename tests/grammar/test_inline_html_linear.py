"""Raw HTML in a paragraph is found in time linear in the paragraph, as before.

Each ``<!--``, ``<?``, ``<![CDATA[`` or ``<!x`` that nothing closed made the inline
HTML pattern scan to the end of the text: a paragraph of them cost quadratic time.
An opener whose closer does not follow is now passed over without the pattern.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.grammar.markdown import inlines
from assay.grammar.markdown.document import parse_document
from assay.grammar.markdown.html_patterns import INLINE_HTML
from tests.cost import assert_linear

_PIECES = st.lists(
    st.sampled_from(["<", "<!--", "-->", "<!-->", "<!---", "-", ">", "<?", "?>", "<![CDATA[",
                     "]]>", "<!a", "<a", "</a", " b='c'", "/>", "x", " ", "\n", "]"]),
    max_size=14,
).map("".join)  # fmt: skip


@given(_PIECES)
def test_only_openers_nothing_can_close_are_passed_over(text: str) -> None:
    closers = inlines._last_closers(text)
    for at in (k for k, char in enumerate(text) if char == "<"):
        if INLINE_HTML.match(text, at) is not None:
            assert inlines._may_close(text, at, closers)


@pytest.mark.parametrize("opener", ["<!--", "<?", "<![CDATA[", "<!a"])
def test_unclosed_openers_cost_time_linear_in_the_paragraph(opener: str) -> None:
    def work(n: int) -> Callable[[], object]:
        text = "# T\n\nx " + opener * n + "\n"
        return lambda: parse_document(text, "a.md")

    assert_linear(work, 300, repeat=2, rounds=5)
