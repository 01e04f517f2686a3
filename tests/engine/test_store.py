"""The store on its own: whatever the keys (any file name, undecodable bytes
included), stamps and values, what a run keeps is what the next run gets, under its
settings and stamp only; a dropped key is gone; nothing raises."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.engine.cache.store import DOCUMENT, RUN, Store

#: A file name as discovery gives it: any bytes but NUL and "/", decoded as the
#: file system decodes them (undecodable bytes become lone surrogates).
NAMES = st.binary(min_size=1, max_size=24).map(
    lambda raw: os.fsdecode(raw.replace(b"\0", b"_").replace(b"/", b"_"))
)
BLOB_IDS = st.text(alphabet="0123456789abcdef", min_size=40, max_size=40)
FILE_STAMPS = st.tuples(st.integers(0, 2**40), st.integers(0, 2**63), st.integers(0, 2**40))
STAMPS = st.one_of(BLOB_IDS, FILE_STAMPS)
VALUES = st.one_of(st.integers(), st.text(), st.tuples(st.text(), st.binary()))


@contextmanager
def fresh_store() -> Iterator[Store]:
    """A store of its own, in a cache folder of its own."""
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(Path(folder) / "cache"))
        patch.delenv("ASSAY_NO_CACHE", raising=False)
        opened = Store.open(Path(folder) / "workspace")
        assert opened is not None
        try:
            yield opened
        finally:
            opened.close()


@settings(deadline=None, max_examples=60)
@given(st.dictionaries(NAMES, st.tuples(STAMPS, VALUES), min_size=1, max_size=12), st.data())
def test_what_a_run_keeps_the_next_gets_under_its_settings_and_stamp(
    kept: dict[str, tuple[object, object]], data: st.DataObject
) -> None:
    with fresh_store() as store:
        _keep_and_get(store, kept, data)


def _keep_and_get(
    store: Store, kept: dict[str, tuple[object, object]], data: st.DataObject
) -> None:
    with store.writing():
        for name, (stamp, value) in kept.items():
            store.put(DOCUMENT, name, "settings", value, stamp=stamp, mentions=(name,))
    for name, (stamp, value) in kept.items():
        assert store.value(DOCUMENT, name, "settings", stamp) == value
        assert store.value(DOCUMENT, name, "other settings", stamp) is None
        assert store.value(RUN, name, "settings", stamp) is None
        assert store.value(DOCUMENT, name, "settings", (stamp, "changed")) is None
    assert set(store.held(DOCUMENT, "settings")) == set(kept)
    assert set(store.rows("settings")) == set(kept)
    gone = data.draw(st.sets(st.sampled_from(sorted(kept))))
    with store.writing():
        store.drop(DOCUMENT, gone)
    assert set(store.held(DOCUMENT, "settings")) == set(kept) - gone


def test_nothing_is_kept_after_a_discard() -> None:
    with fresh_store() as store:
        with pytest.raises(KeyboardInterrupt), store.writing():
            store.put(DOCUMENT, "b.md", "s", 2, stamp="x")
            raise KeyboardInterrupt
        assert store.held(DOCUMENT, "s") == {}
        with store.writing():
            store.put(DOCUMENT, "c.md", "s", 3, stamp="x")
        assert set(store.held(DOCUMENT, "s")) == {"c.md"}  # and a later run still keeps


def test_a_home_where_no_store_can_be_made_is_a_cold_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.delenv("ASSAY_NO_CACHE", raising=False)
    assert Store.open(tmp_path / "workspace") is None
