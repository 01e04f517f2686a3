"""Which tasks and conditions one ``assay eval run`` launches, from what the store
already holds: all of the shard's, but a paid runner never runs again a condition
that completed (it was paid for once), and ``--continue`` runs only what did not run
to its end."""

from __future__ import annotations

from assay.engine.evidence.plan import Plan
from assay.engine.evidence.records import Store
from assay.engine.evidence.shards import shard_tasks
from assay.spec.evaluation import TaskDecl

#: The conditions of a pair, in the order they run.
CONDITIONS = ("overview", "task")

#: Statuses of attempts that ran to their end: ``--continue`` does not run them again.
ENDED = frozenset({"completed", "failed", "malformed", "timeout"})


def pending(
    store: Store, plan: Plan, *, shard: tuple[int, int] | None, resume: bool
) -> list[tuple[TaskDecl, tuple[str, ...]]]:
    """The tasks of ``shard`` to run, each with the conditions it runs, in order. A
    paid runner never runs again a condition that completed under this benchmark and
    runner; ``resume`` (``--continue``) runs only the conditions whose latest attempt
    did not run to its end (refused, interrupted, cancelled, a basis error) or that
    were never attempted, so a split pair runs its task attempt only."""
    mine = shard_tasks((t.name for t in plan.benchmark.tasks), shard)
    tasks = [t for t in plan.benchmark.tasks if t.name in mine]
    paid = plan.required_runner().paid
    if not resume and not paid:
        return [(t, CONDITIONS) for t in tasks]
    runner = plan.versions().runner
    latest: dict[tuple[str, str], str] = {}
    completed: set[tuple[str, str]] = set()
    for attempt in store.attempts():
        if attempt.versions.benchmark == plan.benchmark_id:
            latest[(attempt.task, attempt.condition)] = attempt.status
            if attempt.status == "completed" and attempt.versions.runner == runner:
                completed.add((attempt.task, attempt.condition))
    chosen = []
    for task in tasks:
        conditions = tuple(
            c
            for c in CONDITIONS
            if not (paid and (task.name, c) in completed)
            and not (resume and latest.get((task.name, c)) in ENDED)
        )
        if conditions:
            chosen.append((task, conditions))
    return chosen
