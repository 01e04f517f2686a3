"""A spec's `format pattern` runs on RE2: whole-value matches, linear in the value.

Python's backtracking `re` took exponential time on `(a+)+$` against `aaa…ab`; RE2
cannot.  Linearity is judged by the ratio of two sizes in one run (``tests/cost.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import re2
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.grammar import user_patterns
from assay.grammar.pattern_errors import Refusal
from assay.grammar.user_patterns import CACHE_SIZE, compiled, fullmatches
from tests.cost import assert_linear

HOSTILE = "(a+)+$"


def _hostile(size: int) -> str:
    return "a" * (size - 1) + "b"


def test_a_hostile_value_costs_time_linear_in_its_length() -> None:
    """12,500 against 100,000 characters: backtracking never finishes the small one."""
    assert_linear(lambda n: lambda: fullmatches(HOSTILE, _hostile(n)), 12_500, repeat=3)


def test_a_hostile_value_of_a_few_characters_already_shows_backtracking() -> None:
    """At 2 and 16 characters backtracking costs 2**16 steps against 2**2; RE2 about the
    same at both (this one fails in seconds, not never, when the engine backtracks)."""
    assert_linear(lambda n: lambda: fullmatches(HOSTILE, _hostile(n)), 2, repeat=200)


def test_the_check_reports_a_hostile_value_of_100_000_characters(tmp_path: Path) -> None:
    """FLD003 through the whole run: the spec's pattern against a crafted ticket."""
    (tmp_path / "assay.toml").write_text('specs = ["t.assay"]\n')
    (tmp_path / "t.assay").write_text(
        'type t {\n  files "docs/*.md"\n  field "Ticket" optional'
        f' {{ format pattern "{HOSTILE}" }}\n}}\n'
    )
    (tmp_path / "docs").mkdir()
    record = f"# 1. Use RE2\n\n* Ticket: {_hostile(100_000)}\n\n## Context\n\nText.\n"
    (tmp_path / "docs" / "0001-a.md").write_text(record)
    result = check(load_config(tmp_path))
    assert [(d.code, d.span.line) for d in result.diagnostics if d.code == "FLD003"] == [
        ("FLD003", 3)
    ]


def test_each_pattern_is_compiled_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = re2.compile

    def counting(pattern: str, options: re2.Options | None = None) -> object:
        calls.append(pattern)
        return real(pattern, options)

    compiled.cache_clear()
    monkeypatch.setattr(user_patterns.re2, "compile", counting)
    results = [fullmatches(r"[A-Z]+-\d+", f"ADR-{i}") for i in range(100)]
    assert results == [True] * 100
    assert calls == [r"[A-Z]+-\d+"]


def test_the_cache_of_compiled_patterns_is_bounded() -> None:
    compiled.cache_clear()
    for i in range(CACHE_SIZE + 50):
        assert fullmatches(f"x{i}", f"x{i}")
    assert compiled.cache_info().currsize == CACHE_SIZE


def test_perl_classes_are_ascii_as_documented() -> None:
    """`\\d` is `[0-9]`: an Arabic-Indic three is no digit; `\\p{Nd}` names any script's."""
    assert fullmatches(r"\d+", "123")
    assert not fullmatches(r"\d+", "\u0663")
    assert fullmatches(r"\p{Nd}+", "\u0663")
    assert not fullmatches(r"\w+", "é")
    assert fullmatches(r"\pL+", "é")


def test_a_refused_pattern_matches_nothing_and_says_why() -> None:
    refused = compiled(r"(a)\1")
    assert isinstance(refused, Refusal)
    assert refused.at == 3
    assert fullmatches(r"(a)\1", "aa") is None


@given(st.text(st.characters(codec="utf-8"), max_size=20) | st.just("\udcff"))
def test_any_value_is_judged_without_error(value: str) -> None:
    """Undecodable bytes (surrogate escapes) in a value match no class but do not crash."""
    assert isinstance(fullmatches(".*", value), bool)


# ---- RE2 agrees with `re` on the patterns both read alike ------------------------------

_ALPHABET = "ab-"
_ATOMS = st.one_of(
    st.sampled_from(["a", "b", "-", ".", r"\d", r"\w", "[ab]", "[a-c]", "[^a]", "[-a]", r"\."]),
)


def _patterns() -> st.SearchStrategy[str]:
    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            # A repeat of a group: `a**` is refused by both, not read alike.
            st.tuples(inner, st.sampled_from(["*", "+", "?", "*?", "{2}", "{1,3}"])).map(
                lambda t: f"(?:{t[0]}){t[1]}"
            ),
            st.lists(inner, min_size=2, max_size=3).map("".join),
            st.lists(inner, min_size=2, max_size=3).map("|".join),
            inner.map("({})".format),
            inner.map("(?:{})".format),
        )

    return st.recursive(_ATOMS, extend, max_leaves=8)


@given(_patterns(), st.text(st.characters(codec="ascii"), max_size=12) | st.text(_ALPHABET))
def test_re2_fullmatch_agrees_with_python_re(pattern: str, value: str) -> None:
    """Literals, classes, repeats, alternation and groups: the same verdict on ASCII."""
    assert fullmatches(pattern, value) == (re.fullmatch(pattern, value) is not None)
