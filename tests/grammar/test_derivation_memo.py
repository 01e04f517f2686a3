"""A process that reads document after document keeps a bounded number of derivations.

The derivation memo (one entry per token shape) grew with every new shape: 90 to 509 MB
over 84,000 documents in one process.  Counted in entries, and in the tokens and steps
they hold: one shape of a 1 MB document is ~100,000 tokens.
"""

from __future__ import annotations

import pytest

from assay.grammar.markdown import derivations
from assay.grammar.markdown.document import parse_document


def _shape(n: int) -> str:
    """A document whose token shape is its own: ``n`` in binary as headings and lists."""
    parts = ["# Title\n"]
    for bit in f"{n:b}":
        parts.append("## Part\n\ntext\n" if bit == "1" else "- item\n- item\n\n> quote\n")
    return "\n".join(parts)


def test_the_memo_stays_within_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(derivations, "_memo", {})
    monkeypatch.setattr(derivations, "_stored", {})
    monkeypatch.setattr(derivations, "_state", {"loaded": True, "new": 0})
    monkeypatch.setattr(derivations, "MEMO_BOUND", 8, raising=False)
    sizes = []
    for n in range(1, 40):
        assert parse_document(_shape(n), "doc.md").value is not None
        sizes.append(len(derivations._memo))
    assert max(sizes) <= 8
    assert len(set(derivations._memo)) == len(derivations._memo) == 8  # it was used


def test_a_forgotten_shape_is_derived_again_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(derivations, "_memo", {})
    monkeypatch.setattr(derivations, "_stored", {})
    monkeypatch.setattr(derivations, "_state", {"loaded": True, "new": 0})
    monkeypatch.setattr(derivations, "MEMO_BOUND", 2, raising=False)
    first = parse_document(_shape(5), "doc.md").value
    for n in range(6, 12):
        parse_document(_shape(n), "doc.md")
    assert parse_document(_shape(5), "doc.md").value == first


def test_the_memo_holds_a_bounded_number_of_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(derivations, "_memo", {})
    monkeypatch.setattr(derivations, "_stored", {})
    monkeypatch.setattr(derivations, "_state", {"loaded": True, "new": 0})
    monkeypatch.setattr(derivations, "MEMO_TOKENS", 2_000)
    monkeypatch.setattr(derivations, "MEMO_LONGEST", 500)
    held = []
    for n in range(1, 60):
        types = ("H1", *("RUN", "H2") * (5 * n), *("RUN",) * n)  # each shape its own, longer
        steps = derivations.derivation(types)
        assert steps == derivations.lark_derivation(types)
        held.append(sum(len(shape) + len(s) for shape, s in derivations._memo.items()))
    assert max(held) <= 2_000
    assert all(derivations._size(shape, s) <= 500 for shape, s in derivations._memo.items())
    assert derivations._memo  # it was used
    assert derivations._held["size"] == held[-1]


def test_a_shape_too_long_to_remember_is_derived_each_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(derivations, "_memo", {})
    monkeypatch.setattr(derivations, "_stored", {})
    monkeypatch.setattr(derivations, "_state", {"loaded": True, "new": 0})
    text = "## Status\n\nAccepted\n" * (derivations.MEMO_LONGEST // 2)
    first = parse_document(text, "doc.md").value
    assert derivations._memo == {}
    assert parse_document(text, "doc.md").value == first
