"""Any bytes read as reStructuredText: no exception, every span inside the file and
agreeing with its lines and columns, and time linear in the input."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from assay.grammar.reader import read_document
from assay.spec.source import Span
from tests.cost import assert_linear

_PIECES = st.sampled_from(
    [
        "Title\n", "=====\n", "-----\n", "\n", "  ", "\t", ":Status: ", "Accepted\n",
        "`x <y.rst>`_", "`N`_", "`a`__", "__ https://z\n", ".. _N: u\n", ".. ", "::\n",
        "- ", "#. ", "| ", "+--+--+\n", "|a |b |\n", "====  ====\n", ":doc:`0002-x`",
        ".. note::\n", ".. include:: x\n", ".. code-block:: py\n", "   ", "\r\n", "\r",
        "\u2028", "\x0c", "é", "😀", "**", "``", "\\", ".. assay: disable-file LNK001\n",
    ]
)  # fmt: skip


def _spans(value: object, found: list[Span]) -> None:
    if isinstance(value, Span):
        found.append(value)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _spans(item, found)
    elif hasattr(value, "__attrs_attrs__"):
        for attribute in value.__attrs_attrs__:  # type: ignore[attr-defined]
            _spans(getattr(value, attribute.name), found)


def _check(raw: bytes) -> None:
    parsed, locator = read_document(raw, "docs/decisions/0001-x.rst")
    if parsed.value is None:
        assert [d.code for d in parsed.diagnostics] == ["DOC001"]
        return
    assert locator is not None
    spans: list[Span] = []
    _spans(parsed.value, spans)
    _spans([d.span for d in parsed.diagnostics if d.span is not None], spans)
    text, starts = locator.text, locator.line_starts
    for span in spans:
        assert 0 <= span.start <= span.end <= len(raw)
        begin = starts[span.line - 1] + span.column - 1
        end = starts[span.end_line - 1] + span.end_column - 1
        assert begin <= end <= len(text)
        assert locator.byte_offset(begin) == span.start
        assert locator.byte_offset(end) == span.end


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes(raw: bytes) -> None:
    """Arbitrary bytes never raise; spans stay in the file and agree with lines."""
    _check(raw)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=60))
def test_markup_soup(pieces: list[str]) -> None:
    """Pieces of rst markup in any order never raise; spans agree with lines."""
    _check("".join(pieces).encode("utf-8"))


RECORD = (
    "Title {n}\n=========\n\n:Status: Accepted\n\nContext\n-------\n\n"
    "See `docs <https://e.org/{n}>`_ and `N{n}`_ and :doc:`000{n}-x`.\n\n"
    ".. _N{n}: https://n.org/{n}\n\n- a\n- b\n\n\tcode::\n\n\t\tx = {n}\n\n"
)


def test_time_is_linear() -> None:
    """Sixteen times the sections cost about sixteen times as much, not 256."""

    def work(size: int) -> object:
        raw = "".join(RECORD.format(n=n) for n in range(size)).encode()
        return lambda: read_document(raw, "docs/decisions/0001-x.rst")

    assert_linear(work, 8, repeat=2, rounds=3)


def test_long_line_is_linear() -> None:
    """One paragraph line of many links costs time linear in its length."""

    def work(size: int) -> object:
        raw = ("T\n=\n\n" + " ".join(f"`l{n} <u{n}.rst>`_" for n in range(size)) + "\n").encode()
        return lambda: read_document(raw, "a.rst")

    assert_linear(work, 50, repeat=2, rounds=3)
