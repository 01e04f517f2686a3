"""Code spans are stripped in time linear in the value, as CommonMark pairs them.

The pattern that stripped them, ``(?<!`)(`+)(?!`)(.+?)(?<!`)\\1(?!`)``, scanned to the
end of the text for each run of backticks no later run closed: runs of 1, 2, 3, …
backticks cost the length of the text each, about n**1.5 in all.
"""

from __future__ import annotations

import pytest

from assay.engine.reading import values
from tests.cost import cost

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
    strip = values.strip_markup
    small, large = _unclosed_runs(2_000), _unclosed_runs(_GROWTH * 2_000)
    small_cost = cost(lambda: strip(small), repeat=3, rounds=5)
    large_cost = cost(lambda: strip(large), repeat=3, rounds=5)
    assert large_cost < _BOUND * small_cost, (small_cost, large_cost)


#: A run of backticks opens a span that the next run of as many closes; the span's
#: text is kept, its backticks go; a run nothing closes stays as it is.
CODE_SPANS = [
    ("`a`", "a"),
    ("``a ` b``", "a ` b"),
    ("```x```", "x"),
    ("a `b` c `d`", "a b c d"),
    ("`a``b`", "a``b"),
    ("`` ` ``", " ` "),
    ("`unclosed", "`unclosed"),
    ("``a`", "``a`"),
    ("``", "``"),
    ("x ` y ` z", "x  y  z"),
    ("`\n`", "\n"),
]


@pytest.mark.parametrize(("text", "stripped"), CODE_SPANS)
def test_a_code_span_keeps_its_text(text: str, stripped: str) -> None:
    assert values._strip_code(text) == stripped
