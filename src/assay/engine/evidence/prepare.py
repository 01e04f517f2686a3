"""``assay eval prepare``: every task's material under both conditions, stored; no
agent is started. ``run`` calls ``deliveries`` again to tell whether a pin drifted."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

from attrs import evolve

from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.material import (
    Delivery,
    Material,
    deliver,
    overview_material,
    task_material,
)
from assay.engine.evidence.plan import Plan
from assay.engine.evidence.records import Preparation, Store
from assay.engine.files.tracking import read_tracking
from assay.engine.workspace.config import Config
from assay.engine.workspace.loading import open_workspace
from assay.spec.evaluation import TaskDecl


def now() -> str:
    """The time, ISO 8601 UTC to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def deliveries(config: Config, plan: Plan) -> Iterator[tuple[TaskDecl, Delivery, Delivery]]:
    """Each task with what it gets under the overview and the task condition, built
    from the workspace as it is now."""
    workspace = open_workspace(config)
    errors = [d for d in workspace.spec_diagnostics if d.severity == "error"]
    if errors:
        raise EvidenceError(errors)
    root = str(config.root)
    tracking = read_tracking(config.root)
    overview = overview_material(root, plan.benchmark, tracking)
    bundles: dict[tuple[tuple[str, str], ...], Material] = {}
    for task in plan.benchmark.tasks:
        # Tasks with equal dimensions get the same bundle: assemble it once.
        key = tuple(sorted(task.where))
        if key not in bundles:
            bundles[key] = task_material(
                root, plan.benchmark, task, workspace.declarations, tracking
            )
        yield task, deliver(overview, task.prompt), deliver(bundles[key], task.prompt)


def prepare(config: Config, store: Store, plan: Plan) -> list[Preparation]:
    """Store every task's material under both conditions, all or nothing; what was
    stored."""
    stored = []
    at = now()
    made = list(deliveries(config, plan))  # read everything before the first write
    with store.transaction():
        for task, *both in made:
            for delivery in both:
                prep = Preparation(
                    id=0,
                    benchmark=plan.benchmark_id,
                    task=task.name,
                    condition=delivery.condition,
                    stdin=delivery.stdin,
                    snapshot=delivery.snapshot,
                    provision=delivery.provision,
                    declarations=delivery.declarations,
                    cues=delivery.cues,
                )
                ident = store.add_preparation(prep, delivery.material, at)
                stored.append(evolve(prep, id=ident))
    return stored
