"""``summarize``: retained attempts in, a ``Summary`` out; pure, launches nothing.

The order of work is the order of the report: pick the compared pairs, compute each
task's matched differences, and only then aggregate them; the descriptive,
unmatched rates come after, and the verdict last, when every condition holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from assay.engine.evidence.summary.aggregates import aggregates, descriptive
from assay.engine.evidence.summary.assessed import assessments_used
from assay.engine.evidence.summary.delivered import mixed_declarations, omitted_units
from assay.engine.evidence.summary.left_out import left_out, undeclared_subset
from assay.engine.evidence.summary.measures import measure
from assay.engine.evidence.summary.numbers import count
from assay.engine.evidence.summary.pairing import order_key, pair
from assay.engine.evidence.summary.reasons import reason
from assay.engine.evidence.summary.subset import select_subset
from assay.engine.evidence.summary.verdict import judge, missing_conditions
from assay.engine.evidence.summary.wrong import wrong_answers
from assay.spec.evaluation_summary import (
    SUMMARY_VERSION,
    Aggregate,
    IncompatibleGroup,
    MatchedValue,
    Reason,
    Summary,
    TaskDifference,
    Verdict,
)
from assay.spec.evidence import NOT_LAUNCHED, Assessment, Attempt, Condition, Policy
from assay.spec.rules.summary_notes import EVL025, EVL026, EVL037


def summarize(
    attempts: Sequence[Attempt],
    *,
    tasks: Sequence[str],
    policy: Policy | None,
    subset: str | None = None,
    required_counters: Sequence[str] = (),
) -> Summary:
    """The summary of ``attempts`` over the benchmark's ``tasks`` (in its order), or
    over the ``subset`` of them (``1-20``, ``a,b``; see ``subset.select_subset``)."""
    benchmark = tuple(dict.fromkeys(tasks))
    chosen, errors = select_subset(subset, benchmark) if subset is not None else (benchmark, ())
    if errors:
        return _empty(subset, errors)
    wanted = frozenset(chosen)
    ordered = sorted(attempts, key=order_key)
    in_set = [a for a in ordered if a.task in wanted]
    listed = frozenset(benchmark)
    notes = _selection_notes(ordered, benchmark, chosen, subset)
    pairs = pair(in_set)
    notes.extend(_incompatible_notes(pairs.incompatible))
    compared = sorted(pairs.latest.values(), key=order_key)
    notes.extend(_superseded(pairs.compatible, compared))
    measured = measure(compared, policy.rates if policy is not None else ())
    notes.extend(measured.notes)
    assessed, other_policy = assessments_used(compared, policy)
    notes.extend(other_policy)
    notes.extend(omitted_units(compared))
    notes.extend(mixed_declarations(compared))
    differences = tuple(_difference(t, pairs.latest, measured.values, assessed) for t in chosen)
    summary_aggregates = aggregates(differences)
    no_verdict = missing_conditions(
        policy=policy,
        tasks=chosen,
        latest=pairs.latest,
        # A refusal or a basis error is a row, not an execution: it started nothing.
        launched=[a for a in in_set if a.started_at is not None and a.status not in NOT_LAUNCHED],
        unused_required=_unused_required(required_counters, compared, measured.values),
    )
    no_verdict.extend(undeclared_subset(policy, subset, chosen, benchmark))
    verdict = _verdict(policy, summary_aggregates) if not no_verdict else None
    return Summary(
        version=SUMMARY_VERSION,
        subset=subset,
        tasks=chosen,
        versions=pairs.versions,
        differences=differences,
        aggregates=summary_aggregates,
        descriptive=descriptive(chosen, pairs.latest),
        rates=measured.rates,
        # Every wrong answer but those of tasks the subset leaves out (EVL038 names them).
        wrong_answers=tuple(
            wrong_answers(
                [a for a in ordered if a.task in wanted or a.task not in listed],
                frozenset(a.id for a in compared),
            )
        ),
        incompatible=pairs.incompatible,
        notes=tuple(notes),
        verdict=verdict,
        no_verdict=tuple(no_verdict),
        errors=(),
    )


def _selection_notes(
    ordered: Sequence[Attempt],
    benchmark: tuple[str, ...],
    chosen: tuple[str, ...],
    subset: str | None,
) -> list[Reason]:
    """The notes on which attempts the benchmark and the subset leave out: those for
    tasks the benchmark does not list (EVL026), then the subset's (``left_out``)."""
    notes: list[Reason] = []
    listed = frozenset(benchmark)
    outside = [a.id for a in ordered if a.task not in listed]
    if outside:
        notes.append(
            reason(
                EVL026,
                f"{count(len(outside), 'attempt')} for tasks the benchmark does not list",
                attempts=outside,
            )
        )
    if subset is not None:
        notes.extend(left_out(benchmark, chosen, [a for a in ordered if a.task in listed]))
    return notes


def _incompatible_notes(incompatible: Sequence[IncompatibleGroup]) -> list[Reason]:
    """One EVL025 note per group of attempts under other versions: not compared."""
    return [
        reason(
            EVL025,
            f"{count(len(group.attempts), 'attempt')} under other versions "
            f"({group.versions.benchmark}, {group.versions.answer_key}, "
            f"{group.versions.runner}, {group.versions.result_schema}): not compared",
            attempts=group.attempts,
        )
        for group in incompatible
    ]


def _unused_required(
    required_counters: Sequence[str],
    compared: Sequence[Attempt],
    values: dict[int, dict[str, float]],
) -> list[str]:
    """The required counters some compared attempt lacks (all of them when nothing
    was compared): each one withholds the verdict."""
    return [
        name
        for name in dict.fromkeys(required_counters)
        if not compared or any(f"counter:{name}" not in values[a.id] for a in compared)
    ]


def _verdict(policy: Policy | None, summary_aggregates: Sequence[Aggregate]) -> Verdict | None:
    """The policy's verdict on the ``correct`` aggregate, once every condition holds;
    none without a policy or that aggregate."""
    correct = next((a for a in summary_aggregates if a.measure == "correct"), None)
    return judge(policy, correct) if policy and correct else None


def _difference(
    task: str,
    latest: dict[tuple[str, Condition], Attempt],
    values: dict[int, dict[str, float]],
    assessed: dict[int, Assessment],
) -> TaskDifference:
    overview, attempt = latest.get((task, "overview")), latest.get((task, "task"))
    matched: list[MatchedValue] = []
    if overview is not None and attempt is not None:
        left, right = values[overview.id], values[attempt.id]
        for name in sorted(left.keys() & right.keys(), key=lambda m: (m != "correct", m)):
            matched.append(
                MatchedValue(
                    measure=name,
                    overview=left[name],
                    task=right[name],
                    difference=right[name] - left[name],
                )
            )
    return TaskDifference(
        task=task,
        overview_attempt=overview.id if overview else None,
        task_attempt=attempt.id if attempt else None,
        overview_status=overview.status if overview else None,
        task_status=attempt.status if attempt else None,
        overview_correctness=overview.correctness if overview else None,
        task_correctness=attempt.correctness if attempt else None,
        overview_assessment=assessed.get(overview.id) if overview else None,
        task_assessment=assessed.get(attempt.id) if attempt else None,
        values=tuple(matched),
    )


def _superseded(compatible: Sequence[Attempt], compared: Sequence[Attempt]) -> list[Reason]:
    """Earlier attempts a later one replaced: said, so a retry is never silent."""
    latest = {a.id for a in compared}
    earlier = [a for a in compatible if a.id not in latest]
    if not earlier:
        return []
    statuses = ", ".join(
        f"{count(n, 'attempt')} {status}"
        for status, n in sorted(Counter(a.status for a in earlier).items())
    )
    return [
        reason(
            EVL037,
            f"{count(len(earlier), 'earlier attempt')} not compared, a later one of the "
            f"same task and condition is ({statuses})",
            attempts=(a.id for a in earlier),
        )
    ]


def _empty(subset: str | None, errors: Sequence[Reason]) -> Summary:
    return Summary(
        version=SUMMARY_VERSION,
        subset=subset,
        tasks=(),
        versions=None,
        differences=(),
        aggregates=(),
        descriptive=(),
        rates=(),
        wrong_answers=(),
        incompatible=(),
        notes=(),
        verdict=None,
        no_verdict=(),
        errors=tuple(errors),
    )
