"""Merging never inflates and never touches its sources: an attempt held by two
stores is one attempt, a conflict or a dangling assessment refuses the merge (EVL010),
sources stay as they were (schema, journal mode, bytes), and shards that each
recorded the same policy before their own attempts merge under that policy."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from assay.api import evaluation
from assay.cli import main
from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.prepare import now
from assay.engine.evidence.store import migrate_to
from assay.spec.evidence import Policy
from tests.engine.evidence.workspace import make, spec


def _ran(tmp_path: Path, name: str = "a.sqlite") -> tuple[Path, Path]:
    root = make(tmp_path / "ws", spec("correct"))
    db = root / name
    evaluation.prepare(root, db)
    evaluation.run(root, db, runner="fixture")
    return root, db


def _state(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns


def test_a_store_merged_with_itself_or_a_copy_adds_nothing_twice(tmp_path: Path) -> None:
    root, a = _ran(tmp_path)
    evaluation.assess(a, 2, "supported", "review@1")
    copy = root / "copy.sqlite"
    shutil.copy(a, copy)
    for n, sources in enumerate([[a, a], [a, copy]]):
        out = root / f"out{n}.sqlite"
        assert evaluation.merge(out, sources) == 4
        assert len(evaluation.attempts(out)) == 4
        assert len(evaluation.assessments(out)) == 1


def test_an_overlapping_store_adds_only_what_it_has_more(tmp_path: Path) -> None:
    root, a = _ran(tmp_path)
    longer = root / "longer.sqlite"
    shutil.copy(a, longer)
    evaluation.run(root, longer, runner="fixture")  # four more attempts
    evaluation.merge(root / "out.sqlite", [a, longer])
    assert len(evaluation.attempts(root / "out.sqlite")) == 8


def test_conflicting_attempts_refuse_the_merge(tmp_path: Path) -> None:
    root, a = _ran(tmp_path)
    b = root / "b.sqlite"
    evaluation.prepare(root, b)
    evaluation.run(root, b, runner="fixture")  # the same attempts, at other times
    with pytest.raises(EvidenceError) as refused:
        evaluation.merge(root / "out.sqlite", [a, b])
    [finding] = refused.value.diagnostics
    assert finding.code == "EVL010" and "conflict" in finding.message
    assert not (root / "out.sqlite").exists()


def test_an_assessment_of_a_missing_attempt_is_a_finding_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, a = _ran(tmp_path)
    b = root / "b.sqlite"
    shutil.copy(a, b)
    with contextlib.closing(sqlite3.connect(b)) as raw:  # foreign keys off: a hand edit
        raw.execute(
            "INSERT INTO assessments (attempt, verdict, answer_sha256, basis_sha256, policy)"
            " VALUES (99, 'supported', 'x', '[]', 'review@1')"
        )
        raw.commit()
    monkeypatch.chdir(root)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["eval", "merge", "out.sqlite", "a.sqlite", "b.sqlite"])
    assert code == 2
    assert "EVL010" in err.getvalue() and "attempt 99" in err.getvalue()
    assert sorted(p.name for p in root.glob("*.sqlite*")) == ["a.sqlite", "b.sqlite"]
    assert not list(root.glob(".*partial*"))


_PROVIDED = json.dumps({"complete": True, "missing": []})
_VERSIONS = json.dumps(
    {"benchmark": "b@1", "answer_key": "k@1", "runner": "r@1", "result_schema": "s@1"}
)


def _schema_one(path: Path, started: str) -> None:
    """A store as the first assay made it: schema 1, rollback journal, one attempt."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as raw:
        migrate_to(raw, 1)
        raw.execute(
            "INSERT INTO preparations (benchmark, task, condition, prepared_at, material,"
            " stdin, snapshot, provision, declarations)"
            " VALUES ('b@1', 'add', 'overview', '2026-01-01T00:00:00Z', x'', x'', '{}', ?, '[]')",
            (_PROVIDED,),
        )
        raw.execute(
            "INSERT INTO attempts (preparation, task, condition, status, versions, started_at,"
            " provision, verification)"
            " VALUES (1, 'add', 'overview', 'completed', ?, ?, ?, '{\"ran\": false}')",
            (_VERSIONS, started, _PROVIDED),
        )


def test_sources_are_read_only_and_never_migrated(tmp_path: Path) -> None:
    a, b = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    _schema_one(a, "2026-01-01T00:00:01Z")
    shutil.copy(a, b)
    before = {p: _state(p) for p in (a, b)}
    assert evaluation.merge(tmp_path / "out.sqlite", [a, b]) == 1
    for path in (a, b):
        assert _state(path) == before[path]
        with contextlib.closing(sqlite3.connect(path)) as raw:
            assert raw.execute("PRAGMA user_version").fetchone() == (1,)
            assert raw.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    assert [x.task for x in evaluation.attempts(tmp_path / "out.sqlite")] == ["add"]


def test_shards_prepared_under_one_policy_merge_with_it(tmp_path: Path) -> None:
    """Each CI job prepares (recording the policy) then runs its slice."""
    root = make(tmp_path / "ws", spec("correct"))
    shards = [root / "s1.sqlite", root / "s2.sqlite"]
    for index, db in enumerate(shards, start=1):
        policy = Policy(name="team", version=1, recorded_at=now(), minimum_difference=0.1)
        evaluation.prepare(root, db, policy=policy)
        evaluation.run(root, db, runner="fixture", shard=(index, 2))
    evaluation.merge(root / "all.sqlite", shards)
    found = evaluation.summarize_store(root / "all.sqlite")
    assert "EVL031" not in [r.code for r in found.no_verdict]
    with evaluation.open_store(root / "all.sqlite") as store:
        assert store.db.execute("SELECT count(*) FROM policies").fetchone() == (1,)
