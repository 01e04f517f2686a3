"""DOC015, and the folder conventions records no spec declares are judged by.

A record found by convention and read under a built-in type was never told what its
team expects of it; its folder's records, taken together, say it. For each convention
a finding can break (a required part, one title, headings, ISO dates: ``Gap``), the
records of a folder that break it are counted. Where at least two in three keep it,
the convention is settled and each record that breaks it is told, as a warning that
names the count (``judged``). Otherwise the folder is written another way, or several:
DOC015 says so once, and the findings are not reported. A status word the built-in
types do not know is the folder's own once two of its records use it.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from attrs import evolve

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.engine.workspace.record_index import Gap, Record, gap_of
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.records import DOC015

#: A convention needs a series: one record alone that breaks it is told so.
SERIES = 2
#: A status word two records of a folder use is the folder's own.
OWN_WORD = 2

#: How the folder's convention reads, by code: "3 of 40 records in `docs/adr` ...".
_KEEP = {
    "FLD001": "state one",
    "DOC003": "have one",
    "DOC010": "have one title",
    "DOC014": "introduce sections with headings",
    "FLD007": "write dates as YYYY-MM-DD",
    "FLD002": "use this status",
}
_BREAK = {
    "DOC010": "has several titles (`#` headings)",
    "DOC014": "introduces sections with bold lines",
    "FLD007": "writes dates in another form than YYYY-MM-DD",
}
_KIND = {"FLD001": "field", "DOC003": "section"}


class Tally:
    """A folder's readable records, and how many break each convention."""

    __slots__ = ("breaking", "first", "total")

    def __init__(self, first: str) -> None:
        self.total = 0
        self.breaking: Counter[Gap] = Counter()
        self.first = first

    def usual(self, gap: Gap) -> bool:
        """Whether breaking ``gap`` is one of the folder's ways of writing: the
        convention is not settled (fewer than two in three records of a series keep
        it), or the status word is one two of its records use."""
        if gap[0] == "FLD002":
            return self.breaking[gap] >= OWN_WORD
        keep = self.total - self.breaking[gap]
        return self.total >= SERIES and 3 * keep < 2 * self.total


def tallies(records: Iterable[Record]) -> dict[str, Tally]:
    """Folder -> its tally. A record that could not be read says nothing of its folder."""
    found: dict[str, Tally] = {}
    for record in records:
        if record.gaps is None:
            continue
        tally = found.setdefault(record.folder, Tally(record.path))
        tally.total += 1
        tally.breaking.update(record.gaps)
    return found


def unreported(diagnostics: Sequence[Diagnostic], folders: dict[str, Tally]) -> list[Diagnostic]:
    """``diagnostics`` without the findings of a convention their folder does not keep."""
    return [d for d in diagnostics if not _usual(d, folders)]


def judged(diagnostics: Sequence[Diagnostic], folders: dict[str, Tally]) -> list[Diagnostic]:
    """The findings of a record no spec declares, each convention one a warning naming
    how many records of its folder keep the convention."""
    told = []
    for diagnostic in diagnostics:
        gap = gap_of(diagnostic.code, diagnostic.message)
        tally = folders.get(posixpath.dirname(diagnostic.path))
        if gap is not None and tally is not None and tally.total >= SERIES:
            folder = _shown(diagnostic.path)
            if gap[0] == "FLD002":
                count = f"no other record in `{folder}` uses it"
            else:
                keep = tally.total - tally.breaking[gap]
                count = f"{keep} of {tally.total} records in `{folder}` {_KEEP[gap[0]]}"
            diagnostic = evolve(diagnostic, message=f"{diagnostic.message}; {count}")
        told.append(diagnostic)
    return told


def _usual(diagnostic: Diagnostic, folders: dict[str, Tally]) -> bool:
    gap = gap_of(diagnostic.code, diagnostic.message)
    tally = folders.get(posixpath.dirname(diagnostic.path))
    return gap is not None and tally is not None and tally.usual(gap)


def _shown(path: str) -> str:
    return posixpath.dirname(path) or "."


@workspace_check(DOC015)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A folder's records keep no settled convention, or use a status word of their
    own: said once, instead of a finding per record."""
    for folder, tally in sorted(tallies(workspace.records.records).items()):
        for gap, count in sorted(tally.breaking.items()):
            if tally.usual(gap):
                yield Finding(START, f"{_said(folder or '.', gap, count, tally)}", path=tally.first)


def _said(folder: str, gap: Gap, count: int, tally: Tally) -> str:
    code, name = gap
    if code == "FLD002":
        return (
            f"{count} records in `{folder}` have the status `{name}`: taken as the "
            f"folder's own word, so FLD002 is not reported for it"
        )
    if name and count == tally.total:
        said = f"no record in `{folder}` states a `{name}` {_KIND[code]}"
    elif name:
        said = f"{count} of {tally.total} records in `{folder}` state no `{name}` {_KIND[code]}"
    else:
        said = f"{count} of {tally.total} records in `{folder}` {_BREAK[code]}"
    return f"{said}: taken as the folder's way of writing, so {code} is not reported for them"
