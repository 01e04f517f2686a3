"""`Span`, the place of every model: built by a hand-written `__init__` (the reader
makes a hundred a document), it must stay the frozen attrs value it was."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.spec.source import Span

FIELDS = ("start", "end", "line", "column", "end_line", "end_column")


# Storing six integers has no corner a hundred draws miss.
@settings(max_examples=min(settings().max_examples, 100))
@given(st.tuples(*[st.integers()] * 6))
def test_every_field_is_the_argument_given_for_it(values: tuple[int, ...]) -> None:
    span = Span(*values)
    assert tuple(getattr(span, name) for name in FIELDS) == values
    assert span == Span(**dict(zip(FIELDS, values, strict=True)))
    assert hash(span) == hash(Span(*values))
    assert pickle.loads(pickle.dumps(span)) == span
    assert attrs.astuple(span) == values


def test_a_span_is_a_frozen_attrs_class() -> None:
    span = Span(0, 4, 1, 1, 1, 5)
    assert tuple(f.name for f in attrs.fields(Span)) == FIELDS
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        span.start = 1  # type: ignore[misc]
    assert attrs.evolve(span, end=9) == Span(0, 9, 1, 1, 1, 5)
    assert repr(span) == "Span(start=0, end=4, line=1, column=1, end_line=1, end_column=5)"
    assert Span.point(3, 2, 1) == Span(3, 3, 2, 1, 2, 1)
    with pytest.raises(TypeError):
        Span(0, 4, 1, 1, 1)  # type: ignore[call-arg]
