"""What one task gets under each condition, built without starting any agent.

``overview``: the benchmark's overview documents, whole, in order. ``task``: the
bundle of the task's declarations (``engine.context``), selected by the task's
dimensions and fitted to the benchmark's budget. Either way the agent's stdin is the
material, then a ``# Task`` heading and the prompt. Beside the bytes comes a
content-free snapshot (paths, digests and sizes, no text): ``run`` builds it again and
a difference is a basis error — a pin drifted since ``prepare``.
"""

from __future__ import annotations

import hashlib
import json

from attrs import evolve, frozen

from assay.engine.context.assembly import Budget, assemble
from assay.engine.context.selection import select
from assay.engine.files.refusal import Refused
from assay.engine.files.source import read_source
from assay.engine.files.tracking import Tracking
from assay.engine.workspace.declarations import Declared
from assay.spec.evaluation import BenchmarkDecl, TaskDecl
from assay.spec.evidence import Condition, Provision
from assay.spec.manifest import MAX_BUDGET
from assay.spec.model import Model


@frozen(kw_only=True)
class Material(Model):
    """What one condition delivers, before the prompt: the same for tasks that share
    documents (or dimensions), so it is built once and ``deliver``-ed per task."""

    condition: Condition
    material: bytes
    units: str  #: JSON list of what was read: paths, digests, sizes; never text
    missing: tuple[str, ...] = ()  #: required material that could not be delivered
    omitted: tuple[str, ...] = ()  #: optional units the budget had no room for
    declarations: tuple[str, ...] = ()
    cues: tuple[str, ...] = ()


@frozen(kw_only=True)
class Delivery(Model):
    """One task's stdin under one condition, its content-free snapshot, its provision."""

    condition: Condition
    material: bytes
    stdin: bytes
    snapshot: str  #: JSON: the units, the stdin's digest and size
    provision: Provision
    declarations: tuple[str, ...] = ()
    cues: tuple[str, ...] = ()


def stdin_of(material: bytes, prompt: str) -> bytes:
    """The bytes an agent reads: the material, then the prompt under ``# Task``."""
    gap = b"" if not material or material.endswith(b"\n") else b"\n"
    return material + gap + b"\n# Task\n\n" + prompt.encode("utf-8") + b"\n"


def deliver(made: Material, prompt: str) -> Delivery:
    """``made`` with ``prompt``: the stdin, the snapshot and the provision."""
    stdin = stdin_of(made.material, prompt)
    digest = hashlib.sha256(stdin).hexdigest()
    snapshot = (
        f'{{"condition": "{made.condition}", "stdin_bytes": {len(stdin)}, '
        f'"stdin_sha256": "{digest}", "units": {made.units}}}'
    )
    provision = Provision(
        complete=not made.missing,
        missing=made.missing,
        stdin_sha256=digest,
        stdin_size=len(stdin),
        omitted=made.omitted,
    )
    return Delivery(
        condition=made.condition,
        material=made.material,
        stdin=stdin,
        snapshot=snapshot,
        provision=provision,
        declarations=made.declarations,
        cues=made.cues,
    )


def received(prepared: Provision, taken: int | None) -> Provision:
    """The provision of an attempt whose agent read ``taken`` bytes of the prepared
    stdin (None: not measured, and nothing claimed): fewer than all is incomplete."""
    size = prepared.stdin_size
    if taken is None or size is None or taken >= size:
        return evolve(prepared, delivered=taken)
    short = f"stdin: the agent read {taken:,} of {size:,} bytes and no more"
    return evolve(prepared, delivered=taken, complete=False, missing=(*prepared.missing, short))


#: Why an overview document over the cap is missing provision.
_TOO_LARGE = f"larger than {MAX_BUDGET['bytes']:,} bytes, the most an overview document may hold"


def overview_material(root: str, bench: BenchmarkDecl, tracking: Tracking) -> Material:
    """The overview documents, whole; one that cannot be read is missing provision."""
    parts: list[bytes] = []
    units: list[dict[str, object]] = []
    missing: list[str] = []
    for path in bench.overview:
        # Held to the budget's cap: the stdin is built in memory, so is each document.
        read = read_source(root, path, tracking, None, limit=MAX_BUDGET["bytes"])
        if isinstance(read, Refused) or read.outcome != "kept":
            why = read.message if isinstance(read, Refused) else _TOO_LARGE
            missing.append(f"{path}: {why}")
            units.append({"path": path, "refused": why})
            continue
        parts.append(
            f"<!-- assay overview · {path} · sha256 {read.sha256} -->\n".encode() + read.text
        )
        units.append({"path": path, "sha256": read.sha256, "bytes": read.size})
    material = b"\n".join(p if p.endswith(b"\n") else p + b"\n" for p in parts)
    return Material(
        condition="overview",
        material=material,
        units=json.dumps(units, sort_keys=True),
        missing=tuple(missing),
    )


def task_material(
    root: str,
    bench: BenchmarkDecl,
    task: TaskDecl,
    declared: tuple[Declared, ...],
    tracking: Tracking,
) -> Material:
    """The task's bundle; a bundle that is not ok delivers nothing and says why."""
    selection = select(declared, dict(task.where), [])
    bundle = assemble(root, selection, Budget(size=bench.budget), tracking)
    names = tuple(f"{d.declared.name}@{d.declared.version}" for d in selection.selected)
    cues = tuple(
        f"{c.name}@{d.declared.name}@{d.declared.version}"
        for d in selection.selected
        for c in d.declared.declaration.cues
    )
    units: list[dict[str, object]] = []
    if bundle.manifest is not None:
        units = [
            {
                "path": u.path,
                "lines": list(u.lines) if u.lines else None,
                "sha256": u.sha256,
                "bytes": u.bytes,
            }
            for u in bundle.manifest.included
        ]
    missing = tuple(
        f"{d.path}:{d.span.line}: {d.code} {d.message}"
        for d in bundle.diagnostics
        if d.severity == "error"
    )
    if not bundle.ok and not missing:
        missing = ("the bundle could not be assembled",)
    omitted: tuple[str, ...] = ()
    if bundle.manifest is not None:
        omitted = tuple(
            f"{u.path}{f':{u.lines[0]}-{u.lines[1]}' if u.lines else ''} "
            f"(sha256 {u.sha256}, {u.bytes:,} bytes; {u.room:,} left of the budget)"
            for u in bundle.manifest.omitted
        )
    return Material(
        condition="task",
        material=bundle.text if bundle.ok else b"",
        units=json.dumps(units, sort_keys=True),
        missing=missing,
        omitted=omitted,
        declarations=names,
        cues=cues,
    )
