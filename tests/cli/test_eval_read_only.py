"""Reading never writes: `eval summary` (and the API's readers) open the store
read-only, and refuse a file that is not a store (EVL011) leaving its bytes and mtime
as they were, an empty file too (it used to become a store)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from assay.api import evaluation
from assay.engine.evidence.codes import EvidenceError
from tests.cli.test_eval_command import _assay, _example


def _state(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns


@pytest.mark.parametrize("content", [b"", b"these are notes, not a database\n"])
def test_summary_refuses_a_file_that_is_not_a_store_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    db = tmp_path / "EMPTY"
    db.write_bytes(content)
    os.utime(db, ns=(1_000_000_000, 1_000_000_000))
    before = _state(db)
    code, out, err = _assay(tmp_path, "eval summary --db EMPTY", monkeypatch)
    assert (code, out) == (2, "")
    assert "EVL011" in err
    assert _state(db) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["EMPTY"]
    for read in (evaluation.attempts, evaluation.assessments, evaluation.summarize_store):
        with pytest.raises(EvidenceError) as refused:
            read(db)
        assert [d.code for d in refused.value.diagnostics] == ["EVL011"]
    assert _state(db) == before


def test_summary_of_a_store_leaves_its_bytes_and_mtime(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _example(tmp_path)
    assert _assay(root, "eval prepare", monkeypatch)[0] == 0
    assert _assay(root, "eval run --runner fixture", monkeypatch)[0] == 0
    db = root / "evidence.sqlite"
    os.utime(db, ns=(1_000_000_000, 1_000_000_000))
    before = _state(db)
    for command in ("eval summary", "eval summary --format json"):
        assert _assay(root, command, monkeypatch)[0] == 0
    evaluation.attempts(db)
    evaluation.assessments(db)
    assert _state(db) == before
    assert not list(root.glob("evidence.sqlite-*"))


def test_summary_of_an_older_store_does_not_migrate_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextlib
    import sqlite3

    from tests.engine.evidence.test_merge_identity import _schema_one

    db = tmp_path / "old.sqlite"
    _schema_one(db, "2026-01-01T00:00:01Z")
    before = _state(db)
    code, out, _ = _assay(tmp_path, "eval summary --db old.sqlite", monkeypatch)
    assert code == 0 and "add" in out
    assert _state(db) == before
    with contextlib.closing(sqlite3.connect(db)) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (1,)
