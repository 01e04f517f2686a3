"""DOC010's reading of a record in parts: which `#` headings are titles, in one pass.

A record may hold a second part written in full (a second proposal with its own
`## Problem` and `## Solution`): its `#` heading is no title slip. Which headings open
such a part is decided in one pass over the sections, so a record of thousands of
`#` headings costs time linear in them.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.checks.second_title import _titles
from tests.cost import assert_linear
from tests.engine.test_reading import reading_of

NAMES = st.sampled_from(["Problem", "Solution", "Context", "Appendix", "Notes"])


def _titled(text: str) -> list[str]:
    return [s.heading for s in _titles(reading_of(text).sections)]


def test_a_part_that_repeats_the_records_sections_is_no_title() -> None:
    part = "## Problem\n\nx\n\n## Solution\n\ny\n"
    text = f"# Build it\n\n{part}\n# The other proposal\n\n{part}\n# Appendix\n\n## New\n\nz\n"
    assert _titled(text) == ["Build it", "Appendix"]


@given(st.lists(st.lists(NAMES, max_size=3), min_size=1, max_size=5))
def test_a_heading_is_a_title_unless_its_part_repeats_a_name_before_it(
    parts: list[list[str]],
) -> None:
    """Generated records of parts, each a `#` heading and `##` sections: the first is
    the title, and each other is one exactly when none of its sections is named as a
    `##` section before it."""
    text = "".join(
        f"# Part {n}\n\n" + "".join(f"## {name}\n\nText.\n\n" for name in names)
        for n, names in enumerate(parts)
    )
    expected, seen = [], set()
    for n, names in enumerate(parts):
        if n == 0 or not seen & set(names):
            expected.append(f"Part {n}")
        seen |= set(names)
    assert _titled(text) == expected


def test_many_parts_cost_time_linear_in_them() -> None:
    def work(n: int) -> Callable[[], object]:
        text = "# Title\n\n## Problem\n\nx\n\n" + "# Part\n\n## Problem\n\nx\n\n" * n
        sections = reading_of(text).sections
        return lambda: _titles(sections)

    assert_linear(work, 200, repeat=3, rounds=5)
