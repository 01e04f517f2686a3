"""The `--tasks` subset: positions, ranges and names, each error with its column."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.evidence.summary import summarize
from assay.engine.evidence.summary.subset import select_subset

TASKS = ["alpha", "beta", "gamma", "fix-login", "7up"]


@pytest.mark.parametrize(
    ("text", "chosen"),
    [
        ("1-3", ("alpha", "beta", "gamma")),
        ("gamma,alpha", ("alpha", "gamma")),  # benchmark order, not the item order
        (" 2 , fix-login", ("beta", "fix-login")),
        ("5", ("7up",)),
        ("007up", ()),  # a name: absent
        ("01-02", ("alpha", "beta")),  # leading zeros are still positions
    ],
)
def test_selections(text: str, chosen: tuple[str, ...]) -> None:
    """What valid subsets select (or, for an absent name, nothing and an error)."""
    selected, errors = select_subset(text, TASKS)
    assert selected == chosen
    assert bool(errors) == (not chosen)


@pytest.mark.parametrize(
    ("text", "code", "column", "words"),
    [
        ("1-9", "EVL021", 1, "outside 1-5"),
        ("0", "EVL021", 1, "outside 1-5"),
        ("2,4-3", "EVL021", 3, "reversed"),
        ("alpha,omega", "EVL022", 7, "no task 'omega'"),
        ("1,,2", "EVL020", 3, "is empty"),
        ("", "EVL020", 1, "is empty"),
        ("1, be ta", "EVL020", 4, "holds a space"),
        ("1-99999999999999999999", "EVL023", 1, "overflows"),
        ("1-3,beta", "EVL024", 5, "already selected by the item at column 1"),
    ],
)
def test_subset_errors(text: str, code: str, column: int, words: str) -> None:
    """Each error names its code, the item and its column; nothing is selected."""
    selected, errors = select_subset(text, TASKS)
    assert selected == ()
    assert [(e.code, e.column) for e in errors] == [(code, column)]
    assert words in errors[0].message and f"column {column}" in errors[0].message


def test_a_summary_with_subset_errors_computes_nothing() -> None:
    """The errors are the summary: no partial numbers from a mistyped subset."""
    summary = summarize([], tasks=TASKS, policy=None, subset="1-9")
    assert [e.code for e in summary.errors] == ["EVL021"]
    assert summary.differences == () and summary.no_verdict == () and summary.tasks == ()


@given(st.text(max_size=40), st.lists(st.text(min_size=1, max_size=6), max_size=8))
def test_any_subset_text_selects_or_explains(text: str, tasks: list[str]) -> None:
    """Arbitrary text never raises: it selects tasks of the benchmark, or gives errors
    that each carry a column inside the text."""
    selected, errors = select_subset(text, list(dict.fromkeys(tasks)))
    assert set(selected) <= set(tasks)
    assert bool(selected) != bool(errors) or (not selected and not errors and not tasks)
    for error in errors:
        assert error.column is not None and 1 <= error.column <= len(text) + 1
