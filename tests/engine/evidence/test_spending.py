"""A paid runner refuses without a recorded policy with a cap and an explicit
authorization, and stops at the cap until continued explicitly."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.api import evaluation
from assay.spec.evidence import Policy, Rate
from tests.engine.evidence.workspace import make, spec

# The overview stdin is 191 bytes, the task's 302: at 0.001 credit a byte the first
# three attempts cost 0.684 (the cap 0.5 is crossed by the third) and stop the fourth.
# Each holds 0.35, more than either costs, while it runs.
RATE = Rate(kind="credit", counter="input_tokens", per_unit=0.001, dated="2026-01-01")


def _policy(cap: float | None) -> Policy:
    return Policy(
        name="team",
        version=1,
        recorded_at="2026-11-30T09:00:00.000Z",
        rates=(RATE,),
        cap=cap,
        attempt_worst_case=0.35,
    )


def _paid(tmp_path: Path, policy: Policy | None) -> tuple[Path, Path]:
    root = make(tmp_path / "ws", spec("correct", paid=True))
    db = root / "e.sqlite"
    evaluation.prepare(root, db, policy=policy)
    return root, db


@pytest.mark.parametrize(
    ("policy", "authorize", "lacking"),
    [
        (None, True, "a recorded policy"),
        (_policy(None), True, "a cap in the policy"),
        (_policy(10.0), False, "--authorize-spending"),
    ],
)
def test_paid_runner_refuses_without_policy_cap_and_authorization(
    tmp_path: Path, policy: Policy | None, authorize: bool, lacking: str
) -> None:
    """Each missing condition: every pair recorded `refused` (EVL007), nothing launched."""
    root, db = _paid(tmp_path, policy)
    result = evaluation.run(root, db, runner="fixture", authorize_spending=authorize)
    [finding] = result.diagnostics
    assert finding.code == "EVL007" and lacking in finding.message
    found = evaluation.attempts(db)
    assert len(found) == 4 and {a.status for a in found} == {"refused"}
    assert all(a.exit_code is None for a in found)


def test_paid_runner_stops_at_the_cap_until_continued(tmp_path: Path) -> None:
    """The attempt after the cap is refused (EVL008); --continue runs it again (only
    the task attempt: the overview of its pair ran already)."""
    root, db = _paid(tmp_path, _policy(0.5))
    first = evaluation.run(root, db, runner="fixture", authorize_spending=True)
    assert [d.code for d in first.diagnostics] == ["EVL008"]
    statuses = [(a.task, a.condition, a.status) for a in evaluation.attempts(db)]
    assert statuses[-1] == ("mul", "task", "refused")
    assert [s for *_, s in statuses].count("completed") == 3
    resumed = evaluation.run(root, db, runner="fixture", authorize_spending=True, resume=True)
    assert resumed.diagnostics == ()
    tail = [(a.task, a.condition, a.status) for a in evaluation.attempts(db)][4:]
    assert tail == [("mul", "task", "completed")]


def test_at_the_cap_a_plain_rerun_launches_nothing(tmp_path: Path) -> None:
    """Without --continue, a run at the cap records each pair refused and starts nothing."""
    root, db = _paid(tmp_path, _policy(0.5))
    evaluation.run(root, db, runner="fixture", authorize_spending=True)
    again = evaluation.run(root, db, runner="fixture", authorize_spending=True)
    assert [d.code for d in again.diagnostics] == ["EVL008"]
    assert {a.status for a in evaluation.attempts(db)[4:]} == {"refused"}


def test_an_unpaid_runner_needs_no_policy(tmp_path: Path) -> None:
    """Without `paid`, no policy or authorization is asked for."""
    root = make(tmp_path / "ws", spec("correct"))
    evaluation.prepare(root, root / "e.sqlite")
    result = evaluation.run(root, root / "e.sqlite", runner="fixture")
    assert result.diagnostics == ()
