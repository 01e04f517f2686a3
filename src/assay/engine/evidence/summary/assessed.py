"""Which independent assessments a summary shows: those made under the run's policy.

An assessment names the policy (``name@version``) it was made under; the run's is the
``Policy`` recorded before execution. One made under another policy (or when the run
recorded none) judged by other rules, so it is not shown as the task's assessment: a
note (EVL016) lists it instead. ``Attempt.assessment`` is already the latest one still
bound to the attempt's answer and basis (``engine.evidence.assessments``).
"""

from __future__ import annotations

from collections.abc import Sequence

from assay.engine.evidence.summary.numbers import count
from assay.engine.evidence.summary.reasons import reason
from assay.spec.evaluation_summary import Reason
from assay.spec.evidence import Assessment, Attempt, Policy
from assay.spec.rules.summary_notes import EVL016


def assessments_used(
    compared: Sequence[Attempt], policy: Policy | None
) -> tuple[dict[int, Assessment], list[Reason]]:
    """The compared attempts' assessments under ``policy``, by attempt id, and a note
    on those left out."""
    wanted = f"{policy.name}@{policy.version}" if policy is not None else None
    used: dict[int, Assessment] = {}
    other: list[Attempt] = []
    for attempt in compared:
        if attempt.assessment is None:
            continue
        if attempt.assessment.policy == wanted:
            used[attempt.id] = attempt.assessment
        else:
            other.append(attempt)
    if not other:
        return used, []
    policies = ", ".join(sorted({a.assessment.policy for a in other if a.assessment}))
    run = f"the run's policy is {wanted}" if wanted else "the run recorded no policy"
    message = f"{count(len(other), 'assessment')} made under {policies} not shown ({run})"
    return used, [reason(EVL016, message, attempts=(a.id for a in other))]
