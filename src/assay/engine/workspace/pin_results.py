"""What verifying one pinned source found: the value the pin checks, ``assay pin`` and
assembly share (computed by ``engine.context.pins``).

It lives beside the declarations rather than with the verification so that the
checks' workspace context can carry the results of the one verification a run does:
the context is the workspace package's, and it may not import the context package.
"""

from __future__ import annotations

from typing import Literal

from attrs import frozen

from assay.engine.files.refusal import Refused
from assay.engine.workspace.declarations import Declared
from assay.spec.model import Model
from assay.spec.specfile import SourceDecl

#: ``ok``: the digest holds (and the range is inside the file); ``refused``: the path
#: was not read (PTH001 to PTH004); ``out-of-range``: the line range is not inside the
#: file (PIN002); ``missing-digest``: no ``sha256`` (PIN003); ``mismatch``: the file's
#: digest differs from the pinned one (PIN001). One status, the first that applies in
#: that order; ``actual`` and ``line_count`` say the rest.
PinStatus = Literal["ok", "refused", "out-of-range", "missing-digest", "mismatch"]


@frozen(kw_only=True)
class PinResult(Model):
    """One source of one declaration, verified against the file it names."""

    declaration: Declared
    source: SourceDecl
    status: PinStatus
    #: Why the path was not read (status ``refused``), else None.
    refused: Refused | None = None
    #: The sha256 of the file's bytes as read now; None when it was refused.
    actual: str | None = None
    #: The file's number of lines when the range is outside it (PIN002), else None.
    line_count: int | None = None

    @property
    def spec(self) -> str:
        """The spec file that declares the source (workspace-relative)."""
        return self.declaration.path

    @property
    def drifted(self) -> bool:
        """True when the file was read and its digest is not the pinned one (PIN001),
        whatever else is wrong with the source."""
        pinned = self.source.sha256
        return pinned is not None and self.actual is not None and self.actual != pinned

    @property
    def renewable(self) -> bool:
        """True when ``assay pin --write`` would write a digest: the file was read and
        its digest is missing or differs. A refused source never gets one."""
        return self.actual is not None and self.source.sha256 != self.actual
