"""What a subset's summary owes the tasks it leaves out: their names and statuses
(EVL038, a note), and no verdict unless the policy declared the subset before
execution (EVL039). Without both, ``--tasks`` could leave out every failed task and
still report a verdict that never named them.
"""

from __future__ import annotations

from collections.abc import Sequence

from assay.engine.evidence.summary.numbers import count
from assay.engine.evidence.summary.reasons import reason
from assay.engine.evidence.summary.subset import select_subset
from assay.spec.evaluation_summary import Reason
from assay.spec.evidence import Attempt, Policy
from assay.spec.rules.summary_notes import EVL038
from assay.spec.rules.summary_verdicts import EVL039


def left_out(
    benchmark: Sequence[str], chosen: Sequence[str], ordered: Sequence[Attempt]
) -> list[Reason]:
    """EVL038 naming each benchmark task outside the subset with its latest attempts'
    statuses (whatever their versions); nothing when the subset leaves none out."""
    wanted = frozenset(chosen)
    outside = [task for task in benchmark if task not in wanted]
    if not outside:
        return []
    latest: dict[tuple[str, str], Attempt] = {}
    for attempt in ordered:  # sorted: the last one of each task and side wins
        latest[(attempt.task, attempt.condition)] = attempt
    described: list[str] = []
    ids: list[int] = []
    for task in outside:
        sides = [latest[(task, c)] for c in ("overview", "task") if (task, c) in latest]
        ids.extend(a.id for a in sides)
        states = ", ".join(
            f"{a.condition} #{a.id} {a.status}"
            + (f" {a.correctness}" if a.correctness != "unknown" else "")
            for a in sides
        )
        described.append(f"{task} ({states or 'no attempt'})")
    message = (
        f"the subset leaves out {len(outside)} of {count(len(benchmark), 'benchmark task')}: "
        + "; ".join(described)
    )
    return [reason(EVL038, message, attempts=ids)]


def undeclared_subset(
    policy: Policy | None, subset: str | None, chosen: Sequence[str], benchmark: Sequence[str]
) -> list[Reason]:
    """EVL039 when a summary of a subset has a policy that did not declare exactly
    that subset (without a policy, EVL030 says enough)."""
    if subset is None or policy is None:
        return []
    label = f"policy {policy.name}@{policy.version}"
    if policy.subset is None:
        why = f"{label} declares no subset"
    else:
        declared, errors = select_subset(policy.subset, benchmark)
        if errors:
            why = f"{label}'s subset {policy.subset!r} does not fit the benchmark"
        elif frozenset(declared) != frozenset(chosen):
            why = f"{label} declares the subset {policy.subset!r}, which selects other tasks"
        else:
            return []
    message = (
        f"{why}: a verdict on the subset {subset!r} needs that subset declared in the "
        "policy (`subset`) before execution"
    )
    return [reason(EVL039, message)]
