"""Which attempts a summary compares: one compatible version set, the latest per side.

The rule: attempts are *compatible* when they share the benchmark, answer key, runner
and result schema versions (cue and declaration versions may differ: they are what
the two conditions deliver). The compared versions are those of the latest attempt in
the (sub)set, the one with the highest id (the store numbers attempts in the order it
records them); attempts under other versions are reported as incompatible groups and
never mixed in. Per task and condition the *latest* compatible attempt is compared,
whatever its status: an older success never stands in for a newer failure.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import frozen

from assay.spec.evaluation_summary import IncompatibleGroup
from assay.spec.evidence import Attempt, Condition, Versions
from assay.spec.model import Model

CompatKey = tuple[str, str, str, str]


def compat_key(versions: Versions) -> CompatKey:
    """What must be equal for two attempts to be compared."""
    return (versions.benchmark, versions.answer_key, versions.runner, versions.result_schema)


def order_key(attempt: Attempt) -> tuple[int, str, str, str, str, str]:
    """A total order on attempts: by id, then (ids are unique in a store; a merged
    input may repeat one) by content, so the result never depends on input order."""
    return (
        attempt.id,
        attempt.task,
        attempt.condition,
        attempt.status,
        attempt.started_at or "",
        attempt.answer or "",
    )


@frozen(kw_only=True)
class Pairs(Model):
    """The compared attempts, per task of the set, and what was set aside."""

    versions: Versions | None
    compatible: tuple[Attempt, ...]  #: every compatible attempt in the set, ordered
    latest: dict[tuple[str, Condition], Attempt]
    incompatible: tuple[IncompatibleGroup, ...]


def pair(attempts: Sequence[Attempt]) -> Pairs:
    """Split ``attempts`` (all in the set, sorted by ``order_key``) into the compared
    versions' attempts and the incompatible groups."""
    if not attempts:
        return Pairs(versions=None, compatible=(), latest={}, incompatible=())
    versions = attempts[-1].versions
    key = compat_key(versions)
    compatible: list[Attempt] = []
    others: dict[CompatKey, list[Attempt]] = {}
    latest: dict[tuple[str, Condition], Attempt] = {}
    for attempt in attempts:
        own = compat_key(attempt.versions)
        if own == key:
            compatible.append(attempt)
            latest[(attempt.task, attempt.condition)] = attempt  # sorted: the last wins
        else:
            others.setdefault(own, []).append(attempt)
    return Pairs(
        versions=versions,
        compatible=tuple(compatible),
        latest=latest,
        incompatible=tuple(_groups(others.values())),
    )


def _groups(groups: Iterable[list[Attempt]]) -> list[IncompatibleGroup]:
    found = [
        IncompatibleGroup(versions=group[-1].versions, attempts=tuple(a.id for a in group))
        for group in groups
    ]
    return sorted(found, key=lambda g: (compat_key(g.versions), g.attempts))
