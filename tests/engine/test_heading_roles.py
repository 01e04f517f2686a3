"""Each heading of a record is named once however many it has, and the memo that
remembers the names stays bounded across records (a language server reads record
after record)."""

from __future__ import annotations

import pytest

from assay.engine.reading import vocabulary
from assay.engine.reading.read import read
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.workspace.types import builtin_type
from assay.grammar.markdown.document import parse_document


def _record(headings: int, first: int = 0) -> str:
    parts = [f"### Part {n}\n\nThe part {n}.\n" for n in range(first, first + headings)]
    return "# 1. Many parts\n\n## Status\n\nAccepted\n\n## Context\n\n" + "\n".join(parts)


def _read(words: Vocabulary, text: str) -> None:
    document = parse_document(text.encode(), "docs/adr/0001-x.md").value
    assert document is not None
    read(document, text, words)


def test_a_records_headings_are_named_once_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """More headings than the memo keeps: the metadata's pass and the sections' pass
    still share one naming of each (it was cleared half-way and named them again)."""
    monkeypatch.setattr(vocabulary, "_REMEMBERED", 8)
    words = Vocabulary(builtin_type("adr"))
    named: list[str] = []
    role = Vocabulary._role

    def counted(self: Vocabulary, text: str) -> vocabulary.HeadingRole:
        named.append(text)
        return role(self, text)

    monkeypatch.setattr(Vocabulary, "_role", counted)
    _read(words, _record(40))
    assert len(named) == len(set(named))
    assert {f"Part {n}" for n in range(40)} <= set(named)


def test_the_memo_is_bounded_between_records(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vocabulary, "_REMEMBERED", 8)
    words = Vocabulary(builtin_type("adr"))
    for first in range(0, 200, 40):
        _read(words, _record(40, first))
        # at most the bound, and the headings of the record just read
        assert len(words._headings) <= 8 + 40 + 3
