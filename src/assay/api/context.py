"""The Python API of task context: which declarations a task gets, as a value.

::

    import assay

    selection = assay.select(".", where={"language": "go", "repository": "svc-a"})
    for decision in selection.selected:
        print(decision.declared.name, decision.declared.version, decision.declared.path)
    for decision in selection.excluded:
        print(decision.declared.name, decision.message)

    bundle = assay.assemble(".", where={"repository": "billing"}, budget=20_000)
    if bundle.ok:
        assay.write_bundle(bundle, "bundle")   # bundle/bundle.md, bundle/manifest.json
    for diagnostic in bundle.diagnostics:     # CTX002 for each optional unit left out
        print(diagnostic.code, diagnostic.message)

``declarations`` asks for legacy versions by name (``"go-testing@2"``). Nothing here
prints; only ``write_bundle`` writes. A task or request that cannot be read, or one
naming a declaration the workspace lacks, raises ``UsageError``; a spec error raises
``SpecError`` with the diagnostics (``assay check`` reports them too).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from assay.api import SpecError, StrPath
from assay.engine.context.assembly import Budget
from assay.engine.context.assembly import assemble as _assemble
from assay.engine.context.bundle import Bundle
from assay.engine.context.selection import Decision, Request, Selection
from assay.engine.context.selection import select as _select
from assay.engine.context.spec_files import linked_specs
from assay.engine.context.task import parse_request, parse_where
from assay.engine.context.writing import BundleError
from assay.engine.context.writing import write_bundle as _write_bundle
from assay.engine.context.writing import write_manifest as _write_manifest
from assay.engine.files.destination import Ground
from assay.engine.files.tracking import read_tracking
from assay.engine.workspace.config import Config, load_config
from assay.engine.workspace.declarations import Declared
from assay.engine.workspace.inputs import ground
from assay.engine.workspace.loading import Workspace, open_workspace
from assay.errors import UsageError
from assay.spec.manifest import MAX_BUDGET

__all__ = [
    "Bundle",
    "BundleError",
    "Decision",
    "Declared",
    "Request",
    "Selection",
    "SpecError",
    "assemble",
    "parse_request",
    "parse_where",
    "select",
    "write_bundle",
    "write_manifest",
]


def select(
    root: StrPath = ".",
    where: Mapping[str, str] | None = None,
    declarations: Iterable[str | Request] = (),
    *,
    config: StrPath | Config | None = None,
    cache: bool = True,
) -> Selection:
    """The declarations of the workspace at ``root`` that the task ``where`` gets.

    ``where`` maps each dimension to the task's one value; ``declarations`` asks for
    versions by name (``"go-testing@2"`` or a ``Request``). ``config`` is a config file
    (or a ``Config``) instead of the nearest one; ``cache`` reuses the resolved specs.
    """
    settings = config if isinstance(config, Config) else _config(Path(root), config)
    return _selected(settings, where, declarations, cache=cache)[1]


def _selected(
    settings: Config,
    where: Mapping[str, str] | None,
    declarations: Iterable[str | Request],
    *,
    cache: bool,
) -> tuple[Workspace, Selection]:
    task = _task(where or {})
    requests = [r if isinstance(r, Request) else parse_request(r) for r in declarations]
    workspace = open_workspace(settings, cache=cache)
    if workspace.stopped:
        raise SpecError(workspace.spec_diagnostics)
    selection = _select(workspace.declarations, task, requests)
    if selection.unknown:
        raise UsageError(_unknown(selection.unknown, workspace.declarations))
    return workspace, selection


def assemble(
    root: StrPath = ".",
    where: Mapping[str, str] | None = None,
    budget: int = 0,
    unit: str = "bytes",
    declarations: Iterable[str | Request] = (),
    *,
    config: StrPath | Config | None = None,
    cache: bool = True,
) -> Bundle:
    """The bundle the task ``where`` gets from the workspace at ``root``, as a value.

    Selects as ``select`` does, then reads, verifies and fits the units to ``budget``
    (in ``unit``: ``"bytes"`` or ``"chars"``). ``Bundle.ok`` false: a mandatory overflow
    (CTX001) or a path or pin problem; ``diagnostics`` say which. Writes nothing.
    A budget above ``MAX_BUDGET`` (64 MiB, or 16 Mi characters) is a ``UsageError``:
    the bundle is built in memory.
    """
    if unit not in ("bytes", "chars"):
        raise UsageError(f"unit {unit!r}: expected 'bytes' or 'chars'")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        raise UsageError(f"budget {budget!r}: expected a whole number, 0 or more")
    if budget > MAX_BUDGET[unit]:
        most = f"{MAX_BUDGET[unit]:,} {unit}"
        raise UsageError(f"budget {budget:,}: at most {most} (a bundle is built in memory)")
    settings = config if isinstance(config, Config) else _config(Path(root), config)
    workspace, selection = _selected(settings, where, declarations, cache=cache)
    size = Budget(size=budget, unit=unit)  # type: ignore[arg-type]  # checked above
    linked = linked_specs(workspace)
    return _assemble(settings.root, selection, size, read_tracking(settings.root), linked)


def write_bundle(bundle: Bundle, out: StrPath, *, config: Config | None = None) -> Path:
    """Write ``bundle`` as the folder ``out`` (``bundle.md``, ``manifest.json``),
    atomically; an existing ``out`` is replaced only if it is an earlier bundle; the
    path written, as given.

    ``config``: the workspace the bundle was assembled from; ``out`` may then not be
    the workspace (or an ancestor of it), nor hold its config or a source the bundle
    includes (``DestinationRefused``). Raises ``BundleError`` for a bundle that is not
    ``ok`` or an ``out`` it will not replace."""
    return _write_bundle(bundle, _as_given(out), _ground(bundle, config))


def write_manifest(bundle: Bundle, path: StrPath, *, config: Config | None = None) -> Path:
    """Write only ``bundle``'s ``manifest.json``, as the file ``path``, replaced
    atomically (``assay assemble --out -`` prints the bundle's text instead); the path
    written. ``config`` as for ``write_bundle``."""
    return _write_manifest(bundle, _as_given(path), _ground(bundle, config))


def _ground(bundle: Bundle, config: Config | None) -> Ground:
    """The workspace and the files a bundle from it was read from: never destinations."""
    if config is None:
        return Ground()
    included = bundle.manifest.included if bundle.manifest is not None else ()
    return ground(config, more=[config.root / entry.path for entry in included])


def _as_given(path: StrPath) -> Path | str:
    """``path`` as the writers take it, spelled as given (messages show it so)."""
    return path if isinstance(path, str | Path) else Path(path)


def _config(start: Path, given: StrPath | None) -> Config:
    explicit = None if given is None else Path(given)
    if explicit is not None and not explicit.is_absolute():
        explicit = start / explicit
    return load_config(start, explicit)


def _task(where: Mapping[str, str]) -> dict[str, str]:
    task = {}
    for key, value in where.items():
        if not (isinstance(key, str) and isinstance(value, str) and key and value):
            raise UsageError(f"where {key!r}={value!r}: a dimension and its value are text")
        task[key] = value
    return task


def _unknown(requests: Iterable[Request], known: Iterable[Declared]) -> str:
    versions: dict[str, list[int]] = {}
    for declared in known:
        versions.setdefault(declared.name, []).append(declared.version)
    parts = []
    for request in requests:
        have = versions.get(request.name)
        if have is None:
            parts.append(f"no declaration is named {request.name!r}")
        else:
            listed = ", ".join(str(v) for v in sorted(have))
            parts.append(f"{request.name!r} has no version {request.version} (it has {listed})")
    return "; ".join(parts)
