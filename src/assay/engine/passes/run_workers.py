"""The runs the run pass must check, read and checked here or split between processes.

Reading a run's members is most of a workspace of runs' check, and each run is
independent once every run's source is known (the manifests are read first, in this
process). So, as the per-document pass does, a large share is split between
processes (one per core, from ``fork``): a worker reads and checks whole runs and
sends back each run's findings, its parts for verification when asked, and its
members' outcomes as the document pass's workers send theirs (``Portable``). The
result is the same either way, in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from attrs import evolve, frozen

from assay.engine.checks.base import Check
from assay.engine.passes import document_pass
from assay.engine.passes.document_checks import DocumentOutcome
from assay.engine.passes.document_pass import Portable
from assay.engine.passes.findings import guarded
from assay.engine.passes.rulesets import Ruleset
from assay.engine.passes.run_members import RunMembers
from assay.engine.passes.workers import map_in_workers, workers
from assay.engine.runs.model import Run
from assay.engine.runs.parts import RunParts
from assay.engine.runs.slugs import RunSources
from assay.engine.workspace.candidates import Candidate
from assay.engine.workspace.run_folders import MANIFEST
from assay.spec.diagnostics import Diagnostic
from assay.spec.model import Model

#: A run to check: its folder and its documents' candidates.
Todo = tuple[str, list[Candidate]]
#: Runs a worker is given at once (about the per-document pass's 64 documents).
_CHUNK = 8


@frozen
class Checked(Model):
    """One run checked: its findings and, when asked, its parts for verification."""

    folder: str
    diagnostics: tuple[Diagnostic, ...]
    parts: RunParts | None


@frozen
class _Shared(Model):
    members: RunMembers
    ruleset: Ruleset
    rules: tuple[Check, ...]
    sources: RunSources
    with_parts: bool


def check_runs(
    members: RunMembers,
    ruleset: Ruleset,
    rules: Sequence[Check],
    todo: Sequence[Todo],
    *,
    jobs: int | None,
    with_parts: bool,
) -> list[Checked]:
    """Each run of ``todo`` read (through ``members``, whose ``outcomes`` then hold its
    members') and checked, in ``todo``'s order."""
    sources = RunSources(members.sources())
    sources.by_slug  # noqa: B018 - grouped once here, not in each worker
    shared = _Shared(members, ruleset, tuple(rules), sources, with_parts)
    processes = workers(sum(len(c) for _f, c in todo), jobs)
    if processes > 1 and len(todo) > 1:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return _parallel(shared, todo, processes)
        except (BrokenProcessPool, OSError):
            pass  # a worker died (out of memory?): do the work here instead
    return list(_checked(shared, todo))


def _checked(shared: _Shared, todo: Sequence[Todo]) -> Iterator[Checked]:
    for folder, candidates in todo:
        run = evolve(shared.members.run(folder, candidates), sources=shared.sources)
        diagnostics = tuple(_run_checks(shared, run))
        yield Checked(folder, diagnostics, RunParts.of(run) if shared.with_parts else None)


def _run_checks(shared: _Shared, run: Run) -> Iterator[Diagnostic]:
    manifest = run.path(MANIFEST)
    for rule in shared.rules:
        yield from guarded(shared.ruleset, rule, run, manifest)


_Shipped = tuple[list[Checked], list[Portable]]


def _work(shared: _Shared, todo: Sequence[Todo]) -> _Shipped:
    outcomes = shared.members.outcomes
    outcomes.clear()  # the parent's (the manifests'): it has them already
    checked = list(_checked(shared, todo))
    shipped = [document_pass.portable(o) for o in outcomes.values()]
    outcomes.clear()
    return checked, shipped


def _parallel(shared: _Shared, todo: Sequence[Todo], processes: int) -> list[Checked]:
    chunks = [todo[i : i + _CHUNK] for i in range(0, len(todo), _CHUNK)]
    found: list[Checked] = []
    arrived: dict[str, DocumentOutcome] = {}
    for checked, shipped in map_in_workers(_work, shared, chunks, processes):
        found.extend(checked)
        for portable in shipped:
            outcome = document_pass.arrived(portable)
            arrived[outcome.path] = outcome
    shared.members.outcomes.update(arrived)
    return found
