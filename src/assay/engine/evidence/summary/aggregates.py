"""Aggregates, computed from the matched per-task differences only after those exist,
and the descriptive per-condition rates, labelled as unmatched."""

from __future__ import annotations

import math
from collections.abc import Sequence

from assay.engine.evidence.summary.intervals import paired_proportions, t_interval, wilson
from assay.spec.evaluation_summary import Aggregate, ConditionRate, TaskDifference
from assay.spec.evidence import Attempt, Condition


def aggregates(differences: Sequence[TaskDifference]) -> tuple[Aggregate, ...]:
    """One aggregate per measure, ``correct`` first, then by name."""
    by_measure: dict[str, list[tuple[float, float, float]]] = {}
    for row in differences:
        for value in row.values:
            by_measure.setdefault(value.measure, []).append(
                (value.overview, value.task, value.difference)
            )
    order = sorted(by_measure, key=lambda m: (m != "correct", m))
    return tuple(_aggregate(m, by_measure[m]) for m in order)


def _aggregate(measure: str, rows: list[tuple[float, float, float]]) -> Aggregate:
    n = len(rows)
    overview_mean = math.fsum(r[0] for r in rows) / n
    task_mean = math.fsum(r[1] for r in rows) / n
    mean = math.fsum(r[2] for r in rows) / n
    if measure != "correct":
        interval = t_interval([r[2] for r in rows])
        return Aggregate(
            measure=measure,
            pairs=n,
            overview_mean=overview_mean,
            task_mean=task_mean,
            mean_difference=mean,
            interval=interval,
            method="t",
        )
    both = sum(1 for o, t, _ in rows if o and t)
    task_only = sum(1 for o, t, _ in rows if t and not o)
    overview_only = sum(1 for o, t, _ in rows if o and not t)
    return Aggregate(
        measure=measure,
        pairs=n,
        overview_mean=overview_mean,
        task_mean=task_mean,
        mean_difference=mean,
        interval=paired_proportions(
            both, task_only, overview_only, n - both - task_only - overview_only
        ),
        method="newcombe-wilson",
        task_only=task_only,
        overview_only=overview_only,
    )


def descriptive(
    tasks: Sequence[str], latest: dict[tuple[str, Condition], Attempt]
) -> tuple[ConditionRate, ...]:
    """Each condition's correct rate over its latest attempts, paired or not."""
    rates = []
    conditions: tuple[Condition, ...] = ("overview", "task")
    for condition in conditions:
        known = [
            attempt
            for task in tasks
            if (attempt := latest.get((task, condition))) is not None
            and attempt.correctness != "unknown"
        ]
        correct = sum(1 for a in known if a.correctness == "correct")
        rates.append(
            ConditionRate(
                condition=condition,
                attempts=len(known),
                correct=correct,
                rate=correct / len(known) if known else None,
                interval=wilson(correct, len(known)),
            )
        )
    return tuple(rates)
