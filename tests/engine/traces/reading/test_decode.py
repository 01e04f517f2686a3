"""``entry_object`` takes a line that starts an object through ``json``'s C scanner
directly: for any line it must give what ``json.loads`` of the line's text gives —
the same object, or a diagnostic exactly where ``json.loads`` refuses it."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from assay.engine.traces.reading.decode import entry_object
from assay.engine.traces.reading.stream import Line
from assay.spec.diagnostics import Diagnostic

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
#: Objects as JSON text, then cut, padded or followed by more: where the scanner stops
#: early, or stops before the end of the text, ``json.loads`` must decide.
_OBJECTS = st.dictionaries(st.text(max_size=8), _JSON, max_size=5).map(json.dumps)
_TAILS = st.sampled_from(["", " ", "\r", "\t \r", " x", ",", "}", "{}", "\x0c", "\u00a0"])
_LINES = st.one_of(
    st.tuples(_OBJECTS, _TAILS).map("".join),
    st.tuples(_OBJECTS, st.integers(0, 40)).map(lambda cut: cut[0][: cut[1]]),
    st.text(max_size=40),
)


def _loaded(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        return type(error)


@given(_LINES)
@example('{"a": 1}  ')
@example('{"a": 1} 2')
@example('{"a": NaN}')
@example('\ufeff{"a": 1}')
@example('{"a": 1}\u00a0')
def test_an_entry_is_what_json_loads_reads(text: str) -> None:
    data = text.encode("utf-8")
    found = entry_object(Line(1, 0, data, len(data), True), "s.jsonl")
    expected = _loaded(text)
    if isinstance(expected, dict):
        assert found == expected
        assert json.dumps(found) == json.dumps(expected)  # the same order, the same floats
    else:
        assert isinstance(found, Diagnostic)
