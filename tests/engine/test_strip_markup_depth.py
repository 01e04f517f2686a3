"""``strip_markup`` costs time linear in the value, however deep its markup nests.

It repeated its steps until nothing changed, and each round (and each sweep for
links) took off one layer: ``[[[…x…]]]`` or ``***…x…***`` cost a round per layer,
quadratic in the value.  The rounds and sweeps are now bounded
(``MAX_ROUNDS``, ``MAX_LINK_SWEEPS``); within them the result is what it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading import values
from tests.cost import assert_linear

# ---- the implementation before the bound, counting what it spent ----------------------

_BACKTICKS = re.compile(r"`+")
_LINKS = (
    re.compile(r"!?\[([^\[\]]*)\]\([^()]*\)"),
    re.compile(r"\[([^\[\]]*)\]\[[^\[\]]*\]"),
    re.compile(r"\[([^\[\]]*)\]"),
)
_INNER = r"(?:[^_]|(?<=[^\W_])_(?=[^\W_]))+?"
_EMPHASIS = (
    re.compile(r"\*\*(?=[^\s*])([^*]+?)(?<=\S)\*\*"),
    re.compile(rf"(?<![^\W_])__(?=[^\s_])({_INNER})(?<=\S)__(?![^\W_])"),
    re.compile(r"\*(?=[^\s*])([^*]+?)(?<=\S)\*"),
    re.compile(rf"(?<![^\W_])_(?=[^\s_])({_INNER})(?<=\S)_(?![^\W_])"),
)


def _unbounded(text: str) -> tuple[str, int, int]:
    """The old ``strip_markup``: its result, the rounds and the link sweeps it took."""
    previous, rounds, sweeps = None, 0, 0
    while text != previous:
        previous, rounds = text, rounds + 1
        text = text.rstrip()
        if text.endswith("-->"):
            opening = text.rfind("<!--", 0, len(text) - 3)
            if opening >= 0:
                text = text[:opening]
        text = values._strip_code(text)  # proven equal to its pattern elsewhere
        replaced = 1 if "[" in text else 0
        while replaced:
            sweeps, replaced = sweeps + 1, 0
            for link in _LINKS:
                text, count = link.subn(r"\1", text)
                replaced += count
        for emphasis in _EMPHASIS:
            text = emphasis.sub(r"\1", text)
        text = re.sub(r"\s+", " ", text).strip()
        while text.endswith(".") and not text.endswith(".."):
            text = text[:-1].rstrip()
    return text, rounds, sweeps


def _within_bounds(rounds: int, sweeps: int) -> bool:
    return rounds <= values.MAX_ROUNDS and sweeps <= values.MAX_LINK_SWEEPS


# ---- a grammar of brackets, emphasis, backticks and text ------------------------------

_WORDS = st.sampled_from(["a", "b c", "x_y", " ", "", ".", "..", "\t", "é", "1"])
_WRAPS = st.sampled_from(
    ["[{}]", "[{}](u)", "![{}](u)", "[{}][r]", "[{}][]", "*{}*", "**{}**", "_{}_", "__{}__",
     "`{}`", "``{}``", "{} <!-- c -->", "{}.", "{} .", "[{}", "{}]", "*{}", "{}_", "({})"]
)  # fmt: skip


def _nested(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.builds(str.format, _WRAPS, inner),
        st.lists(inner, min_size=2, max_size=3).map("".join),
    )


MARKUP = st.recursive(_WORDS, _nested, max_leaves=24)
_PIECES = st.lists(st.sampled_from(list("[]()!*_` .a<!-->")), max_size=30).map("".join)


@given(MARKUP | _PIECES)
def test_markup_within_the_bounds_strips_as_it_did(text: str) -> None:
    expected, rounds, sweeps = _unbounded(text)
    if _within_bounds(rounds, sweeps):
        assert values.strip_markup(text) == expected


@pytest.mark.parametrize(
    "wrap", ["[{}]", "[{}](u)", "[{}][r]", "*{}*", "**{}**", "_{}_", "__{}__", "{} <!--c-->"]
)
def test_thirty_layers_strip_as_they_did(wrap: str) -> None:
    """Thirty layers of each kind of markup fit the bounds and strip as they did."""
    text = "x y"
    for _ in range(30):
        text = wrap.format(text)
    expected, rounds, sweeps = _unbounded(text)
    assert _within_bounds(rounds, sweeps)
    assert values.strip_markup(text) == expected


def test_the_examples_of_the_issue_strip_as_they_did() -> None:
    assert values.strip_markup("[x][y](u)") == _unbounded("[x][y](u)")[0] == "xy"


@pytest.mark.parametrize(
    ("deep", "small"),
    [
        (lambda n: "[" * n + "x" + "]" * n, 500),
        (lambda n: "*" * n + "x" + "*" * n, 500),
        (lambda n: "_" * n + "x" + "_" * n, 500),
        (lambda n: "x" + "<!--a-->" * n, 150),
        (lambda n: "[x](u)" * n + "[" * n + "x" + "]" * n, 150),
    ],
    ids=["brackets", "asterisks", "underscores", "comments", "links-then-brackets"],
)
def test_deep_markup_costs_time_linear_in_the_value(deep: Callable[[int], str], small: int) -> None:
    """Small sizes still hold more layers than the bounds allow (the old rounds were
    quadratic), and few enough characters that both sizes stay in the processor's
    first cache, whose edge alone would look superlinear."""
    strip = values.strip_markup
    assert_linear(lambda n: (lambda text: lambda: strip(text))(deep(n)), small, repeat=3)
