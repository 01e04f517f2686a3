"""Counting the calls of one function: the tests that hold a cache to doing no work
again replace the function that does the work with one that notes each call."""

from __future__ import annotations

from collections.abc import Sized
from typing import Any

import pytest


def count_calls(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[int]:
    """Replace ``owner.name`` for the test; each call appends the length of its first
    argument (the specs or sources it was given) to the list returned."""
    real = getattr(owner, name)
    calls: list[int] = []

    def counted(first: Sized, *rest: Any, **named: Any) -> Any:
        calls.append(len(first))
        return real(first, *rest, **named)

    monkeypatch.setattr(owner, name, counted)
    return calls


def count_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the documents the workspace reader parses from now on, in order."""
    from assay.engine.workspace import loading

    parsed: list[str] = []
    real = loading.read_document

    def counting(data: bytes, path: str) -> Any:
        parsed.append(path)
        return real(data, path)

    monkeypatch.setattr(loading, "read_document", counting)
    return parsed
