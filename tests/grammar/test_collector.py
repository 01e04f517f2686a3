"""Reading holds the cyclic collector off, and leaves it as it found it."""

from __future__ import annotations

import gc

import pytest

from assay import parse_document
from assay.grammar.collector import collector_paused


def test_the_collector_is_off_while_reading_and_on_after(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    real = gc.disable

    def disable() -> None:
        real()
        seen.append(gc.isenabled())

    assert gc.isenabled()
    with monkeypatch.context() as patch:
        patch.setattr(gc, "disable", disable)
        assert parse_document("# A\n\n## Status\n\nAccepted\n", "a.md").value is not None
    assert seen == [False]
    assert gc.isenabled()


def test_a_pause_nests_and_never_turns_on_a_collector_turned_off() -> None:
    with collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # only the outer pause ends it
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_collector_comes_back_when_reading_fails() -> None:
    try:
        with collector_paused():
            raise ValueError
    except ValueError:
        pass
    assert gc.isenabled()
