"""What a site may hold: decision records without errors, reviews of verified runs.

One check of the workspace and one ``verify_runs`` decide it. A record (a
document whose type is or extends ``adr``) is published unless an error is reported in
it by a rule whose ``publication`` is ``excludes`` (its own text cannot be trusted);
the findings of ``noted`` rules (relations and status consistency between records) do
not exclude it, and are kept in ``Publication.noted`` for its page to show. A run is
published when it is verified (no error in its files, Blockers exactly ``none``): ADR
097's rule, whatever the rules' ``publication``. Everything else that could have been
published is an ``Excluded`` entry naming the failure, so ``assay publish`` can list
it and ``--strict`` can refuse.
"""

from __future__ import annotations

from pathlib import Path

from attrs import field, frozen

from assay.api.runs import Verification, verifications
from assay.engine.checks.registry import find
from assay.engine.runner.result import Report
from assay.engine.runner.run import CheckOptions, check_keeping
from assay.engine.workspace.config import Config
from assay.engine.workspace.listing import start_listing
from assay.engine.workspace.loading import Workspace, open_workspace, type_for
from assay.errors import AssayError
from assay.spec.diagnostics import Diagnostic
from assay.spec.model import Model
from assay.spec.reading import Reading

__all__ = ["Excluded", "Publication", "SpecFailed", "decide"]


class SpecFailed(AssayError):
    """The workspace's specs hold errors: no document's type is known, nothing publishes."""


@frozen(kw_only=True)
class Excluded(Model):
    """A record or run left out of the site, and why (one sentence)."""

    path: str
    reason: str


@frozen(kw_only=True)
class Publication(Model):
    """What the gate let through, and what it kept out, each in path order."""

    root: Path
    #: Workspace-relative POSIX paths of the records to publish.
    records: tuple[str, ...]
    #: The verified runs, whose reviews are published.
    runs: tuple[Verification, ...]
    excluded: tuple[Excluded, ...]
    #: The errors and warnings of ``noted`` rules in the published records, in path
    #: and position order: each record's page shows its own.
    noted: tuple[Diagnostic, ...] = ()
    #: The workspace the gate opened (its types and candidates), so the pages read
    #: each published record under its type without opening the workspace again.
    workspace: Workspace | None = field(default=None, eq=False, repr=False)
    #: What the check read of each document (without its sections), by path: a page
    #: takes its record's reading from here when the bytes it reads are the ones the
    #: check was stamped with (``assay.site.pages.records``).
    readings: dict[str, Reading] = field(factory=dict, eq=False, repr=False)


def decide(config: Config, *, cache: bool = True) -> Publication:
    """Check the workspace ``config`` describes and split it into published and excluded.

    Raises ``SpecFailed`` when a spec error stops the check (the types are unknown).
    """
    started = start_listing(config)  # git lists the files while the specs are read
    try:
        workspace = open_workspace(config, cache=cache, started=started)
    finally:
        if started is not None:
            started.close()
    if workspace.stopped:
        first = next(d for d in workspace.spec_diagnostics if d.severity == "error")
        where = f"{first.path}:{first.span.line}:{first.span.column}"
        raise SpecFailed(f"{where}: {first.code} {first.message}")
    # The same workspace, so the check, the records and the runs see the same files;
    # the check reads the runs, and their reviews come from it.
    options = CheckOptions(cache=cache, readings=True, parts=True)
    checked = check_keeping(config, options, workspace=workspace)
    report, readings, parts = checked.report, checked.readings, checked.parts
    # A record's type is known from where it was found (no document need be read again:
    # `madr` and `adr`, the two a look decides between, both derive from `adr`).
    records = []
    for candidate in workspace.discovery.documents:
        doc_type = type_for(candidate, None, workspace.types, workspace.builtins)
        if doc_type is not None and workspace.types.derives_from(doc_type, "adr"):
            records.append(candidate.path)
    errors = _first_errors(report)
    published = set(records) - set(errors)
    excluded = [
        Excluded(path=path, reason=f"{errors[path].code} {errors[path].message}")
        for path in records
        if path in errors
    ]
    runs = verifications(config, report, workspace=workspace, parts=parts)  # the same check
    excluded += [
        Excluded(path=run.folder or ".", reason="; ".join(run.reasons))
        for run in runs
        if not run.verified
    ]
    return Publication(
        root=config.root,
        records=tuple(sorted(p for p in records if p not in errors)),
        runs=tuple(run for run in runs if run.verified),
        excluded=tuple(sorted(excluded, key=lambda e: e.path)),
        noted=tuple(_noted(report, published)),
        workspace=workspace,
        readings=readings,
    )


def _excludes(diagnostic: Diagnostic) -> bool:
    """Whether ``diagnostic`` keeps its record off the site: an error of an excluding
    rule (a code without a rule excludes: nothing vouches for it)."""
    found = find(diagnostic.code)
    return diagnostic.severity == "error" and (found is None or found.publication == "excludes")


def _first_errors(report: Report) -> dict[str, Diagnostic]:
    """Each file's first excluding error, by position."""
    found: dict[str, Diagnostic] = {}
    for diagnostic in sorted(report.diagnostics, key=lambda d: d.sort_key):
        if _excludes(diagnostic):
            found.setdefault(diagnostic.path, diagnostic)
    return found


def _noted(report: Report, published: set[str]) -> list[Diagnostic]:
    """The errors and warnings of noted rules in the ``published`` records (infos,
    which never ask for anything, stay off the pages)."""
    return [
        d
        for d in sorted(report.diagnostics, key=lambda d: d.sort_key)
        if d.path in published
        and d.severity in ("error", "warning")
        and (found := find(d.code)) is not None
        and found.publication == "noted"
    ]
