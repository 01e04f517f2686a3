"""What stops an evaluation stage: ``EvidenceError`` and the diagnostics that say why.

The stages make those diagnostics from their rules (``assay.spec.rules.evaluation``
and the modules beside it).
"""

from __future__ import annotations

from assay.errors import AssayError
from assay.spec.diagnostics import Diagnostic


class EvidenceError(AssayError):
    """An evaluation stage cannot continue; ``diagnostics`` say why (exit 2)."""

    def __init__(self, diagnostics: tuple[Diagnostic, ...] | list[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("; ".join(f"{d.code} {d.message}" for d in self.diagnostics))
