"""The exit codes of the command line (DESIGN: 0 clean, 1 findings, 2 error, 3 bug).

A module of their own so that the commands, which ``assay.cli`` imports, need not
import ``assay.cli`` back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assay.spec.diagnostics import Diagnostic

EXIT_OK = 0  #: nothing at or above --fail-on
EXIT_FINDINGS = 1  #: diagnostics at or above --fail-on
EXIT_ERROR = 2  #: usage, config or spec error, unreadable input
EXIT_INTERNAL = 3  #: a bug in assay


def stopped(diagnostics: Iterable[Diagnostic]) -> bool:
    """Whether the run could not do its job, which exits 2 whatever ``--fail-on``
    says: a spec error (SPC) or a document that cannot be read (DOC001). The exit
    code and SARIF's ``executionSuccessful`` both ask here, so they cannot disagree."""
    return any(
        d.severity == "error" and (d.code.startswith("SPC") or d.code == "DOC001")
        for d in diagnostics
    )
