"""``assay pin --write``: renew the digests in the spec files, and nothing else.

Each renewable source (``PinResult.renewable``: the file was read, and its digest is
missing or differs) gets the digest of the file as read: a digest literal is replaced
where it stands (``SourceDecl.sha256_span``, quotes included), a missing one is added
as `` sha256 "…"`` right after the statement's last token (its path or its lines).
Every other byte of the spec file stays as it was — comments, spacing, line endings,
a BOM, digests that hold — so the diff a reviewer sees is the digests alone. A source
assay refused to read (PTH001 to PTH004) never gets a digest: there is no reviewed
text to pin.

Spans are byte offsets into the spec as it was parsed. Before editing, each span is
checked against the bytes on disk (the literal still holds the old digest; the
statement still starts with its role); a spec that changed since it was read raises
``SpecChanged`` and that file is left alone. The spec file must pass the one rule for
an edit in place (``destination.claim_edit``: not under ``.git``, no link on its way);
it is replaced atomically — a temporary file beside it, then a rename, by the one
writer — only when its bytes change, so a second ``--write`` writes nothing, and only
if it still holds the bytes read. The replacement keeps the file's permission bits.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from assay.engine.files.destination import claim_edit
from assay.engine.files.writing import replace_file
from assay.engine.workspace.pin_results import PinResult
from assay.errors import InputError


class SpecChanged(InputError):
    """A spec file's bytes are not those its declarations were parsed from."""


def renew(root: Path | str, results: Iterable[PinResult]) -> tuple[str, ...]:
    """Write the renewed digests of ``results`` into their spec files below ``root``;
    the spec files changed (workspace-relative, sorted)."""
    by_spec: dict[str, list[PinResult]] = {}
    for result in results:
        if result.renewable:
            by_spec.setdefault(result.spec, []).append(result)
    changed = []
    for spec, renewals in sorted(by_spec.items()):
        target = Path(root) / spec
        if target.is_symlink():
            # Replacing it would turn the link into a file and leave its target stale.
            raise SpecChanged(
                f"{spec} is a symbolic link: assay writes no spec file through a link; "
                "renew the digests in the file it points at"
            )
        claim_edit(target, flag="pin --write", workspace=root)
        raw = target.read_bytes()
        edited = edit(raw, renewals, spec)
        if edited != raw:
            replace_file(target, edited, raw)  # only if unchanged since read; mode kept
            changed.append(spec)
    return tuple(changed)


def edit(raw: bytes, renewals: Iterable[PinResult], spec: str) -> bytes:
    """``raw`` with each of ``renewals``' digests written in (see the module)."""
    edits: list[tuple[int, int, bytes]] = []
    for result in renewals:
        if result.actual is None:
            continue
        literal = f'"{result.actual}"'.encode()
        source = result.source
        span = source.sha256_span
        if span is not None:
            if raw[span.start : span.end].strip(b'"').lower() != (source.sha256 or "").encode():
                raise SpecChanged(f"{spec} changed since it was read; run `assay pin` again")
            edits.append((span.start, span.end, literal))
        else:
            if not raw[source.span.start : source.span.end].startswith(source.role.encode()):
                raise SpecChanged(f"{spec} changed since it was read; run `assay pin` again")
            edits.append((source.span.end, source.span.end, b" sha256 " + literal))
    out = raw
    for start, end, text in sorted(edits, reverse=True):
        out = out[:start] + text + out[end:]
    return out
