"""``json_text`` writes exactly what ``escape_json(json.dumps(value, indent=2,
ensure_ascii=False))`` writes, for any JSON-like value: the report formats rely on it
for byte-identical output (their snapshots say so for a few values; this for all)."""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from assay.cli.formats import json_text
from assay.cli.names import escape_json

#: Any code point, lone surrogates, controls, DEL, C1 and bidi controls included.
TEXT = st.text(st.characters(codec=None, categories=None), max_size=12) | st.sampled_from(
    ["", "\x00", "\x1f\x7f\x85\x9f", "\ud800", "\udcff", "\u202e\u2066", "é\U0001f600", '"\\/']
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | TEXT
)
KEYS = TEXT | st.integers() | st.floats() | st.booleans() | st.none()
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(KEYS, inner, max_size=4)
    ),
    max_leaves=25,
)


def _dumps(value: Any) -> str:
    return escape_json(json.dumps(value, indent=2, ensure_ascii=False))


@given(VALUES)
@example({})
@example([[], {}, [{}], {"a": []}])
@example({"a": {"b": [1, 2.5, None, True, "x"]}, "c": "\ud800\x7f"})
@example([math.nan, math.inf, -math.inf, -0.0, 1e300])
@example({7: "int key", 2.5: "float key", True: "bool key", None: "null key"})
def test_any_value_is_written_as_json_dumps_writes_it(value: Any) -> None:
    assert json_text.value(value) == _dumps(value)


@given(VALUES, st.integers(min_value=0, max_value=6))
def test_a_value_written_deeper_is_json_dumps_text_indented(value: Any, level: int) -> None:
    """What a format splices into a larger document: the value's own text, each line
    after the first indented by its level."""
    newline = "\n" + json_text.STEP * level
    assert json_text.value(value, newline) == _dumps(value).replace("\n", newline)


@given(TEXT)
def test_a_string_is_json_dumps_string(text: str) -> None:
    assert json_text.string(text) == _dumps(text)


@given(st.integers() | st.floats() | st.booleans())
def test_a_number_is_json_dumps_number(n: int | float) -> None:
    assert json_text.number(n) == json.dumps(n)


def test_a_value_json_cannot_write_is_refused_as_json_refuses_it() -> None:
    for bad in ({"a": {1, 2}}, {(1, 2): "tuple key"}):
        try:
            json.dumps(bad)
        except TypeError:
            pass
        else:  # pragma: no cover - json.dumps refuses both
            raise AssertionError
        try:
            json_text.value(bad)
        except TypeError:
            continue
        raise AssertionError(f"{bad!r} was written")
