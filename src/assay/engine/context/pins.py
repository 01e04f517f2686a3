"""Pins verified: each declared source read through safe file access, its digest and
range compared with the declaration (seed 002: "Pin tracked regular declaration and
source files to full-file snapshot digests").

``verify_pins(workspace)`` is the one verification a run does: the pin checks of
``assay check`` (PIN001 to PIN003, and PTH001 to PTH004 at the declaration), ``assay pin``
and assembly all read its results. Files change without the specs changing, so the
results are never cached: every call reads every pinned file again (hashing only,
nothing kept — ``limit=0``). Git's index is read once per call, and only when some
declaration has a source (the quiet-repository assumption, ``engine.files.tracking``).

A source is judged in this order, the first that applies giving its status: its
declaration's spec file not tracked by git (PTH004: seed 002 pins tracked declaration
files too), the path refused (PTH001 to PTH004; nothing else is known), the range
outside the file (PIN002), no digest (PIN003), a digest that differs (PIN001).
``PinResult.drifted`` says PIN001 whatever the status, so a file that both changed and
shrank past its range is both.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from assay.engine.files.digest import Digest
from assay.engine.files.refusal import Refused, not_regular, spec_not_tracked
from assay.engine.files.source import read_source
from assay.engine.files.tracking import Tracking, read_tracking
from assay.engine.workspace.declarations import Declared
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.pin_results import PinResult, PinStatus
from assay.spec.specfile import SourceDecl

__all__ = ["PinResult", "PinStatus", "verify_declared", "verify_pins"]


def verify_pins(workspace: Workspace) -> tuple[PinResult, ...]:
    """Every source of every declaration of ``workspace``, verified now, in declaration
    order (name, version, place) and each declaration's sources in file order."""
    return verify_declared(workspace.config.root, workspace.declarations)


def verify_declared(
    root: Path | str, declarations: Iterable[Declared], tracking: Tracking | None = None
) -> tuple[PinResult, ...]:
    """``declarations``' sources verified below ``root``; ``tracking`` read here (once)
    when not given and some declaration has a source."""
    declared = [d for d in declarations if d.declaration.sources]
    if not declared:
        return ()
    known = read_tracking(root) if tracking is None else tracking
    return tuple(_verified(root, declared, known))


def _verified(
    root: Path | str, declared: list[Declared], tracking: Tracking
) -> Iterator[PinResult]:
    for declaration in declared:
        spec = tracking.refusal(declaration.path)
        for source in declaration.declaration.sources:
            read = spec_not_tracked(declaration.path) if spec else _read(root, source, tracking)
            if isinstance(read, Refused):
                yield PinResult(
                    declaration=declaration, source=source, status="refused", refused=read
                )
                continue
            count = read.line_count if read.outcome == "out-of-bounds" else None
            yield PinResult(
                declaration=declaration,
                source=source,
                status=_status(source, read, count),
                actual=read.sha256,
                line_count=count,
            )


def _read(root: Path | str, source: SourceDecl, tracking: Tracking) -> Digest | Refused:
    lines = None if source.lines is None else (source.lines.start, source.lines.end)
    try:
        return read_source(root, source.path, tracking, lines, limit=0)
    except OSError as error:  # a read that fails after the open (EIO, a vanished mount)
        return not_regular(source.path, f"it could not be read ({error.strerror or error})")


def _status(source: SourceDecl, read: Digest, line_count: int | None) -> PinStatus:
    if line_count is not None:
        return "out-of-range"
    if source.sha256 is None:
        return "missing-digest"
    if source.sha256 != read.sha256:
        return "mismatch"
    return "ok"
