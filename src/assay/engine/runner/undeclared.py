"""What a decision record no spec declares is told.

A record found by convention and read under a built-in type (``adr``, ``madr``) was
never told what its team expects. Its findings are weighed by ``Rule.undeclared``: what
is wrong on its face keeps its severity; a convention of the record's shape is judged
against its folder (``engine.workspace.folder_tallies``); any other expectation is a warning
at most. A severity the configuration sets is the team's word and is kept.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence

from attrs import evolve

from assay.engine.checks.registry import find
from assay.engine.passes.rulesets import Ruleset
from assay.engine.workspace.folder_tallies import SERIES, Tally, tallies
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.record_index import Record, RecordIndex, gap_of
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
    folders: dict[str, Tally] | None = None  # counted when first needed
    result = {}
    for path, diagnostics in by_path.items():
        if undeclared(path):
            if any(gap_of(d) for d in diagnostics):
                if folders is None:
                    folders = tallies(index.records)
                if once:
                    record = index.by_path.get(path)
                    diagnostics = unreported(diagnostics, folders, record)
                diagnostics = judged(diagnostics, folders)
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


#: How the folder's convention reads, by code: "3 of 40 records in `docs/adr` ...".
_KEEP = {
    "FLD001": "state one",
    "DOC003": "have one",
    "DOC010": "have one title",
    "DOC014": "introduce sections with headings",
    "FLD007": "write dates as YYYY-MM-DD",
    "FLD002": "use this status",
}


def unreported(
    diagnostics: Sequence[Diagnostic], folders: dict[str, Tally], record: Record | None
) -> list[Diagnostic]:
    """``diagnostics`` (of ``record``) without the findings of a convention their folder
    does not keep, or of a part the record, written another way, does not have."""
    return [d for d in diagnostics if not _usual(d, folders, record)]


def judged(diagnostics: Sequence[Diagnostic], folders: dict[str, Tally]) -> list[Diagnostic]:
    """The findings of a record no spec declares, each convention one a warning naming
    how many records of its folder keep the convention."""
    told = []
    for diagnostic in diagnostics:
        gap = gap_of(diagnostic)
        tally = folders.get(posixpath.dirname(diagnostic.path))
        if gap is not None and tally is not None and tally.total >= SERIES:
            folder = tally.series
            if gap[0] == "FLD002":
                count = f"no other record in {folder} uses it"
            else:
                keep = tally.total - tally.breaking[gap]
                count = f"{keep} of {tally.total} records in {folder} {_KEEP[gap[0]]}"
            diagnostic = evolve(diagnostic, message=f"{diagnostic.message}; {count}")
        told.append(diagnostic)
    return told


def _usual(diagnostic: Diagnostic, folders: dict[str, Tally], record: Record | None) -> bool:
    gap = gap_of(diagnostic)
    tally = folders.get(posixpath.dirname(diagnostic.path))
    if gap is None or tally is None:
        return False
    return tally.usual(gap) or (record is not None and not tally.shaped(record, gap))
