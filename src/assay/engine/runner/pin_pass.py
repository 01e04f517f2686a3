"""The pin checks alone, over given results: what ``assay pin`` reports.

``assay check`` runs the pin checks with every other check (``engine.runner.run``);
``assay pin`` verifies the pins and needs only their diagnostics, the same ones at
the same places, without reading a document. The discovery the checks see here has
no skipped files, so PTH002 and PTH003 report only declared sources (a symbolic-link
document is ``assay check``'s to report). Severities come from the config, as in
``assay check``; ``select`` and ``ignore`` do not apply: ``assay pin`` verifies every
pin.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from assay.engine.checks import CHECKS
from assay.engine.passes.findings import guarded
from assay.engine.passes.rulesets import Ruleset
from assay.engine.workspace.document_context import WorkspaceContext
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.pin_results import PinResult
from assay.spec.diagnostics import Diagnostic, sorted_diagnostics

#: The codes of the checks that read pin results (the runner verifies pins for them).
PIN_CODES = frozenset({"PIN001", "PIN002", "PIN003", "PTH001", "PTH002", "PTH003", "PTH004"})


def pin_diagnostics(workspace: Workspace, results: Sequence[PinResult]) -> tuple[Diagnostic, ...]:
    """The pin checks' diagnostics for ``results``, in report order."""
    checks = [c for c in CHECKS if c.code in PIN_CODES]
    ruleset = Ruleset.build(checks, severity=workspace.config.severity)
    context = WorkspaceContext(
        documents=(),
        discovery=evolve(workspace.discovery, skipped=()),
        files=workspace.files,
        config=workspace.config,
        pins=tuple(results),
    )
    found: list[Diagnostic] = []
    for rule in ruleset.checks:
        found.extend(guarded(ruleset, rule, context, None))
    return sorted_diagnostics(found)
