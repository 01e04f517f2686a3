"""Run the checks over a workspace and return every diagnostic, in report order.

Each document is read once. The run pass goes first: it reads each analysis run's
members and runs the run checks over them (``engine.passes.run_pass``), checking each
member on its own as it goes; then every other document is read and checked on its
own (``engine.passes.document_pass``); both are split between processes for large
workspaces. Then the checks that compare documents run over the readings.  A check
that raises becomes ``INT001`` and the run goes on.  Then each record no spec
declares is told its findings as its folder's records judge them
(``engine.runner.undeclared``).  Then `per-file-ignores` and
inline directives silence what they name (kept as suppressed, for SARIF), unused and
unknown directives are reported, and the paths given limit what is reported — never
what is loaded.

Unchanged documents come from the store (``engine.cache.store``). A run limited to
a few paths takes the other documents from its rows (``engine.runner.scoped_pass``):
it reads and checks only the reported files and those that changed, and compares them
with the records of the whole workspace.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import frozen

from assay.engine.cache.store import Store
from assay.engine.checks import CHECKS
from assay.engine.checks.base import Check
from assay.engine.checks.registry import RULES
from assay.engine.context.pins import verify_pins
from assay.engine.passes.document_checks import DocumentOutcome
from assay.engine.passes.document_entry import Keeping
from assay.engine.passes.document_pass import run_documents
from assay.engine.passes.findings import guarded, runner_diagnostics
from assay.engine.passes.rulesets import Ruleset, matches, selectable
from assay.engine.passes.run_pass import run_pass
from assay.engine.runner import scoped_pass, undeclared
from assay.engine.runner.config_selectors import check_selectors
from assay.engine.runner.pin_pass import PIN_CODES
from assay.engine.runner.result import Report, RuleInfo, Suppressed
from assay.engine.runner.scoped_pass import Pass
from assay.engine.runner.suppression import apply
from assay.engine.runs.parts import RunParts
from assay.engine.workspace.candidates import Discovery
from assay.engine.workspace.config import Config
from assay.engine.workspace.document_context import WorkspaceContext
from assay.engine.workspace.listing import StartedListing
from assay.engine.workspace.loading import Workspace, open_workspace
from assay.engine.workspace.pin_results import PinResult
from assay.engine.workspace.record_index import RecordIndex
from assay.engine.workspace.run_folders import REVIEW
from assay.spec.diagnostics import Diagnostic, sorted_diagnostics
from assay.spec.model import Model
from assay.spec.reading import Reading
from assay.spec.rules.runner import SUP001, SUP002


@frozen(kw_only=True)
class CheckOptions(Model):
    """How a check runs, besides the workspace: what ``check`` and its callers ask for."""

    select: Sequence[str] | None = None
    ignore: Sequence[str] | None = None
    #: The files whose findings are reported (None: all); never what is loaded.
    paths: Sequence[str] | None = None
    checks: Sequence[Check] = CHECKS
    #: Processes for the per-document pass (None: one per core for large workspaces).
    jobs: int | None = None
    #: Reuse what earlier runs found in files that did not change (the store).
    cache: bool = True
    #: Keep each document's reading (without sections): a publication's pages need them.
    readings: bool = False
    #: Keep each analysis run's parts the run pass read: verification needs them.
    parts: bool = False


@frozen
class Checked(Model):
    """A check's report, and what it kept for its caller (``CheckOptions``)."""

    report: Report
    #: The reading of each document that has one, by path (with ``readings``).
    readings: dict[str, Reading]
    #: The parts of each analysis run the run pass read, by run folder (with ``parts``);
    #: a run whose findings came from the store has none here.
    parts: dict[str, RunParts]


def check(
    config: Config,
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    paths: Sequence[str] | None = None,
    checks: Sequence[Check] = CHECKS,
    jobs: int | None = None,
    cache: bool = True,
    workspace: Workspace | None = None,
    store: Store | None = None,
) -> Report:
    """Check the workspace ``config`` describes; ``paths`` limit what is reported.

    ``jobs`` is the number of processes for the per-document pass (None: one per core
    for large workspaces, else one); ``cache`` reuses what earlier runs found in files
    that did not change (``engine.cache.store``). ``workspace`` and ``store`` are
    ones opened earlier (an editor's server keeps them between checks: discovery is
    half of a scoped run); by default they are opened now.
    """
    options = CheckOptions(
        select=select, ignore=ignore, paths=paths, checks=checks, jobs=jobs, cache=cache
    )
    return check_keeping(config, options, workspace=workspace, store=store).report


def check_keeping(
    config: Config,
    options: CheckOptions,
    *,
    workspace: Workspace | None = None,
    store: Store | None = None,
    started: StartedListing | None = None,
) -> Checked:
    """A check, as ``check``, and what ``options`` ask it to keep: the readings the
    workspace checks compared (what a publication needs to write pages without
    reading every record again, ``assay.site.pages.records``), the runs' parts.
    ``started``: the listing ``start_listing`` started, for the workspace opened now."""
    opened = Store.open(config.root) if options.cache and store is None else None
    kept_in = store or opened
    try:
        if workspace is None:
            workspace = open_workspace(config, store=kept_in, started=started)
        return _checked(config, options, workspace, kept_in)
    finally:
        if opened is not None:
            opened.close()


def _checked(
    config: Config, options: CheckOptions, workspace: Workspace, store: Store | None
) -> Checked:
    """The check of the discovered ``workspace``, stage by stage: the analysis runs,
    the documents, the workspace checks, each undeclared record told its findings,
    suppressions, the report."""
    check_selectors(config, options.checks)
    ruleset = Ruleset.build(
        options.checks,
        select=config.select if options.select is None else options.select,
        ignore=config.ignore if options.ignore is None else options.ignore,
        severity=config.severity,
    )
    scope = None if options.paths is None else _scope(options.paths, workspace)
    keeping = Keeping.of(store, workspace, ruleset)
    # The run pass first: it reads each run member once, for itself and for the
    # document pass, which takes those outcomes instead of reading the members again.
    runs = run_pass(
        workspace, ruleset, scope, keeping=keeping, jobs=options.jobs, parts=options.parts
    )
    done = _documents(workspace, ruleset, options.jobs, keeping, scope, runs.read, options.readings)
    across = [*_across(workspace, ruleset, done, scope), *runs.diagnostics]
    outcomes = done.outcomes
    if done.rows and scope is not None and keeping is not None:
        more = scoped_pass.involved(done, scope, across, keeping, workspace)
        outcomes = scoped_pass.merged(outcomes, more)
    by_path = _by_path(outcomes, across)
    # A record no spec declares is judged against its folder, and told only what is
    # wrong on its face as an error.
    conventional = undeclared.undeclared_records(workspace, done.index)
    by_path = undeclared.told(by_path, done.index, conventional, ruleset)
    suppressed = _per_file_ignores(config, by_path)
    for outcome in outcomes:
        if outcome.directives:
            suppressed.extend(_directives(outcome, by_path, ruleset, options.checks))
    report = _report(workspace, options, scope, outcomes, by_path, suppressed)
    readings = {o.path: o.reading for o in outcomes if o.reading is not None}
    return Checked(report, readings, runs.parts)


def _by_path(
    outcomes: Sequence[DocumentOutcome], across: Sequence[Diagnostic]
) -> dict[str, list[Diagnostic]]:
    """Every finding of the documents and the workspace checks, by file; only the
    documents with findings: a list for each of a million records would be the
    largest thing the report holds."""
    by_path = {o.path: list(o.diagnostics) for o in outcomes if o.diagnostics}
    for diagnostic in across:
        by_path.setdefault(diagnostic.path, []).append(diagnostic)
    return by_path


def _report(
    workspace: Workspace,
    options: CheckOptions,
    scope: frozenset[str] | None,
    outcomes: Sequence[DocumentOutcome],
    by_path: Mapping[str, list[Diagnostic]],
    suppressed: list[Suppressed],
) -> Report:
    """What is reported: the spec problems and every finding, limited to ``scope``
    (a finding elsewhere that points at a file in it counts), in report order."""
    diagnostics = [*workspace.spec_diagnostics, *(d for ds in by_path.values() for d in ds)]
    if scope is not None:
        diagnostics = [
            d for d in diagnostics if d.path in scope or any(r.path in scope for r in d.related)
        ]
        suppressed = [s for s in suppressed if s.diagnostic.path in scope]
    checked = tuple(sorted(o.path for o in outcomes))
    paths = options.paths
    return Report(
        diagnostics=sorted_diagnostics(diagnostics),
        suppressed=tuple(sorted(suppressed, key=lambda s: s.diagnostic.sort_key)),
        files=checked if scope is None else tuple(p for p in checked if p in scope),
        rules=_rules(options.checks),
        notes=workspace.discovery.notes,
        unmatched_paths=() if paths is None else _unmatched(paths, workspace),
    )


def _documents(
    workspace: Workspace,
    ruleset: Ruleset,
    jobs: int | None,
    keeping: Keeping | None,
    scope: frozenset[str] | None,
    members: Mapping[str, DocumentOutcome],
    readings: bool,
) -> Pass:
    """The per-document pass: from the store's rows when only ``scope`` is reported
    and the store holds them, else over every document (through the store, if any).
    ``members``: the outcomes of the run members the run pass read, not read again;
    ``readings``: each outcome keeps its reading (a publication's pages need them)."""
    if workspace.stopped:
        return Pass([], RecordIndex([], workspace.files, workspace.repository_urls))
    if keeping is not None and scope is not None:
        scoped = scoped_pass.scoped_pass(workspace, ruleset, jobs, scope, keeping, members)
        if scoped is not None:
            return scoped
    outcomes = run_documents(
        workspace, ruleset, jobs, keeping=keeping, scope=scope, members=members, readings=readings
    )
    return scoped_pass.full_pass(workspace, outcomes)


def _across(
    workspace: Workspace, ruleset: Ruleset, done: Pass, scope: frozenset[str] | None
) -> list[Diagnostic]:
    """The workspace checks, over the records of every document (``done.index``, their
    whole view of the documents: none is held whole); only findings that concern
    ``scope`` need be found when it is given."""
    across = WorkspaceContext(
        documents=(),
        discovery=workspace.discovery,
        files=workspace.files,
        config=workspace.config,
        index=done.index,
        focus=scope,
        pins=_pins(workspace, ruleset),
    )
    found: list[Diagnostic] = []
    for rule in ruleset.checks:
        if rule.scope == "workspace":
            found.extend(guarded(ruleset, rule, across, None))
    return found


def _pins(workspace: Workspace, ruleset: Ruleset) -> tuple[PinResult, ...]:
    """The declared sources verified now (every run: a pinned file changes without the
    spec changing, so nothing of this is cached); none after a spec error."""
    if workspace.stopped or not any(rule.code in PIN_CODES for rule in ruleset.checks):
        return ()
    return verify_pins(workspace)


def _per_file_ignores(config: Config, by_path: dict[str, list[Diagnostic]]) -> list[Suppressed]:
    suppressed: list[Suppressed] = []
    for path, items in by_path.items():
        ignored = config.ignores_for(path)
        if not ignored:
            continue
        keep = []
        for diagnostic in items:
            if any(matches(s, diagnostic.code, diagnostic.name) for s in ignored):
                suppressed.append(Suppressed(diagnostic, "config", "per-file-ignores"))
            else:
                keep.append(diagnostic)
        items[:] = keep
    return suppressed


def _directives(
    outcome: DocumentOutcome,
    by_path: dict[str, list[Diagnostic]],
    ruleset: Ruleset,
    checks: Sequence[Check],
) -> tuple[Suppressed, ...]:
    result = apply(
        by_path.get(outcome.path, []),
        outcome.directives,
        outcome.lines,
        ruleset.rules,
        selectable(checks),
    )
    kept = list(result.kept)
    kept.extend(runner_diagnostics(ruleset, SUP001, outcome.path, result.unused))
    kept.extend(runner_diagnostics(ruleset, SUP002, outcome.path, result.unknown))
    by_path[outcome.path] = kept
    return result.suppressed


def _scope(paths: Sequence[str], workspace: Workspace) -> frozenset[str] | None:
    """The workspace files whose findings are reported: the paths given, and the files
    below a folder given. None (everything) for the root, or when a spec or the config is
    among them: a changed spec can change every finding."""
    discovery = workspace.discovery
    config = workspace.config
    source = config.source.relative_to(config.root).as_posix() if config.source else None
    known = [
        *(c.path for c in discovery.documents),
        *(s.path for s in discovery.skipped),
        *discovery.specs,
        *_reviews(discovery),
        *_pinned(workspace),
    ]
    found: set[str] = set()
    for path in paths:
        folder = path.rstrip("/")
        if folder in ("", "."):
            return None
        found.add(folder)
        found.update(k for k in known if k.startswith(folder + "/"))
    if found & set(discovery.specs) or source in found:
        return None
    return frozenset(found)


def _unmatched(paths: Sequence[str], workspace: Workspace) -> tuple[str, ...]:
    """The given paths that are no document, skipped file, spec or config of the
    workspace, and no folder holding one: a report limited to them is empty whatever
    they hold, and the user should hear why."""
    discovery = workspace.discovery
    config = workspace.config
    known = {
        *(c.path for c in discovery.documents),
        *(s.path for s in discovery.skipped),
        *discovery.specs,
        *_reviews(discovery),
        *_pinned(workspace),
    }
    if config.source is not None:
        known.add(config.source.relative_to(config.root).as_posix())
    # The folders holding them, so each path is one look-up (pre-commit can pass
    # thousands of source files).
    for path in list(known):
        while "/" in path:
            path = path.rpartition("/")[0]
            if path in known:
                break
            known.add(path)
    return tuple(p for p in paths if p.rstrip("/") not in ("", ".") and p.rstrip("/") not in known)


def _reviews(discovery: Discovery) -> list[str]:
    """The runs' ``review.md`` files: no document, but the run checks compare them
    with the rendered review, so a report limited to one has findings to give."""
    if not discovery.runs:
        return []
    files = set(discovery.files)
    paths = (f"{run}/{REVIEW}" if run else REVIEW for run in discovery.runs)
    return [path for path in paths if path in files]


def _pinned(workspace: Workspace) -> list[str]:
    """The declared sources' paths: pre-commit passes a changed pinned file, and the
    pin findings (in the spec, the file related) are then the ones to report."""
    return [s.path for d in workspace.declarations for s in d.declaration.sources]


def _rules(checks: Sequence[Check]) -> tuple[RuleInfo, ...]:
    """The rules a check run can report: its checks', the runner's and the spec reader's."""
    rules = [*selectable(checks), *(r for r in RULES if r.stage == "spec")]
    return tuple(RuleInfo.of(r) for r in sorted(rules, key=lambda r: r.code))
