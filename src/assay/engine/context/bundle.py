"""A bundle as values: ``bundle.md``'s bytes and ``manifest.json``'s model.

``bundle.md`` is UTF-8 Markdown: a first line saying what it is, then each included
unit, in order, under a provenance header (an HTML comment, so a rendered view shows
only the sources)::

    <!-- assay unit 1/3 · primary · docs/t.md · lines 12..40 · sha256 9f86… · 345 bytes · t@3 -->
    …the unit's exact bytes…

Nothing of a unit is changed — its line endings, BOM, final newline or lack of one, and
any byte that is not UTF-8 stay as in the source. After a unit that does not end with
a line ending assay adds one ``\\n``, so the next header starts a line; the manifest's
``offset`` and ``bytes`` say exactly where each unit's bytes are, which is what a reader
should trust (a source may hold text that looks like a header).
"""

from __future__ import annotations

import json

from attrs import frozen

from assay.engine.context.selection import Selection
from assay.engine.context.units import Unit
from assay.engine.files.digest import Digest
from assay.spec.diagnostics import Diagnostic
from assay.spec.manifest import (
    MANIFEST_VERSION,
    BudgetUnit,
    CueEntry,
    IncludedUnit,
    Manifest,
    OmittedUnit,
)
from assay.spec.model import Model


@frozen(kw_only=True)
class Piece(Model):
    """An included unit and what was read of it."""

    unit: Unit
    digest: Digest
    size: int  #: in the budget's unit


@frozen(kw_only=True)
class Omitted(Model):
    """An optional unit left out, and why (its size against the room left)."""

    unit: Unit
    digest: Digest
    size: int | None
    room: int


@frozen(kw_only=True)
class Bundle(Model):
    """What ``assemble`` gives: when ``ok``, the bytes of ``bundle.md`` and the
    manifest; else no text, no manifest, and ``diagnostics`` holding the errors.
    ``diagnostics`` also holds the CTX002 infos of a bundle that is ``ok``."""

    ok: bool
    text: bytes
    manifest: Manifest | None
    diagnostics: tuple[Diagnostic, ...]


def build_bundle(
    *,
    selection: Selection,
    budget_size: int,
    unit: BudgetUnit,
    pieces: tuple[Piece, ...],
    omitted: tuple[Omitted, ...],
    tracking: str,
    diagnostics: tuple[Diagnostic, ...],
    ok: bool,
) -> Bundle:
    """Render the text and the manifest of ``pieces`` (when ``ok``)."""
    if not ok:
        return Bundle(ok=False, text=b"", manifest=None, diagnostics=diagnostics)
    task = ", ".join(f"{k}={v}" for k, v in selection.task) or "no dimensions"
    out = bytearray(f"<!-- assay bundle · task: {_safe(task)} · {len(pieces)} units -->\n".encode())
    included = []
    for number, piece in enumerate(pieces, start=1):
        out += _header(number, len(pieces), piece).encode("utf-8")
        offset = len(out)
        out += piece.digest.text
        if piece.digest.text and piece.digest.text[-1:] not in (b"\n", b"\r"):
            out += b"\n"
        included.append(
            IncludedUnit(
                role=piece.unit.role,  # type: ignore[arg-type]
                path=piece.unit.path,
                lines=piece.unit.lines,
                sha256=piece.digest.sha256,
                size=piece.size,
                bytes=len(piece.digest.text),
                offset=offset,
                declarations=piece.unit.contributors,
            )
        )
    manifest = Manifest(
        version=MANIFEST_VERSION,
        task=dict(selection.task),
        requests=tuple(str(r) for r in selection.requests),
        budget=budget_size,
        unit=unit,
        used=sum(p.size for p in pieces),
        included=tuple(included),
        omitted=tuple(
            OmittedUnit(
                path=o.unit.path,
                lines=o.unit.lines,
                sha256=o.digest.sha256,
                size=o.size,
                bytes=o.digest.range_size,
                room=o.room,
                declarations=o.unit.contributors,
            )
            for o in omitted
        ),
        cues=tuple(
            CueEntry(
                declaration=d.declared.name, version=d.declared.version, cue=c.name, covers=c.covers
            )
            for d in selection.selected
            for c in d.declared.declaration.cues
        ),
        tracking=tracking,
    )
    return Bundle(ok=True, text=bytes(out), manifest=manifest, diagnostics=diagnostics)


def _header(number: int, count: int, piece: Piece) -> str:
    unit = piece.unit
    lines = "whole file" if unit.lines is None else f"lines {unit.lines[0]}..{unit.lines[1]}"
    who = ", ".join(f"{c.name}@{c.version}" for c in unit.contributors)
    size = len(piece.digest.text)
    return (
        f"<!-- assay unit {number}/{count} · {unit.role} · {_safe(unit.path)} · {lines} · "
        f"sha256 {piece.digest.sha256} · {size} byte{'' if size == 1 else 's'} · {_safe(who)} -->\n"
    )


def _safe(text: str) -> str:
    """``text`` as it can stand in a one-line HTML comment: JSON-quoted when it holds
    anything that is not printable or could end the comment."""
    if text.isprintable() and "--" not in text:
        return text
    return json.dumps(text, ensure_ascii=True).replace("--", "-\\u002d")
