"""A staircase of list items indented with tabs costs what the same one with spaces does.

Each open list item asked the line cursor for the next non-space, and the cursor
counted the columns of the line's tabs again each time: a line under ``d`` items,
indented ``d`` tabs, cost ``d * d`` steps, and two megabytes of such lines took 27 s of
CPU, 170 times the same shape indented with spaces.  The cursor now keeps the column it
found.  Judged by ratios in one run (tests/cost.py): growing the staircase eight times
must cost the tab shape no more than a small multiple of what it costs the space shape.
"""

from __future__ import annotations

from collections.abc import Callable

from assay.grammar.markdown.document import parse_document
from tests.cost import cost


def _staircase(levels: int, indent: str) -> Callable[[], object]:
    text = "".join(indent * level + "* x\n" for level in range(levels))
    return lambda: parse_document(text, "docs/stairs.md")


def _growth(indent: str) -> float:
    return (
        cost(_staircase(400, indent), repeat=1, rounds=3)
        / cost(_staircase(50, indent), repeat=8, rounds=3)
        * 8
    )


def test_tab_indented_lists_grow_as_space_indented_ones_do() -> None:
    tabs, spaces = _growth("\t"), _growth("    ")
    assert tabs < 3 * spaces, (tabs, spaces)
