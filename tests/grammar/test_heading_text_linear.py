"""A heading's trailing comment is stripped in time linear in the heading.

``[ \\t]*<!--.*?-->[ \\t]*$`` tried every `<!--` against the rest of the text:
a heading of ten thousand `<!--a` took time quadratic in its length.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assay.grammar import normalize
from tests.cost import assert_linear

_PIECES = st.sampled_from(["<!--", "-->", " ", "\t", "a", "-", ">", "<!", "\n", "*"])


@given(st.lists(_PIECES, max_size=12).map("".join) | st.text(max_size=20))
def test_the_trailing_comment_goes_as_the_pattern_did(text: str) -> None:
    assert normalize.without_trailing_comment(text) == normalize._TRAILING_COMMENT.sub("", text)


def test_many_comment_openers_cost_time_linear_in_the_heading() -> None:
    assert_linear(lambda n: lambda: normalize.without_trailing_comment("<!--a" * n), 400)


def test_spaces_before_a_word_cost_time_linear_in_the_heading() -> None:
    assert_linear(lambda n: lambda: normalize.without_trailing_comment(" " * n + "x"), 2_000)
