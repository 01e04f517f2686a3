"""Text an editor holds, checked as the workspace's: ``Workspace.with_unsaved`` and
``open_workspace(unsaved=...)``. The text is the check's own value, not a side
channel: a check of it gives what a check of the same bytes on disk gives, whether it
reports one file or all of them, and keeps nothing in the store, whose entries are
keyed by the files as they are on disk."""

from __future__ import annotations

import sqlite3
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assay.engine.cache.keys import store_path
from assay.engine.cache.store import Store
from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.engine.workspace.loading import open_workspace
from tests.examples_copy import example_repository

#: A record no declaration pins: pins are verified against the files as saved (a pin
#: is about the bytes on disk), so a pinned record's unsaved text would differ there.
RECORD = "docs/adr/0008-archive-closed-accounts.md"
NEW = "docs/adr/0042-a-record-not-saved-yet.md"
WAIT = 120  # a hang guard, never a time limit

#: Edits an editor might hold: a status typo, a section gone, a broken link, a number
#: taken, any text at all.
_EDITS = st.one_of(
    st.just(lambda t: t.replace("* Status: Proposed", "* Status: Acceptd")),
    st.just(lambda t: t.replace("## Decision", "## Aftermath")),
    st.just(lambda t: t + "\nSee [the plan](plan-that-is-not-there.md).\n"),
    st.just(lambda t: t.replace("# 8.", "# 1.", 1)),
    st.text(max_size=300).map(lambda s: lambda t: s),
)


def _on_disk(root: Path, path: str, text: str, tmp: Path) -> Path:
    """A copy of the workspace at ``root`` whose ``path`` holds ``text``, saved."""
    copy = example_repository(tmp / "saved")
    (copy / path).write_text(text, encoding="utf-8")
    return copy


def _kept(root: Path) -> list[tuple[object, ...]]:
    """Every row of both tables of the workspace's store, as another process sees it."""
    path = store_path(root)
    assert path is not None
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [
            *connection.execute("SELECT * FROM entry ORDER BY kind, key"),
            *connection.execute("SELECT * FROM entry_value ORDER BY kind, key"),
        ]
    finally:
        connection.close()


def _moved(report: object, here: Path, there: Path) -> str:
    return repr(report).replace(str(there), str(here))


@pytest.fixture(scope="module")
def warm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example workspace, its store warm."""
    return example_repository(tmp_path_factory.mktemp("warm") / "examples")


@settings(
    max_examples=min(settings().max_examples, 25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(edit=_EDITS, scoped=st.booleans())
def test_unsaved_text_is_checked_as_the_same_bytes_on_disk_and_never_kept(
    warm: Path, monkeypatch: pytest.MonkeyPatch, edit: object, scoped: bool
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(warm.parent / "cache"))
    monkeypatch.delenv("ASSAY_NO_CACHE", raising=False)
    config = load_config(warm)
    saved = check(config)  # the store warm, the file as saved
    text = edit((warm / RECORD).read_text("utf-8"))  # type: ignore[operator]
    store = Store.open(warm)
    assert store is not None
    try:
        before = _kept(warm)
        paths = [RECORD] if scoped else None
        held = open_workspace(config, store=store).with_unsaved({RECORD: text})
        found = check(config, paths=paths, workspace=held, store=store)
        assert _kept(warm) == before  # nothing kept of the text
    finally:
        store.close()
    with tempfile.TemporaryDirectory() as tmp:
        copy = _on_disk(warm, RECORD, text, Path(tmp))
        expected = check(load_config(copy), paths=paths, cache=False)
        assert repr(found) == _moved(expected, warm, copy)
    assert check(config) == saved  # the file as saved, warm, is still the saved file's


def test_a_record_not_saved_yet_is_found_and_checked_where_it_would_be(
    tmp_path: Path, cache_home: Path
) -> None:
    root = example_repository(tmp_path / "examples")
    text = (root / RECORD).read_text("utf-8").replace("# 8.", "# 42.", 1)
    config = load_config(root)
    held = open_workspace(config, cache=True, unsaved={NEW: text})
    assert any(c.path == NEW for c in held.discovery.documents)
    found = check(config, paths=[NEW], workspace=held)
    assert not (root / NEW).exists()
    copy = _on_disk(root, NEW, text, tmp_path)
    assert repr(found) == _moved(check(load_config(copy), paths=[NEW], cache=False), root, copy)


def test_a_check_of_unsaved_text_beside_a_check_of_the_disk(
    tmp_path: Path, cache_home: Path
) -> None:
    """Two checks at once in one process, one of text an editor holds and one of the
    files as saved: each gives what it gives alone (the text is the one check's)."""
    root = example_repository(tmp_path / "examples")
    config = load_config(root)
    typo = (root / RECORD).read_text("utf-8").replace("* Status: Proposed", "* Status: Acceptd")
    alone_saved = check(config, cache=False)
    alone_held = check(
        config, workspace=open_workspace(config).with_unsaved({RECORD: typo}), cache=False
    )
    assert alone_saved != alone_held
    start = threading.Barrier(2)
    found: dict[str, object] = {}

    def run(name: str) -> None:
        start.wait(WAIT)
        try:
            if name == "held":
                workspace = open_workspace(config, cache=True).with_unsaved({RECORD: typo})
                found[name] = check(config, workspace=workspace)
            else:
                found[name] = check(config)
        except BaseException as error:  # shown by the assertion below
            found[name] = error

    threads = [threading.Thread(target=run, args=(n,)) for n in ("held", "saved")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    assert not any(t.is_alive() for t in threads), "a check hung"
    assert found == {"held": alone_held, "saved": alone_saved}


@pytest.mark.parametrize(
    "path", ["../outside.md", "/docs/adr/0042-x.md", "docs//adr/x.md", "./x.md", ""]
)
def test_a_held_path_that_is_no_workspace_file_is_not_listed(
    tmp_path: Path, cache_home: Path, path: str
) -> None:
    root = example_repository(tmp_path / "examples")
    held = open_workspace(load_config(root), unsaved={path: "# 42. Outside\n"})
    assert path not in held.discovery.files
    assert all(c.path != path for c in held.discovery.documents)
