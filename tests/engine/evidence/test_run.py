"""``run`` with fixture agents: every attempt is kept with the right status and its raw
evidence; drifted pins are basis errors; the order is overview, then task."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assay.api import evaluation
from assay.engine.evidence.codes import EvidenceError
from tests.engine.evidence.workspace import make, spec


def _prepared(tmp_path: Path, mode: str, **options: object) -> tuple[Path, Path]:
    root = make(tmp_path / "ws", spec(mode, **options))  # type: ignore[arg-type]
    db = root / "e.sqlite"
    evaluation.prepare(root, db)
    return root, db


@pytest.mark.parametrize(
    ("mode", "status", "correctness", "note"),
    [
        ("correct", "completed", "correct", None),
        ("wrong", "completed", "wrong", None),
        ("crash", "failed", "unknown", "exited with 3"),
        ("malformed", "malformed", "unknown", "the output is not JSON"),
        ("slow", "completed", "correct", None),
    ],
)
def test_each_agent_behaviour_keeps_a_row_with_its_status(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    mode: str,
    status: str,
    correctness: str,
    note: str | None,
) -> None:
    """Every attempt of every task is a row: status, correctness, note as the agent earned."""
    monkeypatch.setenv("AGENT_DELAY", "0.3")  # the runner passes AGENT_DELAY through
    root, db = _prepared(tmp_path, mode)
    result = evaluation.run(root, db, runner="fixture")
    found = evaluation.attempts(db)
    assert [a.id for a in found] == list(result.attempt_ids)
    assert sorted((a.task, a.condition) for a in found) == [
        ("add", "overview"),
        ("add", "task"),
        ("mul", "overview"),
        ("mul", "task"),
    ]
    for attempt in found:
        assert (attempt.status, attempt.correctness) == (status, correctness)
        assert (attempt.note or "").startswith(note or "")
        assert attempt.provision.complete
        assert attempt.duration_ms is not None


def test_raw_evidence_is_kept_even_when_the_agent_fails(tmp_path: Path) -> None:
    """A crashing agent's stdin, stdout and stderr are all in its row."""
    root, db = _prepared(tmp_path, "crash")
    evaluation.run(root, db, runner="fixture")
    with evaluation.open_store(db) as store:
        attempt = store.attempts()[0]
        stdin, stdout, stderr = store.raw(attempt.id)
    assert stdin is not None and stdin.endswith(b"# Task\n\nSolve add.\n")
    assert stdout == b"" and stderr == b"agent: something broke\n"
    assert attempt.exit_code == 3
    assert attempt.provision.stdin_sha256 is not None


def test_a_hanging_agent_is_killed_at_the_timeout(tmp_path: Path) -> None:
    """The runner's timeout ends the attempt as `timeout`, output kept (here none)."""
    root, db = _prepared(tmp_path, "hang", timeout=1, tasks=1)
    evaluation.run(root, db, runner="fixture")
    statuses = [a.status for a in evaluation.attempts(db)]
    assert statuses == ["timeout", "timeout"]


def test_the_task_condition_delivers_the_bundle_and_the_overview_does_not(tmp_path: Path) -> None:
    """The stdin of the task attempt holds the pinned guide; the overview's, the overview."""
    root, db = _prepared(tmp_path, "correct", tasks=1)
    evaluation.run(root, db, runner="fixture")
    with evaluation.open_store(db) as store:
        overview, task = store.attempts()
        over_in, task_in = store.raw(overview.id)[0], store.raw(task.id)[0]
    assert (overview.condition, task.condition) == ("overview", "task")  # this order
    assert over_in is not None and task_in is not None
    assert b"This repository holds arithmetic tasks." in over_in and b"Add the two" not in over_in
    assert b"Add the two numbers" in task_in
    assert task.versions.declarations == ("adding@1",)
    assert overview.versions.benchmark == "arith@1" and overview.versions.runner == "fixture@1"


def test_unknown_output_fields_are_recorded_and_prove_nothing(tmp_path: Path) -> None:
    """An extra field is listed in unknown_fields; the answer alone decides correctness."""
    root, db = _prepared(tmp_path, "unknown", tasks=1)
    evaluation.run(root, db, runner="fixture")
    for attempt in evaluation.attempts(db):
        assert attempt.unknown_fields == ("confidence",)
        assert attempt.correctness == "correct"
        assert [c.name for c in attempt.counters] == ["input_tokens"]


def test_a_pin_drifted_since_prepare_is_a_basis_error_not_a_launch(tmp_path: Path) -> None:
    """Changing a pinned file after prepare: both attempts are basis errors, not launched."""
    root, db = _prepared(tmp_path, "correct", tasks=1)
    (root / "docs/adding.md").write_bytes(b"# Adding\n\nChanged.\n")
    result = evaluation.run(root, db, runner="fixture")
    found = evaluation.attempts(db)
    assert [a.status for a in found] == ["basis-error", "basis-error"]
    assert all(a.exit_code is None and "changed since prepare" in (a.note or "") for a in found)
    assert len(result.attempt_ids) == 2


def test_run_before_prepare_is_refused(tmp_path: Path) -> None:
    """Without a preparation there is nothing to deliver: EVL009, no attempt."""
    root = make(tmp_path / "ws", spec("correct"))
    with evaluation.open_store(root / "e.sqlite", create=True):
        pass
    with pytest.raises(EvidenceError, match="EVL009"):
        evaluation.run(root, root / "e.sqlite", runner="fixture")
    assert evaluation.attempts(root / "e.sqlite") == []


def test_jobs_run_every_pair_once(tmp_path: Path) -> None:
    """With four jobs, twelve tasks still give one overview and one task attempt each."""
    root, db = _prepared(tmp_path, "correct", tasks=12)
    evaluation.run(root, db, runner="fixture", jobs=4)
    found = evaluation.attempts(db)
    pairs = sorted((a.task, a.condition) for a in found)
    assert pairs == sorted({(a.task, c) for a in found for c in ("overview", "task")})
    assert len(found) == 24 and {a.status for a in found} == {"completed"}
    for name in {a.task for a in found}:  # overview first, within each pair
        ids = {a.condition: a.id for a in found if a.task == name}
        assert ids["overview"] < ids["task"]


def test_the_check_command_is_recorded_apart_from_correctness(tmp_path: Path) -> None:
    """A task's check command gets the output; its verdict is verification, not correctness."""
    text = spec("wrong", tasks=1).replace(
        'prompt "Solve add."',
        'prompt "Solve add."\n        check ["python3", "-c", "import sys; sys.exit(0)"]',
    )
    root = make(tmp_path / "ws", text)
    db = root / "e.sqlite"
    evaluation.prepare(root, db)
    evaluation.run(root, db, runner="fixture")
    for attempt in evaluation.attempts(db):
        assert attempt.verification.ran and attempt.verification.passed is True
        assert attempt.correctness == "wrong"
    with evaluation.open_store(db) as store:
        command = store.db.execute("SELECT command FROM attempts").fetchone()[0]
    assert json.loads(command)


def test_a_plan_made_without_a_runner_does_not_run(tmp_path: Path) -> None:
    """``prepare``'s plan has no runner: ``run`` refuses it with a ValueError, an
    explicit check rather than an ``assert`` that ``python -O`` would drop."""
    from assay.engine.evidence.plan import make_plan
    from assay.engine.evidence.run import RunOptions
    from assay.engine.evidence.run import run as run_plan
    from assay.engine.workspace.config import load_config

    root, db = _prepared(tmp_path, "correct")
    config = load_config(root)
    plan = make_plan(config)
    with evaluation.open_store(db) as store, pytest.raises(ValueError, match="no runner"):
        run_plan(config, store, plan, RunOptions())
    assert evaluation.attempts(db) == []
