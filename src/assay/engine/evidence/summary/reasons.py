"""The EVL codes a summary reports, and how a ``Reason`` is made.

EVL020-EVL024 are subset errors (nothing is computed); EVL025-EVL028, EVL037 and
EVL016 (an assessment under another policy) are notes (what was left out, and why);
EVL029-EVL036 are the reasons for "no verdict", one per missing condition.
``assay.engine.checks.summary_codes`` holds their reference pages; a test keeps the
two lists equal. EVL038 (a subset's left-out tasks, a note) and EVL039 (a subset not
declared in the policy, no verdict) are registered with the stage codes
(``engine.evidence.codes``, pages in ``engine.checks.evidence_subset_codes``).
"""

from __future__ import annotations

from collections.abc import Iterable

from assay.engine.evidence.codes import CODES as STAGE_CODES
from assay.spec.evaluation_summary import Reason

CODES: dict[str, str] = {
    "EVL016": "assessment-other-policy",
    "EVL020": "subset-syntax-error",
    "EVL021": "subset-out-of-bounds",
    "EVL022": "subset-absent-task",
    "EVL023": "subset-overflow",
    "EVL024": "subset-duplicate-task",
    "EVL025": "incompatible-versions",
    "EVL026": "attempt-outside-benchmark",
    "EVL027": "counter-not-used",
    "EVL028": "no-dated-rate",
    "EVL029": "correctness-unknown",
    "EVL030": "no-policy",
    "EVL031": "policy-after-execution",
    "EVL032": "unsuccessful-attempt",
    "EVL033": "incomplete-provision",
    "EVL034": "missing-pair",
    "EVL035": "required-counter-incomplete",
    "EVL036": "no-threshold",
    "EVL037": "superseded-attempts",
}


def reason(
    code: str,
    message: str,
    *,
    task: str | None = None,
    attempts: Iterable[int] = (),
    column: int | None = None,
) -> Reason:
    """A ``Reason`` with its code's name; attempt ids ascending and once each."""
    return Reason(
        code=code,
        name=CODES[code] if code in CODES else STAGE_CODES[code],
        message=message,
        task=task,
        attempts=tuple(sorted(set(attempts))),
        column=column,
    )
