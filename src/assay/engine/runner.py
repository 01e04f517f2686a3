"""Run the checks over a workspace and return every diagnostic, in report order.

Each document is parsed and read once (``engine.workspace``); per-document checks run
over each in one pass, then the checks that compare documents.  A check that raises
becomes ``INT001`` for that check and the run goes on.  Then `per-file-ignores` and
inline directives silence what they name (kept as suppressed, for SARIF), unused and
unknown directives are reported, and the paths given limit what is reported — never
what is loaded.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from assay.engine.checks import CHECKS
from assay.engine.checks.base import Check, Finding
from assay.engine.config import Config
from assay.engine.context import DocumentContext, WorkspaceContext
from assay.engine.result import RuleInfo, RunResult, Suppressed
from assay.engine.rulesets import Ruleset, matches
from assay.engine.suppression import apply
from assay.engine.workspace import Workspace, load_workspace
from assay.grammar.spec_errors import CODES as SPEC_CODES
from assay.spec.diagnostics import Diagnostic, sorted_diagnostics
from assay.spec.source import Span

_START = Span.point(0, 1, 1)


def check(
    config: Config,
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    paths: Sequence[str] | None = None,
    checks: Sequence[Check] = CHECKS,
) -> RunResult:
    """Check the workspace ``config`` describes; ``paths`` limit what is reported."""
    ruleset = Ruleset.build(
        checks,
        select=config.select if select is None else select,
        ignore=config.ignore if ignore is None else ignore,
        severity=config.severity,
    )
    workspace = load_workspace(config)
    found = _run(workspace, ruleset)
    diagnostics: list[Diagnostic] = list(workspace.spec_diagnostics)
    suppressed: list[Suppressed] = []
    by_path: dict[str, list[Diagnostic]] = {}
    for diagnostic in found:
        by_path.setdefault(diagnostic.path, []).append(diagnostic)
    contexts = {d.path: d for d in workspace.documents}
    for path, items in by_path.items():
        ignored = config.ignores_for(path)
        if not ignored:
            continue
        keep = []
        for diagnostic in items:
            if any(matches(s, diagnostic.code, diagnostic.name) for s in ignored):
                suppressed.append(Suppressed(diagnostic, "config", "per-file-ignores"))
            else:
                keep.append(diagnostic)
        items[:] = keep
    for context in workspace.documents:
        if context.document is None or not context.document.directives:
            continue
        outcome = apply(
            by_path.get(context.path, []),
            context.document.directives,
            (context.text or "").splitlines(),
            ruleset.checks,
            checks,
        )
        by_path[context.path] = list(outcome.kept)
        suppressed.extend(outcome.suppressed)
        for code, findings in (("SUP001", outcome.unused), ("SUP002", outcome.unknown)):
            by_path[context.path].extend(_emit(ruleset, code, context.path, findings))
    for items in by_path.values():
        diagnostics.extend(items)
    if paths is not None:
        diagnostics = _in_scope(diagnostics, set(paths), workspace)
        suppressed = [s for s in suppressed if s.diagnostic.path in paths]
    checked = tuple(sorted(c.path for c in contexts.values()))
    return RunResult(
        diagnostics=sorted_diagnostics(diagnostics),
        suppressed=tuple(sorted(suppressed, key=lambda s: s.diagnostic.sort_key)),
        files=checked if paths is None else tuple(p for p in checked if p in paths),
        rules=_rules(checks),
    )


def _run(workspace: Workspace, ruleset: Ruleset) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    per_document = [c for c in ruleset.checks if c.scope == "document"]
    for context in workspace.documents:
        for rule in per_document:
            found.extend(_guarded(ruleset, rule, context, context.path))
    across = WorkspaceContext(
        documents=workspace.documents, discovery=workspace.discovery, files=workspace.files
    )
    for rule in ruleset.checks:
        if rule.scope == "workspace":
            found.extend(_guarded(ruleset, rule, across, None))
    return found


def _guarded(
    ruleset: Ruleset, rule: Check, context: DocumentContext | WorkspaceContext, path: str | None
) -> list[Diagnostic]:
    run: Any = rule.run
    try:
        findings: Iterable[Finding] = list(run(context))
    except Exception as error:  # a bug in one check must not stop the others
        message = f"check {rule.code} ({rule.name}) crashed: {type(error).__name__}: {error}"
        return list(_emit(ruleset, "INT001", path or ".", [Finding(_START, message)], force=True))
    return [_diagnostic(ruleset, rule, finding, path) for finding in findings]


def _diagnostic(ruleset: Ruleset, rule: Check, finding: Finding, path: str | None) -> Diagnostic:
    return Diagnostic(
        code=rule.code,
        name=rule.name,
        severity=ruleset.severity.get(rule.code, rule.severity),
        message=finding.message,
        path=finding.path or path or ".",
        span=finding.span,
        related=finding.related,
    )


def _emit(
    ruleset: Ruleset, code: str, path: str, findings: Iterable[Finding], *, force: bool = False
) -> Iterable[Diagnostic]:
    """Diagnostics the runner itself reports (SUP001, SUP002, INT001), when active."""
    rule = next((c for c in CHECKS if c.code == code), None)
    if rule is None or not (force or code in ruleset.severity):
        return []
    return [_diagnostic(ruleset, rule, finding, path) for finding in findings]


def _in_scope(
    diagnostics: list[Diagnostic], paths: set[str], workspace: Workspace
) -> list[Diagnostic]:
    """Diagnostics about the given files, or related to them; all of them when a spec or
    the config is among the paths (a changed spec can change every finding)."""
    config = workspace.config
    source = config.source.relative_to(config.root).as_posix() if config.source else None
    if paths & set(workspace.discovery.specs) or (source is not None and source in paths):
        return diagnostics
    return [d for d in diagnostics if d.path in paths or any(r.path in paths for r in d.related)]


def _rules(checks: Sequence[Check]) -> tuple[RuleInfo, ...]:
    rules = [RuleInfo(c.code, c.name, c.summary, c.severity, c.doc) for c in checks]
    rules.extend(
        RuleInfo(code, name, "a spec file has a problem", "error")
        for code, name in SPEC_CODES.items()
    )
    return tuple(sorted(rules, key=lambda r: r.code))
