"""The EVL codes a summary reports, and how a ``Reason`` is made.

EVL020-EVL024 are subset errors (nothing is computed); EVL025-EVL028, EVL037,
EVL038 (the tasks a subset leaves out) and EVL016 (an assessment under another
policy) are notes (what was left out, and why); EVL029-EVL036 and EVL039 (a subset
the policy did not declare) are the reasons for "no verdict", one per missing
condition.
Their rules are in ``assay.spec.rules.summary_subsets`` and the modules beside it.
"""

from __future__ import annotations

from collections.abc import Iterable

from assay.spec.evaluation_summary import Reason
from assay.spec.rules.rule import Rule


def reason(
    rule: Rule,
    message: str,
    *,
    task: str | None = None,
    attempts: Iterable[int] = (),
    column: int | None = None,
) -> Reason:
    """A ``Reason`` with its code's name; attempt ids ascending and once each."""
    return Reason(
        code=rule.code,
        name=rule.name,
        message=message,
        task=task,
        attempts=tuple(sorted(set(attempts))),
        column=column,
    )
