"""Whether the run earned a verdict, and the verdict.

A verdict needs every one of these; each one missing is its own "no verdict" reason:
a policy (EVL030) recorded before the first attempt started (EVL031) with a threshold
(EVL036); every compared attempt ``completed`` (EVL032) with complete required
provision (EVL033) and a known correctness (EVL029); both sides of every task in the
(sub)set (EVL034); every required counter complete (EVL035). Then the matched
correctness difference's interval is set against the threshold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from assay.engine.evidence.summary.instants import instant
from assay.engine.evidence.summary.numbers import count
from assay.engine.evidence.summary.reasons import reason
from assay.spec.evaluation_summary import Aggregate, Reason, Verdict
from assay.spec.evidence import Attempt, Condition, Policy
from assay.spec.rules.summary_verdicts import (
    EVL029,
    EVL030,
    EVL031,
    EVL032,
    EVL033,
    EVL034,
    EVL035,
    EVL036,
)


def missing_conditions(
    *,
    policy: Policy | None,
    tasks: Sequence[str],
    latest: dict[tuple[str, Condition], Attempt],
    launched: Sequence[Attempt],
    unused_required: Sequence[str],
) -> list[Reason]:
    """One reason per verdict condition the evidence does not meet."""
    found: list[Reason] = []
    if policy is None:
        found.append(reason(EVL030, "no evaluation policy was recorded"))
    else:
        found.extend(_policy_problems(policy, launched))
    compared = sorted(latest.values(), key=lambda a: a.id)
    failed = [a for a in compared if a.status != "completed"]
    if failed:
        statuses = ", ".join(sorted({a.status for a in failed}))
        found.append(
            reason(
                EVL032,
                f"{count(len(failed), 'compared attempt')} not completed ({statuses})",
                attempts=(a.id for a in failed),
            )
        )
    short = [a for a in compared if not a.provision.complete]
    if short:
        found.append(
            reason(
                EVL033,
                f"{count(len(short), 'compared attempt')} without all required material",
                attempts=(a.id for a in short),
            )
        )
    unknown = [a for a in compared if a.correctness == "unknown"]
    if unknown:
        found.append(
            reason(
                EVL029,
                f"{count(len(unknown), 'compared attempt')} without a known correctness",
                attempts=(a.id for a in unknown),
            )
        )
    found.extend(_coverage(tasks, latest))
    if unused_required:
        names = ", ".join(unused_required)
        found.append(reason(EVL035, f"required counters not complete on every pair: {names}"))
    return found


def _policy_problems(policy: Policy, launched: Sequence[Attempt]) -> list[Reason]:
    label = f"policy {policy.name}@{policy.version}"
    found: list[Reason] = []
    recorded = instant(policy.recorded_at)
    starts = [(instant(a.started_at), a) for a in launched]
    first = min((s for s, _ in starts if s is not None), default=None)
    unreadable = [a.id for s, a in starts if s is None]
    if recorded is None:
        found.append(reason(EVL031, f"{label}: recorded_at {policy.recorded_at!r} is not ISO 8601"))
    elif unreadable:
        found.append(
            reason(
                EVL031,
                f"{label}: {count(len(unreadable), 'attempt')} with an unreadable start time",
                attempts=unreadable,
            )
        )
    elif first is not None and recorded >= first:
        early = [a.id for s, a in starts if s is not None and s <= recorded]
        found.append(
            reason(
                EVL031,
                f"{label} was recorded at {policy.recorded_at}, not before the first "
                f"attempt ({count(len(early), 'attempt')} started before or then)",
                attempts=early,
            )
        )
    if policy.minimum_difference is None:
        found.append(reason(EVL036, f"{label} sets no minimum_difference to judge against"))
    return found


def _coverage(tasks: Sequence[str], latest: dict[tuple[str, Condition], Attempt]) -> list[Reason]:
    if not tasks:
        return [reason(EVL034, "the set holds no task to compare")]
    sides: tuple[Condition, ...] = ("overview", "task")
    lacking = [
        f"{task} (no {'/'.join(c for c in sides if (task, c) not in latest)} attempt)"
        for task in tasks
        if any((task, c) not in latest for c in sides)
    ]
    if not lacking:
        return []
    shown = ", ".join(lacking[:5]) + (f" and {len(lacking) - 5} more" if len(lacking) > 5 else "")
    return [
        reason(
            EVL034,
            f"{len(lacking)} of {count(len(tasks), 'task')} without a compatible attempt: {shown}",
        )
    ]


def judge(policy: Policy, correct: Aggregate) -> Verdict:
    """The verdict, once every condition holds (so the interval exists)."""
    threshold = policy.minimum_difference or 0.0
    low, high = correct.interval or (correct.mean_difference, correct.mean_difference)
    outcome: Literal["bundle-helps", "bundle-does-not-help", "inconclusive"] = (
        "bundle-helps"
        if low >= threshold
        else "bundle-does-not-help"
        if high < threshold
        else "inconclusive"
    )
    return Verdict(
        outcome=outcome,
        policy=f"{policy.name}@{policy.version}",
        minimum_difference=threshold,
        mean_difference=correct.mean_difference,
        interval=(low, high),
    )
