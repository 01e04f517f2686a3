"""The spending cap holds under ``--jobs``: each running attempt holds its worst case
and the next waits for it to settle at the cap, so no more paid attempts start than
with ``--jobs 1``; a pair the cap splits is
said, and ``--continue`` runs its task attempt only (the overview is not paid twice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.api import evaluation
from tests.engine.evidence.test_spending import _policy
from tests.engine.evidence.workspace import make, spec


def _launched(db: Path) -> int:
    return sum(1 for a in evaluation.attempts(db) if a.status != "refused")


@pytest.mark.parametrize("jobs", [1, 4])
def test_no_more_paid_attempts_start_in_parallel_than_one_at_a_time(
    tmp_path: Path, jobs: int
) -> None:
    root = make(tmp_path / "ws", spec("correct", paid=True, tasks=4))
    db = root / "e.sqlite"
    evaluation.prepare(root, db, policy=_policy(0.5))
    result = evaluation.run(root, db, runner="fixture", authorize_spending=True, jobs=jobs)
    assert [d.code for d in result.diagnostics] == ["EVL008"]
    assert _launched(db) == 3  # what --jobs 1 launches: the third crosses the cap
    assert len(evaluation.attempts(db)) == 8


def test_a_split_pair_is_said_and_continued_without_paying_its_overview_again(
    tmp_path: Path,
) -> None:
    root = make(tmp_path / "ws", spec("correct", paid=True))
    db = root / "e.sqlite"
    evaluation.prepare(root, db, policy=_policy(0.5))
    first = evaluation.run(root, db, runner="fixture", authorize_spending=True)
    [capped] = first.diagnostics
    assert capped.code == "EVL008"
    assert "split 1 pair (`mul`)" in capped.message
    assert "--continue --authorize-spending" in capped.message
    refused = evaluation.attempts(db)[-1]
    assert (refused.task, refused.condition, refused.status) == ("mul", "task", "refused")
    assert "--continue --authorize-spending" in (refused.note or "")
    assert "the pair is split" in (refused.note or "")
    evaluation.run(root, db, runner="fixture", authorize_spending=True, resume=True)
    tail = [(a.task, a.condition, a.status) for a in evaluation.attempts(db)[4:]]
    assert tail == [("mul", "task", "completed")]
