"""What a decision record no spec declares is told.

A record found by convention and read under a built-in type (``adr``, ``madr``) was
never told what its team expects. Its findings are weighed by ``Rule.undeclared``: what
is wrong on its face keeps its severity; a convention of the record's shape is judged
against its folder (``checks.folder_convention``); any other expectation is a warning
at most. A severity the configuration sets is the team's word and is kept.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import evolve

from assay.engine.checks import folder_convention
from assay.engine.checks.registry import find
from assay.engine.passes.rulesets import Ruleset
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.record_index import RecordIndex, gap_of
from assay.grammar.globs import compile_glob
from assay.spec.diagnostics import Diagnostic


def undeclared_records(workspace: Workspace, index: RecordIndex) -> Callable[[str], bool]:
    """Whether a path is a decision record no spec declares: a record of the run
    (its type derives from ``adr``) that no file glob of the team's specs matches.

    Asked only of the paths with findings, so a run over a million records that
    reports few pays for few."""
    types = workspace.types
    globs = [
        compile_glob(pattern)
        for name in types
        if types[name].library is None
        for pattern in types[name].files
    ]
    by_path = index.by_path

    def undeclared(path: str) -> bool:
        return path in by_path and not any(glob.match(path) for glob in globs)

    return undeclared


def told(
    by_path: dict[str, list[Diagnostic]],
    index: RecordIndex,
    undeclared: Callable[[str], bool],
    ruleset: Ruleset,
) -> dict[str, list[Diagnostic]]:
    """``by_path`` with each undeclared record's findings as it is told them."""
    # A folder's own way is said once by DOC015; with DOC015 off, every record is told.
    once = "DOC015" in ruleset.severity
    folders: dict[str, folder_convention.Tally] | None = None  # counted when first needed
    result = {}
    for path, diagnostics in by_path.items():
        if undeclared(path):
            if any(gap_of(d) for d in diagnostics):
                if folders is None:
                    folders = folder_convention.tallies(index.records)
                if once:
                    record = index.by_path.get(path)
                    diagnostics = folder_convention.unreported(diagnostics, folders, record)
                diagnostics = folder_convention.judged(diagnostics, folders)
            diagnostics = [_weighed(d, ruleset) for d in diagnostics]
        result[path] = diagnostics
    return result


def _weighed(diagnostic: Diagnostic, ruleset: Ruleset) -> Diagnostic:
    """An error of a rule that is not ``face`` is a warning, unless the team set it."""
    if diagnostic.severity != "error" or diagnostic.code in ruleset.configured:
        return diagnostic
    rule = find(diagnostic.code)
    if rule is None or rule.undeclared == "face":
        return diagnostic
    return evolve(diagnostic, severity="warning")
