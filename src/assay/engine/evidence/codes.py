"""The EVL codes the evidence stages report, and a diagnostic for each.

The rule pages (``assay rules EVL001``) come from ``engine.checks.evidence_codes``,
which registers the same codes and names; a test keeps the two lists equal. EVL038
and EVL039 are a summary's (of a subset: the tasks it leaves out, and why it earns no
verdict); ``summary.reasons`` names them from here.
"""

from __future__ import annotations

from assay.errors import AssayError
from assay.spec.diagnostics import Diagnostic, Severity
from assay.spec.source import Span

CODES: dict[str, str] = {
    "EVL001": "unknown-evaluation-object",
    "EVL002": "duplicate-evaluation-object",
    "EVL003": "answer-for-unknown-task",
    "EVL004": "task-without-answer",
    "EVL005": "ambiguous-evaluation-object",
    "EVL006": "basis-drift",
    "EVL007": "spending-not-authorized",
    "EVL008": "spending-cap-reached",
    "EVL009": "not-prepared",
    "EVL010": "incompatible-stores",
    "EVL011": "not-an-evidence-store",
    "EVL012": "unreadable-policy",
    "EVL013": "assessed-answer-mismatch",
    "EVL014": "attempt-without-answer",
    "EVL015": "unknown-attempt",
    "EVL038": "tasks-left-out",
    "EVL039": "subset-not-declared",
}

#: Where a finding about the store or the command line (not a spec) points.
NOWHERE = Span(start=0, end=0, line=1, column=1, end_line=1, end_column=1)


def evl(
    code: str, message: str, path: str, span: Span = NOWHERE, severity: Severity = "error"
) -> Diagnostic:
    """The diagnostic ``code`` with its registered name."""
    return Diagnostic(
        code=code, name=CODES[code], severity=severity, message=message, path=path, span=span
    )


class EvidenceError(AssayError):
    """An evaluation stage cannot continue; ``diagnostics`` say why (exit 2)."""

    def __init__(self, diagnostics: tuple[Diagnostic, ...] | list[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("; ".join(f"{d.code} {d.message}" for d in self.diagnostics))
