"""Reading an agent's output against the result schema: never raises, whatever the
bytes; unknown fields are listed and prove nothing; counters are complete or not."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.evidence.outcome import correctness, read_output
from assay.spec.evaluation import ResultSchemaDecl
from assay.spec.source import Span

SPAN = Span(start=0, end=0, line=1, column=1, end_line=1, end_column=1)
SCHEMA = ResultSchemaDecl(
    name="r",
    version=1,
    answer="answer",
    fields=("why",),
    counters=("tokens",),
    span=SPAN,
    name_span=SPAN,
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(st.binary(max_size=300))
def test_any_bytes_are_read_without_raising(data: bytes) -> None:
    """Arbitrary output gives an answer or a problem, never both missing, never a crash."""
    reading = read_output(data, SCHEMA)
    assert (reading.answer is None) == (reading.problem is not None)


@given(st.dictionaries(st.text(max_size=10), JSON, max_size=6))
def test_unknown_fields_are_exactly_the_undeclared_keys(value: dict[str, object]) -> None:
    """Every key but answer, why and tokens is unknown; sorted; nothing else is."""
    reading = read_output(json.dumps(value).encode(), SCHEMA)
    assert reading.unknown_fields == tuple(sorted(set(value) - {"answer", "why", "tokens"}))
    [counter] = reading.counters
    tokens = value.get("tokens")
    # Past 2**53 a count times a rate is no longer exact, and past ~1e308 no float.
    whole = isinstance(tokens, int) and not isinstance(tokens, bool) and 0 <= tokens <= 2**53
    assert counter.complete == whole and (
        counter.value == tokens if whole else counter.value is None
    )


@pytest.mark.parametrize(
    ("output", "answer", "problem"),
    [
        (b'{"answer": "5"}', "5", None),
        (b'{"answer": 5}', None, "must hold text (got JSON number)"),  # the guide's rule
        (b'{"answer": 5.0}', None, "must hold text (got JSON number)"),
        (b'{"answer": null}', None, "must hold text (got JSON null)"),
        (b'{"answer": ["5"]}', None, "must hold text (got JSON array)"),
        (b'{"answer": true}', None, "must hold text (got JSON true/false)"),
        (b'{"why": "x"}', None, "must hold text (got nothing)"),
        (b"[1]", None, "JSON array, not an object"),
        (b"five", None, "not JSON"),
        (b"\xff", None, "not UTF-8 (byte 0)"),
    ],
)
def test_output_cases(output: bytes, answer: str | None, problem: str | None) -> None:
    """What each output reads as, and the sentence a malformed one gets."""
    reading = read_output(output, SCHEMA)
    assert reading.answer == answer
    assert (reading.problem or "").endswith(problem or "") or problem in (reading.problem or "")


def test_correctness_against_the_key() -> None:
    """Whitespace around an answer does not matter; no answer or no key is unknown."""
    assert correctness(" 5\n", "5") == "correct"
    assert correctness("6", "5") == "wrong"
    assert correctness(None, "5") == correctness("5", None) == "unknown"
