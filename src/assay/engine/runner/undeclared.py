"""What a decision record no spec declares is told.

A record found by convention and read under a built-in type (``adr``, ``madr``) was
never told what its team expects. Its findings are weighed by ``Rule.undeclared``: what
is wrong on its face keeps its severity; a convention of the record's shape is judged
against its folder (``checks.folder_convention``); any other expectation is a warning
at most. A severity the configuration sets is the team's word and is kept.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import evolve

from assay.engine.checks import folder_convention
from assay.engine.runner.rulesets import Ruleset
from assay.engine.workspace.loading import Workspace, type_for
from assay.engine.workspace.record_index import Record
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.registry import find


def by_convention(workspace: Workspace) -> frozenset[str]:
    """The documents read under a built-in decision-record type: found by convention,
    matched by no type of the team's specs."""
    found = set()
    for candidate in workspace.discovery.documents:
        if candidate.origin == "run":
            continue
        doc_type = type_for(candidate, None, workspace.types)
        if doc_type is not None and doc_type.library is not None:
            found.add(candidate.path)
    return frozenset(found)


def told(
    by_path: dict[str, list[Diagnostic]],
    records: Iterable[Record],
    undeclared: frozenset[str],
    ruleset: Ruleset,
) -> dict[str, list[Diagnostic]]:
    """``by_path`` with each undeclared record's findings as it is told them."""
    folders = folder_convention.tallies(records)
    # A folder's own way is said once by DOC015; with DOC015 off, every record is told.
    once = "DOC015" in ruleset.severity
    result = {}
    for path, diagnostics in by_path.items():
        if path in undeclared:
            if once:
                diagnostics = folder_convention.unreported(diagnostics, folders)
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
