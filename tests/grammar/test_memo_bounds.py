"""Every string memo keeps short arguments only, so a long-lived process that met a
1 MB value does not hold it (nor the arenas around it) from then on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading import dates
from assay.grammar import globs, normalize, user_patterns
from assay.grammar.memo import remember_short

MEMOS = [
    pytest.param(dates.read_date, "2023-05-11", id="read_date"),
    pytest.param(normalize.heading_text, "Status", id="heading_text"),
    pytest.param(globs.compile_glob, "docs/**/*.md", id="compile_glob"),
    pytest.param(user_patterns.compiled, "[A-Z]+", id="compiled_pattern"),
]


@pytest.mark.parametrize(("memo", "short"), MEMOS)
def test_a_long_argument_is_never_kept(memo, short) -> None:
    memo.cache_clear()
    memo(short)
    assert memo.cache_info().currsize == 1
    long = short + " " + "x" * 20_000
    first, again = memo(long), memo(long)
    assert memo.cache_info().currsize == 1  # the long argument left nothing behind
    assert type(first) is type(again)


@pytest.mark.parametrize(("memo", "short"), MEMOS)
def test_a_short_argument_is_remembered(memo, short) -> None:
    memo.cache_clear()
    first = memo(short)
    assert memo(short) is first
    assert memo.cache_info().hits == 1


@given(st.text(max_size=40), st.integers(min_value=0, max_value=40))
def test_remembered_or_not_the_result_is_the_function_s(text: str, longest: int) -> None:
    calls: list[str] = []

    def shout(value: str) -> str:
        calls.append(value)
        return value.upper()

    memo = remember_short(maxsize=8, longest=longest)(shout)
    assert memo(text) == memo(text) == text.upper()
    assert memo.__wrapped__ is shout
    assert len(calls) == (1 if len(text) <= longest else 2)
