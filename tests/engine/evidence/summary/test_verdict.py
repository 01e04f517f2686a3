"""A verdict only when the run earned one; each missing condition is its own reason."""

from __future__ import annotations

from attrs import evolve

from assay.engine.evidence.summary import summarize
from assay.spec.evaluation_summary import Summary
from tests.engine.evidence.summary.build import POLICY, attempt, pairs

TASKS = ["t1", "t2", "t3", "t4", "t5", "t6"]


def _clean() -> list:
    """Six pairs where the bundle fixes five tasks: enough for a verdict."""
    return pairs(*((t, "wrong", "correct") for t in TASKS[:5]), ("t6", "correct", "correct"))


def _codes(summary: Summary) -> list[str]:
    return [r.code for r in summary.no_verdict]


def test_a_clean_run_earns_a_verdict() -> None:
    """Policy first, all completed and provided, full coverage: a verdict, no reasons."""
    summary = summarize(_clean(), tasks=TASKS, policy=POLICY)
    assert summary.no_verdict == ()
    assert summary.verdict is not None and summary.verdict.outcome == "bundle-helps"
    assert summary.verdict.interval == summary.aggregates[0].interval


def test_the_threshold_decides_the_outcome() -> None:
    """The same evidence against a higher agreed threshold: not shown to help enough."""
    summary = summarize(_clean(), tasks=TASKS, policy=evolve(POLICY, minimum_difference=0.98))
    assert summary.verdict is not None and summary.verdict.outcome == "bundle-does-not-help"
    summary = summarize(_clean(), tasks=TASKS, policy=evolve(POLICY, minimum_difference=0.5))
    assert summary.verdict is not None and summary.verdict.outcome == "inconclusive"


def test_no_policy_no_verdict() -> None:
    """Without a policy: EVL030 and nothing else."""
    summary = summarize(_clean(), tasks=TASKS, policy=None)
    assert summary.verdict is None and _codes(summary) == ["EVL030"]


def test_policy_recorded_after_execution_no_verdict() -> None:
    """A policy stored after the first attempt started could have been fitted to it."""
    late = evolve(POLICY, recorded_at="2026-11-02T10:00:03Z")
    summary = summarize(_clean(), tasks=TASKS, policy=late)
    assert summary.verdict is None and _codes(summary) == ["EVL031"]
    assert summary.no_verdict[0].attempts == (1, 2, 3)


def test_unreadable_policy_time_no_verdict() -> None:
    """A policy time that is not ISO 8601 cannot show it came first."""
    summary = summarize(_clean(), tasks=TASKS, policy=evolve(POLICY, recorded_at="yesterday"))
    assert _codes(summary) == ["EVL031"] and "not ISO 8601" in summary.no_verdict[0].message


def test_policy_without_threshold_no_verdict() -> None:
    """A policy that agreed no minimum difference gives nothing to judge against."""
    summary = summarize(_clean(), tasks=TASKS, policy=evolve(POLICY, minimum_difference=None))
    assert summary.verdict is None and _codes(summary) == ["EVL036"]


def test_unsuccessful_attempt_no_verdict() -> None:
    """A compared attempt that did not complete (here: crashed) suppresses the verdict."""
    attempts = _clean()
    attempts[3] = evolve(attempts[3], status="failed", exit_code=1)
    summary = summarize(attempts, tasks=TASKS, policy=POLICY)
    assert summary.verdict is None and _codes(summary) == ["EVL032"]
    assert summary.no_verdict[0].attempts == (4,) and "(failed)" in summary.no_verdict[0].message


def test_incomplete_provision_no_verdict() -> None:
    """A compared attempt that lacked required material suppresses the verdict."""
    attempts = _clean()
    attempts[1] = attempt(2, "t1", "task", "correct", complete=False)
    summary = summarize(attempts, tasks=TASKS, policy=POLICY)
    assert summary.verdict is None and _codes(summary) == ["EVL033"]


def test_missing_pair_no_verdict() -> None:
    """A task of the set without its task attempt: pair coverage is not full."""
    attempts = [a for a in _clean() if (a.task, a.condition) != ("t6", "task")]
    summary = summarize(attempts, tasks=TASKS, policy=POLICY)
    assert summary.verdict is None and _codes(summary) == ["EVL034"]
    assert "t6 (no task attempt)" in summary.no_verdict[0].message


def test_empty_set_no_verdict() -> None:
    """Nothing to compare is no verdict either."""
    summary = summarize([], tasks=[], policy=POLICY)
    assert _codes(summary) == ["EVL034"] and summary.differences == ()


def test_unknown_correctness_no_verdict() -> None:
    """A completed attempt whose answer the key could not judge."""
    attempts = _clean()
    attempts[0] = evolve(attempts[0], correctness="unknown")
    summary = summarize(attempts, tasks=TASKS, policy=POLICY)
    assert summary.verdict is None and _codes(summary) == ["EVL029"]


def test_required_counter_incomplete_no_verdict() -> None:
    """A counter the caller requires must be complete on every compared attempt."""
    summary = summarize(_clean(), tasks=TASKS, policy=POLICY, required_counters=["input_tokens"])
    assert summary.verdict is None and _codes(summary) == ["EVL035"]


def test_every_missing_condition_is_its_own_reason() -> None:
    """Several conditions missing at once: one reason each, in a fixed order."""
    attempts = _clean()[:-1]
    attempts[0] = evolve(attempts[0], status="malformed")
    attempts[1] = evolve(attempts[1], provision=evolve(attempts[1].provision, complete=False))
    summary = summarize(attempts, tasks=TASKS, policy=None, required_counters=["tokens"])
    assert _codes(summary) == ["EVL030", "EVL032", "EVL033", "EVL034", "EVL035"]
