"""A heading's emphasis is stripped in time linear in the heading, as it was.

``_MARKUP``'s lazy ``(.+?)`` scanned to the end of the line for each opener that no
delimiter closed (``*a *a *a …``), and ``heading_text`` repeated the pattern once per
layer of nesting.  ``without_emphasis`` finds each opener's closer in lists walked
once, and the passes stop at ``MAX_LAYERS``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.grammar import normalize
from tests.cost import assert_linear

_NUMBER = re.compile(r"^(?:\(?\d+(?:\.\d+)*[.)]?)(?:[ \t]+|$)")
_TRAILING_COMMENT = re.compile(r"[ \t]*<!--.*?-->[ \t]*$", re.DOTALL)
_MARKUP = re.compile(r"(?<![\\\w])(\*\*|__|\*|_|~~)(?=\S)(.+?)(?<=\S)\1(?!\w)")
_CODE = re.compile(r"`+([^`]*)`+")


def _unbounded_heading_text(raw: str) -> tuple[str, int]:
    """``heading_text`` before the bound, and how many emphasis passes changed it."""
    text = raw
    while True:
        stripped = _TRAILING_COMMENT.sub("", text)
        if stripped == text:
            break
        text = stripped
    previous, layers = None, -1
    while previous != text:
        previous, layers = text, layers + 1
        text = _MARKUP.sub(r"\2", text)
    text = _CODE.sub(r"\1", text).strip()
    text = _NUMBER.sub("", text, count=1)
    text = text.rstrip()
    if text.endswith(":"):
        text = text[:-1].rstrip()
    return " ".join(text.split()), layers


_MARKUP_PIECES = st.lists(
    st.sampled_from(["*", "**", "_", "__", "~", "~~", " ", "\n", "\t", "a", "é", "1", "\\",
                     "-", "`", ".", ":", "<!--", "-->", "٣", "\u2003"]),
    max_size=24,
).map("".join)  # fmt: skip


@given(_MARKUP_PIECES | st.text(max_size=24))
def test_emphasis_goes_as_the_pattern_took_it(text: str) -> None:
    assert normalize.without_emphasis(text) == _MARKUP.sub(r"\2", text)


@given(_MARKUP_PIECES | st.text(max_size=24))
def test_headings_within_the_bound_read_as_they_did(text: str) -> None:
    expected, layers = _unbounded_heading_text(text)
    if layers <= normalize.MAX_LAYERS:
        assert normalize.heading_text.__wrapped__(text) == expected


@pytest.mark.parametrize("wrap", ["*{}*", "**{}**", "_{}_", "__{}__", "~~{}~~", "**_{}_**"])
def test_thirty_layers_read_as_they_did(wrap: str) -> None:
    text = "1. Status:"
    for _ in range(30):
        text = wrap.format(text)
    expected, layers = _unbounded_heading_text(text)
    assert layers <= normalize.MAX_LAYERS
    assert normalize.heading_text.__wrapped__(text) == expected


@pytest.mark.parametrize(
    ("heading", "small"),
    [
        (lambda n: "*a " * n, 300),
        (lambda n: "**a _b ~~c " * n, 100),
        (lambda n: "*" * n + "x" + "*" * n, 500),
    ],
    ids=["unclosed", "unclosed-mixed", "nested-asterisks"],
)
def test_emphasis_costs_time_linear_in_the_heading(
    heading: Callable[[int], str], small: int
) -> None:
    strip = normalize.heading_text.__wrapped__
    assert_linear(lambda n: (lambda text: lambda: strip(text))(heading(n)), small, repeat=3)


def test_comment_openers_before_a_newline_cost_time_linear_in_the_heading() -> None:
    """A setext heading's text holds newlines; the pattern once ran on those."""
    assert_linear(lambda n: lambda: normalize.without_trailing_comment("<!--a" * n + "\nb"), 400)
