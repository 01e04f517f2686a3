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


def test_only_short_headings_are_remembered() -> None:
    """A generated document's headings may each be as long as the file: the cache of
    normalized headings holds short ones only, so it stays small whatever it meets."""
    before = normalize.heading_text.cache_info().currsize  # type: ignore[attr-defined]
    long_heading = "**Status** " + "x" * normalize.CACHED_LONGEST
    assert normalize.heading_text(long_heading) == "Status " + "x" * normalize.CACHED_LONGEST
    assert normalize.heading_text.cache_info().currsize == before  # type: ignore[attr-defined]
    assert normalize.heading_text("**A short one, 7:**") == "A short one, 7"
    assert normalize.heading_text.cache_info().currsize <= before + 1  # type: ignore[attr-defined]
