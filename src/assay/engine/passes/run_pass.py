"""The run pass: the run checks over each analysis run a report concerns.

A run check compares a run's files with each other, so it needs them loaded whole,
which the per-document pass does not keep. The run pass reads them first, each member
once (``engine.passes.run_members``), and gives the document pass their outcomes, so
it does not read them again. A warm run would then read every run again; instead each
run's findings are kept in the store (``engine.cache.store``), under the documents'
settings digest, valid while the run's files are the same files with the same stamps
(``discovery.Stamp``) — its ``review.md`` included, which the run compares with the
review it renders.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from attrs import field, frozen

from assay.engine.cache.store import RUN, Held, stamp_text
from assay.engine.passes.document_checks import DocumentOutcome
from assay.engine.passes.document_entry import Keeping
from assay.engine.passes.rulesets import Ruleset
from assay.engine.runs.parts import RunParts
from assay.engine.workspace.candidates import Candidate
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.run_folders import MANIFEST, REVIEW
from assay.spec.diagnostics import Diagnostic
from assay.spec.model import Model

#: What says a run is unchanged: each file's path and stamp, in path order.
Key = tuple[tuple[str, object], ...]
#: The runs to check: each folder and its members.
_Todo = list[tuple[str, list[Candidate]]]


@frozen
class RunPass(Model):
    """The run checks' findings, and the outcomes of the members read for them."""

    diagnostics: list[Diagnostic]
    #: The per-document outcome of every run member this pass read, by path: the
    #: document pass takes these instead of reading the members again.
    read: dict[str, DocumentOutcome] = field(factory=dict)
    #: The parts of each run this pass read, by folder (when asked for).
    parts: dict[str, RunParts] = field(factory=dict)


def run_pass(
    workspace: Workspace,
    ruleset: Ruleset,
    scope: frozenset[str] | None,
    *,
    keeping: Keeping | None = None,
    jobs: int | None = None,
    parts: bool = False,
) -> RunPass:
    """The run checks' findings over the runs of ``scope`` (all runs when None); with
    ``keeping``, the findings of unchanged runs come from it, and the members'
    outcomes have their entries. ``jobs``: the processes that read the runs, as for
    the per-document pass; with ``parts``, each run read keeps its parts."""
    rules = [rule for rule in ruleset.checks if rule.scope == "run"]
    if workspace.stopped or not rules or not workspace.discovery.runs:
        return RunPass([])
    from assay.engine.passes.run_members import RunMembers
    from assay.engine.passes.run_workers import check_runs

    held = {} if keeping is None else keeping.store.held(RUN, keeping.settings)
    found, todo, keys = _held_or_todo(workspace, scope, held)
    members = RunMembers(workspace, ruleset, keep=keeping is not None)
    kept_parts: dict[str, RunParts] = {}
    if todo:
        checked_runs = check_runs(members, ruleset, rules, todo, jobs=jobs, with_parts=parts)
        for checked in checked_runs:
            found[checked.folder] = checked.diagnostics
            _keep(keeping, checked.folder, checked.diagnostics, keys[checked.folder])
            if checked.parts is not None:
                kept_parts[checked.folder] = checked.parts
    if keeping is not None:
        runs = set(workspace.discovery.runs)
        keeping.store.drop(RUN, (folder for folder in held if folder not in runs))
        keeping.store.commit()
    return RunPass([d for f in sorted(found) for d in found[f]], members.outcomes, kept_parts)


def _held_or_todo(
    workspace: Workspace, scope: frozenset[str] | None, held: Mapping[str, Held]
) -> tuple[dict[str, tuple[Diagnostic, ...]], _Todo, dict[str, Key | None]]:
    """Which runs of ``scope`` keep their held findings (their key is the one stored)
    and which must be checked: the findings found, the runs to check, and each one's
    key (None: not cached)."""
    from assay.engine.runs.load import runs_of

    # IDN004 compares each run's source with every other run's: a run's findings hold
    # while no run's manifest changed either, and the sources are read on a miss only.
    manifests = _manifests(workspace)
    found: dict[str, tuple[Diagnostic, ...]] = {}
    todo: _Todo = []
    keys: dict[str, Key | None] = {}
    for folder, candidates in runs_of(workspace, scope).items():
        key = _key(workspace, folder, [c.path for c in candidates], manifests)
        hit = held.get(folder)
        if key is not None and hit is not None and hit.stamp == stamp_text(key):
            found[folder] = hit.value
        else:
            todo.append((folder, candidates))
            keys[folder] = key
    return found, todo, keys


def _keep(
    keeping: Keeping | None, folder: str, diagnostics: tuple[Diagnostic, ...], key: Key | None
) -> None:
    """Store a checked run's findings under its key, when findings are kept and the
    run has a key."""
    if keeping is not None and key is not None:
        keeping.store.put(RUN, folder, keeping.settings, diagnostics, stamp=key)


def _manifests(workspace: Workspace) -> tuple[tuple[str, object], ...] | None:
    """Every run's ``run.toml`` and its stamp; None when one has no stamp."""
    stamps = workspace.discovery.stamps
    found = []
    for folder in workspace.discovery.runs:
        path = f"{folder}/{MANIFEST}" if folder else MANIFEST
        stamp = stamps.get(path)
        if stamp is None:
            return None
        found.append((path, stamp))
    return tuple(found)


def _key(
    workspace: Workspace,
    folder: str,
    paths: list[str],
    manifests: tuple[tuple[str, object], ...] | None,
) -> Key | None:
    """The run's files and their stamps, and every run's manifest and its stamp; None
    when one has no stamp (not cached)."""
    if manifests is None:
        return None
    stamps = workspace.discovery.stamps
    key: list[tuple[str, object]] = [("runs", manifests)]
    for path in sorted(paths):
        stamp = stamps.get(path)
        if stamp is None:
            return None
        key.append((path, stamp))
    review = f"{folder}/{REVIEW}" if folder else REVIEW
    try:
        status = os.lstat(workspace.config.root / review)
        key.append((review, (status.st_size, status.st_mtime_ns, status.st_ino)))
    except OSError:
        key.append((review, None))
    return tuple(key)
