"""Findings become diagnostics: the check's code and name, the configured severity.

Shared by the per-document pass (which may run in worker processes) and the runner.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assay.engine.checks import CHECKS
from assay.engine.checks.base import Check, Finding
from assay.engine.runner.rulesets import Ruleset
from assay.spec.diagnostics import Diagnostic
from assay.spec.source import Span

_START = Span.point(0, 1, 1)


def to_diagnostic(ruleset: Ruleset, rule: Check, finding: Finding, path: str | None) -> Diagnostic:
    """The diagnostic for one finding of ``rule``."""
    return Diagnostic(
        code=rule.code,
        name=rule.name,
        severity=ruleset.severity.get(rule.code, rule.severity),
        message=finding.message,
        path=finding.path or path or ".",
        span=finding.span,
        related=finding.related,
    )


def guarded(ruleset: Ruleset, rule: Check, context: Any, path: str | None) -> list[Diagnostic]:
    """Run one check; a check that raises becomes INT001 and the run goes on."""
    run: Any = rule.run
    try:
        findings: Iterable[Finding] = list(run(context))
    except Exception as error:  # a bug in one check must not stop the others
        message = f"check {rule.code} ({rule.name}) crashed: {type(error).__name__}: {error}"
        return runner_diagnostics(
            ruleset, "INT001", path or ".", [Finding(_START, message)], force=True
        )
    return [to_diagnostic(ruleset, rule, finding, path) for finding in findings]


def runner_diagnostics(
    ruleset: Ruleset, code: str, path: str, findings: Iterable[Finding], *, force: bool = False
) -> list[Diagnostic]:
    """Diagnostics the runner reports itself (SUP001, SUP002, INT001), when active."""
    rule = next((c for c in CHECKS if c.code == code), None)
    if rule is None or not (force or code in ruleset.severity):
        return []
    return [to_diagnostic(ruleset, rule, finding, path) for finding in findings]
