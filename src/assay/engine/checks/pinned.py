"""Where a pin finding goes: the declared source's place in its spec file.

The pin checks (PIN001 to PIN003, and PTH001 to PTH004 for a declared source) read the
results of the run's one verification (``WorkspaceContext.pins``) and report each at
the part of the source statement that is wrong: the digest literal (PIN001), the
``lines`` (PIN002), the statement (PIN003 and a refused path). A finding names the
pinned file as related, so ``assay check FILE`` of a changed pinned file — what
pre-commit runs — reports the drift; a path that escapes the root names no file.
"""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding
from assay.engine.files.refusal import shown
from assay.engine.workspace.document_context import WorkspaceContext
from assay.engine.workspace.pin_results import PinResult
from assay.spec.diagnostics import Related
from assay.spec.source import Span


def finding(result: PinResult, span: Span, message: str) -> Finding:
    """``message`` at ``span`` of the result's spec file, the pinned file related."""
    related: tuple[Related, ...] = ()
    if result.refused is None or result.refused.code != "PTH001":
        related = (Related(message="the pinned file", path=result.source.path),)
    return Finding(span, message, related=related, path=result.spec)


def refusals(workspace: WorkspaceContext, code: str) -> Iterator[Finding]:
    """The declared sources refused with ``code``, each at its source statement."""
    for result in workspace.pins:
        if result.refused is not None and result.refused.code == code:
            yield finding(result, result.source.span, _in(result, result.refused.message))


def _in(result: PinResult, message: str) -> str:
    """``message`` with the declaration that names the path."""
    return f"{message} (a {result.source.role} source of `{result.declaration.name}`)"


def path_of(result: PinResult) -> str:
    """The source's path as a message shows it."""
    return shown(result.source.path)
