"""``--shard I/N`` deals the tasks evenly, end to end: 6 tasks in 3 shards run 2 each
(a digest of the names dealt these 4, 1 and 1; other names 0 and 6 in 2 shards)."""

from __future__ import annotations

from pathlib import Path

from assay.api import evaluation
from tests.engine.evidence.workspace import make, spec


def test_three_shards_of_six_tasks_run_two_tasks_each(tmp_path: Path) -> None:
    root = make(tmp_path / "ws", spec("correct", tasks=6))
    ran = []
    for index in (1, 2, 3):
        db = root / f"s{index}.sqlite"
        evaluation.prepare(root, db)
        evaluation.run(root, db, runner="fixture", shard=(index, 3))
        ran.append({a.task for a in evaluation.attempts(db)})
    assert [len(tasks) for tasks in ran] == [2, 2, 2]
    assert set().union(*ran) == {"add", "mul", "t000", "t001", "t002", "t003"}
