"""Reading holds the cyclic collector off, and leaves it as it found it."""

from __future__ import annotations

import gc

import pytest

from assay import parse_document
from assay.grammar.collector import collector_paused, collector_settled


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


def test_settled_objects_are_out_of_the_collectors_sight_until_the_block_ends() -> None:
    """Inside, what lived on entry is frozen; after, it is collectable again."""
    if gc.get_freeze_count():  # pragma: no cover - another test froze objects
        gc.unfreeze()
    with collector_settled():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


def test_a_caller_that_froze_objects_keeps_them_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    """A caller's own freeze (the language server's) is neither redone nor thawed.

    The calls are watched rather than the freeze count compared: a frozen object that
    another thread lets go of (pytest-xdist's channel) lowers the count at any moment.
    """
    calls: list[str] = []
    real_freeze, real_unfreeze = gc.freeze, gc.unfreeze
    gc.freeze()
    try:
        monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
        monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
        with collector_settled():
            assert gc.get_freeze_count() > 0
        assert gc.get_freeze_count() > 0
        assert calls == []
    finally:
        monkeypatch.undo()
        real_unfreeze()
    assert gc.freeze is real_freeze
