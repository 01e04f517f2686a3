"""A process that reads document after document keeps a bounded number of derivations.

The derivation memo (one entry per token shape) grew with every new shape: 90 to 509 MB
over 84,000 documents in one process.  Counted in entries, not bytes.
"""

from __future__ import annotations

import pytest

from assay.grammar import derivations
from assay.grammar.document import parse_document


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
