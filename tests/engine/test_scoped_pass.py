"""The scoped pass: a run limited to a few files, with a warm store, reads only those
files and the changed ones, and reports exactly what a cold run reports."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from assay.engine.cache import keys
from assay.engine.runner import scoped_pass
from assay.engine.runner.result import RunResult
from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from tests.counting import count_parses
from tests.store_rows import store_rows

ADR = "docs/adr"


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the documents parsed from now on."""
    return count_parses(monkeypatch)


def _write(path: Path, text: str) -> None:
    """Write a file so that its size or modification time surely changes."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if before:
        os.utime(path, ns=(before + 10**9, before + 10**9))


def _record(root: Path, number: int) -> Path:
    return next((root / ADR).glob(f"{number:04d}-*.md"))


def _both(root: Path, *paths: str) -> tuple[RunResult, RunResult]:
    """The same run with the warm cache and without any cache."""
    config = load_config(root)
    return check(config, paths=list(paths)), check(config, paths=list(paths), cache=False)


def _edited(root: Path, number: int) -> Path:
    """The record numbered so, with a line added (its stamp surely changes)."""
    record = _record(root, number)
    _write(record, record.read_text() + "\nMore.\n")
    return record


def _scoped(root: Path, number: int) -> str:
    return _record(root, number).relative_to(root).as_posix()


def test_every_record_alone_is_reported_as_a_cold_run_reports_it(
    cache_home: Path, workspace: Path, parsed: list[str]
) -> None:
    check(load_config(workspace), paths=[_scoped(workspace, 1)], cache=False)
    everything = len(parsed)  # a cold run reads every document: records and run files
    check(load_config(workspace))  # fills the store
    assert _rows(workspace)
    for record in sorted((workspace / ADR).glob("*.md")):
        path = record.relative_to(workspace).as_posix()
        parsed.clear()
        warm, cold = _both(workspace, path)
        assert warm == cold, path
        # warm: this one record; cold: every document
        assert parsed[: len(parsed) - everything] == [path]
    # The relation and number checks do have something to say here.
    codes = {
        d.code for d in check(load_config(workspace), paths=[_scoped(workspace, 5)]).diagnostics
    }
    assert "LNK003" in codes


def test_a_scoped_run_without_a_store_fills_it(cache_home: Path, workspace: Path) -> None:
    path = _scoped(workspace, 2)
    warm, cold = _both(workspace, path)  # no store yet: a full run, which fills it
    assert warm == cold
    assert _rows(workspace)


def test_a_changed_record_is_read_again_and_its_facts_count(
    cache_home: Path, workspace: Path, parsed: list[str]
) -> None:
    """0003 now says it supersedes 0002, which is still accepted: FLD008 in 0002 and
    LNK003 in 0003 (pointing at 0002), both reported by a run limited to 0002,
    although 0003 is not among the files given."""
    check(load_config(workspace))
    other, target = _record(workspace, 3), _record(workspace, 2)
    text = other.read_text()
    _write(other, text.replace("- Date:", f"- Supersedes: [ADR 2]({target.name})\n- Date:", 1))
    parsed.clear()
    config = load_config(workspace)
    warm = check(config, paths=[_scoped(workspace, 2)])
    assert sorted(parsed) == sorted([_scoped(workspace, 2), _scoped(workspace, 3)])
    assert warm == check(config, paths=[_scoped(workspace, 2)], cache=False)
    assert {(d.code, d.path) for d in warm.diagnostics} >= {
        ("FLD008", _scoped(workspace, 2)),
        ("LNK003", _scoped(workspace, 3)),
    }


def test_a_deleted_or_added_record_changes_what_is_reported(
    cache_home: Path, workspace: Path
) -> None:
    check(load_config(workspace))
    path = _scoped(workspace, 5)
    before, _ = _both(workspace, path)
    # 0006 says it supersedes 0005; without it, 0005's "superseded by" is one-sided
    # in another way, and the warm run must not remember 0006.
    _record(workspace, 6).unlink()
    warm, cold = _both(workspace, path)
    assert warm == cold
    assert warm != before
    # A new record numbered 5 in the same folder: a duplicate number, found in the new
    # record and naming the one reported.
    _write(workspace / ADR / "0005-another-five.md", "# 5. Another five\n\nStatus: Accepted\n")
    warm, cold = _both(workspace, path)
    assert warm == cold
    assert any(d.code == "DOC009" for d in warm.diagnostics)


def test_a_directive_in_an_unread_record_still_silences_its_finding(
    cache_home: Path, workspace: Path
) -> None:
    """A finding in another record that points at the reported one is reported; that
    record's own directive silences it — read from the summary, not the file."""
    older, newer = _record(workspace, 1), _record(workspace, 2)
    _write(older, "# 1. Old\n\nStatus: Superseded by [ADR 2](" + newer.name + ")\n")
    _write(newer, "# 2. New\n\nStatus: Accepted\n")
    check(load_config(workspace))
    path = _scoped(workspace, 2)
    warm, cold = _both(workspace, path)
    assert warm == cold
    assert [d.code for d in warm.diagnostics if d.path.endswith(older.name)] == ["LNK003"]
    _write(
        older,
        "# 1. Old\n\nStatus: Superseded by [ADR 2](" + newer.name + ")"
        " <!-- assay: disable-line LNK003 -- kept one-sided -->\n",
    )
    check(load_config(workspace))  # 0001 is in the summary again, with its directive
    warm, cold = _both(workspace, path)
    assert warm == cold
    assert not [d for d in warm.diagnostics if d.path.endswith(older.name)]


def test_a_scoped_run_keeps_only_the_rows_that_changed(cache_home: Path, workspace: Path) -> None:
    """Record 4 changed: a run reporting record 2 reads both and keeps record 4's new
    row; every other row stays as it was (record 2's too: its file did not change)."""
    check(load_config(workspace))
    before = _rows(workspace)
    _edited(workspace, 4)
    warm, cold = _both(workspace, _scoped(workspace, 2))
    assert warm == cold
    after = _rows(workspace)
    changed = {row[1] for row in before ^ after}
    assert changed == {_scoped(workspace, 4)}


def test_a_broken_store_is_read_past(cache_home: Path, workspace: Path) -> None:
    check(load_config(workspace))
    _edited(workspace, 4)
    where = keys.store_path(workspace)
    assert where is not None
    where.write_bytes(b"SQLite format 3\x00 and then nothing of the kind")
    warm, cold = _both(workspace, _scoped(workspace, 4))
    assert warm == cold


def test_too_many_changes_run_in_full(
    cache_home: Path, workspace: Path, parsed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check(load_config(workspace))
    monkeypatch.setattr(scoped_pass, "SCOPED_READS", 1)
    _edited(workspace, 4)
    parsed.clear()
    warm = check(load_config(workspace), paths=[_scoped(workspace, 2)])
    assert len(parsed) == 1 and parsed == [_scoped(workspace, 4)]  # from the check cache
    assert warm == check(load_config(workspace), paths=[_scoped(workspace, 2)], cache=False)


def _rows(root: Path) -> set[tuple[object, ...]]:
    where = keys.store_path(root)
    assert where is not None
    return store_rows(where)


def test_a_full_warm_run_writes_nothing_when_nothing_changed(
    cache_home: Path, workspace: Path
) -> None:
    check(load_config(workspace))
    where = keys.store_path(workspace)
    assert where is not None
    before = _rows(workspace)
    stamp = where.stat().st_mtime_ns, where.with_name(where.name + "-wal").exists()
    assert check(load_config(workspace)) == check(load_config(workspace), cache=False)
    assert _rows(workspace) == before
    assert (where.stat().st_mtime_ns, where.with_name(where.name + "-wal").exists()) == stamp
    _edited(workspace, 4)
    assert check(load_config(workspace)) == check(load_config(workspace), cache=False)
    assert {row[1] for row in before ^ _rows(workspace)} == {_scoped(workspace, 4)}
