"""Links in a front-matter string are found in time linear in the string."""

from __future__ import annotations

from collections.abc import Callable

from assay.engine.reading.relations import _TEXT_LINK
from tests.cost import assert_linear


def _finding(text: str) -> Callable[[], object]:
    return lambda: list(_TEXT_LINK.finditer(text))


def test_a_string_of_openers_is_scanned_once() -> None:
    """`[` after `[` with no `]`: each used to scan to the string's end."""
    assert_linear(lambda n: _finding("[" * n), 500, repeat=3, rounds=5)


def test_a_destination_without_its_closing_parenthesis_is_scanned_once() -> None:
    assert_linear(lambda n: _finding("[x](" + "a" * n), 500, repeat=3, rounds=5)


def test_links_are_still_found() -> None:
    found = [
        (m["text"], m["destination"], m["label"])
        for m in _TEXT_LINK.finditer(
            "Superseded by [ADR 2](0002-x.md 'why') and [b][ref], [a [c](d)"
        )
    ]
    assert found == [("ADR 2", "0002-x.md", None), ("b", None, "ref"), ("c", "d", None)]
