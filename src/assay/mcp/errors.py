"""A call the server answers with a tool error: what went wrong, and the diagnostics."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assay.spec.diagnostics import Diagnostic


class ToolError(Exception):
    """The call cannot be answered: ``message`` says why, ``diagnostics`` (if any) are
    the findings behind it (a spec error's, an unverified run's), sent as a report."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.diagnostics = tuple(diagnostics)
