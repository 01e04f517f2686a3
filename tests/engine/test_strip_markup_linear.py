"""Code spans are stripped in time linear in the value, and as they were before.

The pattern that stripped them, ``(?<!`)(`+)(?!`)(.+?)(?<!`)\\1(?!`)``, scanned to the
end of the text for each run of backticks no later run closed: runs of 1, 2, 3, …
backticks cost the length of the text each, about n**1.5 in all.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading import values
from tests.cost import cost
from tests.engine.test_reading_fast_paths import MARKUP, _reference_strip_markup

_CODE_BEFORE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)

#: n**1.5 grows 512 times over 64 times the text, linear work 64 times.
_GROWTH, _BOUND = 64, 3 * 64


def _unclosed_runs(size: int) -> str:
    """Runs of 1, 2, 3, … backticks between words: no run closes another."""
    pieces, length, k = [], 0, 1
    while length < size:
        pieces.append("`" * k + " a ")
        length += k + 3
        k += 1
    return "".join(pieces)


def test_unclosed_backtick_runs_cost_time_linear_in_the_text() -> None:
    strip = values.strip_markup.__wrapped__
    small, large = _unclosed_runs(2_000), _unclosed_runs(_GROWTH * 2_000)
    small_cost = cost(lambda: strip(small), repeat=3, rounds=5)
    large_cost = cost(lambda: strip(large), repeat=3, rounds=5)
    assert large_cost < _BOUND * small_cost, (small_cost, large_cost)


@given(st.text(alphabet="`a \n", max_size=30) | MARKUP)
def test_code_spans_are_stripped_as_the_pattern_did(text: str) -> None:
    assert values._strip_code(text) == _CODE_BEFORE.sub(r"\2", text)


@given(st.text(alphabet="`a *_[]", max_size=30))
def test_strip_markup_is_what_it_was_around_backticks(text: str) -> None:
    assert values.strip_markup.__wrapped__(text) == _reference_strip_markup(text)
