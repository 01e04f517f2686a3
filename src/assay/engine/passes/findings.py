"""Findings become diagnostics: the check's code and name, the configured severity.

Shared by the per-document pass (which may run in worker processes) and the runner.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assay.engine.checks.base import Check, Finding
from assay.engine.passes.rulesets import Ruleset
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.rule import START, Rule
from assay.spec.rules.runner import INT001


def to_diagnostic(ruleset: Ruleset, rule: Rule, finding: Finding, path: str | None) -> Diagnostic:
    """The diagnostic for one finding of ``rule``, at the severity configured."""
    return rule.diagnostic(
        finding.message,
        finding.path or path or ".",
        finding.span,
        severity=ruleset.severity.get(rule.code, rule.severity),
        related=finding.related,
        fix=finding.fix,
        subject=finding.subject,
    )


def guarded(ruleset: Ruleset, rule: Check, context: Any, path: str | None) -> list[Diagnostic]:
    """Run one check; a check that raises becomes INT001 and the run goes on."""
    run: Any = rule.run
    try:
        findings: Iterable[Finding] = list(run(context))
    except Exception as error:  # a bug in one check must not stop the others
        message = f"check {rule.code} ({rule.name}) crashed: {type(error).__name__}: {error}"
        return runner_diagnostics(
            ruleset, INT001, path or ".", [Finding(START, message)], force=True
        )
    return [to_diagnostic(ruleset, rule.rule, finding, path) for finding in findings]


def runner_diagnostics(
    ruleset: Ruleset, rule: Rule, path: str, findings: Iterable[Finding], *, force: bool = False
) -> list[Diagnostic]:
    """Diagnostics the runner reports itself (SUP001, SUP002, INT001), when active."""
    if not (force or rule.code in ruleset.severity):
        return []
    return [to_diagnostic(ruleset, rule, finding, path) for finding in findings]
