"""Target lists are split in time linear in the text, as they were.

``\\s*(?<![^\\W_])and\\s+`` was tried at each space of a run (looking for `and`) and
ran to the run's end each time: a long run of spaces cost quadratic time.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading import record_ids
from tests.cost import assert_linear

_AND_BEFORE = re.compile(r"\s*(?<![^\W_])and\s+", re.IGNORECASE)
_PIECES = st.lists(
    st.sampled_from([" ", "\t", "\n", "\u2003", "and", "AND", "an", "d", "x", "_", ",", ";",
                     "&amp;", "&nbsp;", "&", "[", "]", "(", ")", "ADR-3", "."]),
    max_size=16,
).map("".join)  # fmt: skip


def _split_before(text: str) -> tuple[tuple[int, int], ...]:
    """``split_targets`` with the pattern it had."""
    now, record_ids._AND = record_ids._AND, _AND_BEFORE
    try:
        return record_ids.split_targets(text)
    finally:
        record_ids._AND = now


@given(_PIECES | st.text(max_size=20))
def test_targets_split_as_they_did(text: str) -> None:
    assert record_ids.split_targets(text) == _split_before(text)


def test_a_long_run_of_spaces_costs_time_linear_in_the_text() -> None:
    assert_linear(lambda n: lambda: record_ids.split_targets("ADR-3" + " " * n + "x"), 1_000)
