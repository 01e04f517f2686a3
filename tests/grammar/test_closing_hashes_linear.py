"""An ATX heading's closing hashes are found in time linear in the heading, as before.

``[ \\t]+#+[ \\t]*$`` was tried at each space of a run and ran to the run's end each
time: a heading with a long run of spaces before other text took quadratic time.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from assay.grammar.markdown import leaves
from tests.cost import assert_linear

_CLOSING_BEFORE = re.compile(r"[ \t]+#+[ \t]*$")
_PIECES = st.lists(st.sampled_from([" ", "\t", "#", "##", "a", "\\", "\n", "é"]), max_size=20)


@given(_PIECES.map("".join) | st.text(max_size=20))
def test_closing_hashes_go_as_the_pattern_took_them(text: str) -> None:
    assert leaves._CLOSING.sub("", text) == _CLOSING_BEFORE.sub("", text)


def test_spaces_before_other_text_cost_time_linear_in_the_heading() -> None:
    assert_linear(lambda n: lambda: leaves._CLOSING.sub("", "a" + " " * n + "b"), 2_000)


def test_spaces_and_tabs_before_hashes_and_text_cost_time_linear() -> None:
    assert_linear(lambda n: lambda: leaves._CLOSING.sub("", "a" + " \t" * n + "#b"), 1_000)
