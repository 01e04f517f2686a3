"""DOC015, and the folder conventions records no spec declares are judged by.

A record found by convention and read under a built-in type was never told what its
team expects of it; its folder's records, taken together, say it. For each convention
a finding can break (a required part, one title, headings, ISO dates: ``Gap``), the
records of a folder that break it are counted. Where at least two in three keep it,
the convention is settled and each record that breaks it is told, as a warning that
names the count (``judged``). Otherwise the folder is written another way, or several:
DOC015 says so once, and the findings are not reported. A status word the built-in
types do not know is the folder's own once two of its records use it.

A required part is missed only by a record written like those that have it. A folder
keeps records of other shapes beside its usual one (a second template, meeting notes,
a short form): one that has few of the sections its folder's records usually have is
written another way, and its lacking `Decision` says nothing (DOC015 counts it). Nor
does a record's that has a section of its own, which its folder's records do not
usually have: the part may be there under the record's own name.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from attrs import evolve

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.engine.workspace.record_index import PART_CODES, Gap, Record, gap_of
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.rule import Rule

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
    "DOC010": "have several titles (`#` headings)",
    "DOC014": "introduce sections with bold lines",
    "FLD007": "write dates in another form than YYYY-MM-DD",
}
_KIND = {"FLD001": "field", "DOC003": "section"}


class Tally:
    """A folder's readable records, and how many break each convention."""

    __slots__ = ("_shapes", "breaking", "records", "series", "total")

    def __init__(self, series: str) -> None:
        self.total = 0
        self.breaking: Counter[Gap] = Counter()
        #: The records counted, as a message names them: "`docs/adr`", or "`rfcs` and
        #: its folders" for a series kept one record a folder.
        self.series = series
        self.records: list[Record] = []
        self._shapes: dict[Gap, frozenset[str]] = {}

    def add(self, record: Record, gaps: Iterable[Gap]) -> None:
        """Count ``record``, which breaks ``gaps``."""
        self.total += 1
        self.breaking.update(gaps)
        self.records.append(record)

    def shaped(self, record: Record, gap: Gap) -> bool:
        """Whether ``record`` is written like the folder's records that keep ``gap``:
        it has more than half of the other sections two in three of them have (the
        part itself aside, which it lacks by definition), and for a missing section,
        no section of its own (one they do not usually have), which may hold the part
        under its own name (`## Solution`, `## Intro`). True for a convention other
        than a required part, and where no record keeps it: then the type's template
        is the only one to compare with."""
        if gap[0] not in PART_CODES:
            return True
        usual = self._shapes.get(gap)
        if usual is None:
            keep = [r for r in self.records if gap not in (r.gaps or ())]
            if not keep:
                return True
            counts = Counter(name for r in keep for name in r.shape)
            usual = frozenset(name for name, n in counts.items() if 3 * n >= 2 * len(keep))
            self._shapes[gap] = usual
        if gap[0] == "DOC003" and not usual.issuperset(record.shape):
            return False
        others = usual - {gap[1].casefold()}
        return 2 * len(others.intersection(record.shape)) > len(others)

    def shapeless(self, gap: Gap) -> list[Record]:
        """The records that break ``gap`` and are written another way (``shaped``)."""
        return [r for r in self.records if gap in (r.gaps or ()) and not self.shaped(r, gap)]

    def usual(self, gap: Gap) -> bool:
        """Whether breaking ``gap`` is one of the folder's ways of writing: the
        convention is not settled (fewer than two in three records of a series keep
        it), or the status word is one two of its records use."""
        if gap[0] == "FLD002":
            return self.breaking[gap] >= OWN_WORD
        keep = self.total - self.breaking[gap]
        return self.total >= SERIES and 3 * keep < 2 * self.total


def tallies(records: Iterable[Record]) -> dict[str, Tally]:
    """Folder -> its tally. A record that could not be read says nothing of its folder.

    A folder of one record is no series: a series kept one record a folder (`rfcs/0001-x/
    README.md`, a folder a component) is counted whole, under the nearest folder whose
    tree holds another record (the repository, for a series kept at its root), and the
    lone folder's record is judged by that."""
    found: dict[str, Tally] = {}
    for record in records:
        if record.gaps is not None:
            folder = record.folder
            tally = found.get(folder)
            if tally is None:
                tally = found[folder] = Tally(f"`{folder or '.'}`")
            tally.add(record, record.gaps)
    lone = [folder for folder, tally in found.items() if tally.total < SERIES]
    if lone:
        trees = _trees(found, lone)
        for folder in lone:
            above = folder
            while above and trees[above].total < SERIES:
                above = posixpath.dirname(above)
            if trees[above].total >= SERIES:
                found[folder] = trees[above]
    return found


def _trees(found: dict[str, Tally], lone: list[str]) -> dict[str, Tally]:
    """Folder -> the tally of every record in its tree, for the lone folders and the
    folders above them (no other tree is asked for)."""
    wanted = {""}
    for folder in lone:
        while folder not in wanted:
            wanted.add(folder)
            folder = posixpath.dirname(folder)
    trees = {f: Tally(f"`{f}` and its folders" if f else "the repository") for f in wanted}
    for folder, tally in sorted(found.items()):
        above = folder
        while True:
            tree = trees.get(above)
            if tree is not None:
                for record in tally.records:
                    tree.add(record, record.gaps or ())
            if not above:
                break
            above = posixpath.dirname(above)
    return trees


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


DOC015 = Rule(
    code="DOC015",
    name="folder-convention",
    stage="check",
    scope="workspace",
    severity="info",
    summary=(
        "A folder's records keep no settled convention, or use a status word of their "
        "own: said once, instead of a finding in each record."
    ),
    documentation="""\
A record no spec declares (found by convention, read as the built-in `adr` or `madr`)
is judged against its folder. A series written without a status (the status lives in
an index page) or without a Decision section (the title states it) is not wrong in
every record. For a required field or section (`FLD001`, `DOC003`), one title
(`DOC010`), headings rather than bold labels (`DOC014`) and ISO dates (`FLD007`): where
at least two in three of a folder's records (and at least two) keep the convention,
each record that breaks it is told, as a warning that says how many keep it; where
fewer do, the folder is written another way, and this one finding, at its first
record, says so instead. A status word the built-in types do not know (`FLD002`) is
the folder's own once two of its records use it (the word a status leads with, a
reason after it aside). A record that lacks a required part is told only when it is
written like the records that have it (more than half of the other sections two in
three of them have): one written to another template, a short form or meeting notes
lacks the part by design, and this finding counts it instead. So does one that lacks
a section and has a section of its own, which the records that have the part do not
usually have (`## Solution`, `## Intro`): the part may be there under its own name. A
folder of one record is no series: records kept one a folder (a folder a component or a
proposal) are counted together under the nearest folder that holds others. A
team's own spec that requires a part means it of every record. Ignoring `DOC015`
(`ignore = ["DOC015"]`) reports every record again.

## Fails

```markdown path=docs/adr/0001-use-postgres.md at=1:1
# 1. Use PostgreSQL

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.
```

```markdown path=docs/adr/0002-use-redis.md
# 2. Use Redis for sessions

## Context

Sessions outgrow the process.

## Decision

Redis 7.
```

## Passes

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL

Status: Accepted

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.
```

```markdown path=docs/adr/0002-use-redis.md
# 2. Use Redis for sessions

Status: Accepted

## Context

Sessions outgrow the process.

## Decision

Redis 7.
```
""",
)


@workspace_check(DOC015)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A folder's records keep no settled convention, or use a status word of their
    own, or some are written another way: said once, instead of a finding per record."""
    found = tallies(workspace.records.records)
    focus = workspace.focused  # a note is reported only at a record in focus
    seen: set[int] = set()
    for _folder, tally in sorted(found.items()):
        if id(tally) in seen:  # a series kept one record a folder: said once
            continue
        seen.add(id(tally))
        judged = [r for r in tally.records if found.get(r.folder) is tally]
        if focus is not None and judged[0].path not in focus.paths:
            continue  # a pre-commit run of one record: no other folder's notes to count
        unlike: dict[str, list[Gap]] = {}
        for gap, count in sorted(tally.breaking.items()):
            if tally.usual(gap):
                if any(gap in (r.gaps or ()) for r in judged):
                    yield Finding(START, _said(gap, count, tally), path=judged[0].path)
                continue
            for record in tally.shapeless(gap):
                if found.get(record.folder) is tally:
                    unlike.setdefault(record.path, []).append(gap)
        if unlike:
            yield Finding(START, _unlike(tally.series, unlike), path=judged[0].path)


def _said(gap: Gap, count: int, tally: Tally) -> str:
    code, name = gap
    series = tally.series
    if code == "FLD002":
        return (
            f"{count} records in {series} have the status `{name}`: taken as the "
            f"folder's own word, so FLD002 is not reported for it"
        )
    if name and count == tally.total:
        said = f"no record in {series} states a `{name}` {_KIND[code]}"
    elif name:
        said = f"{count} of {tally.total} records in {series} state no `{name}` {_KIND[code]}"
    else:
        said = f"{count} of {tally.total} records in {series} {_BREAK[code]}"
    return f"{said}: taken as the folder's way of writing, so {code} is not reported for them"


def _unlike(series: str, unlike: dict[str, list[Gap]]) -> str:
    """One note for the records of a series written unlike the others, and the
    parts they lack that are not reported for them."""
    gaps = sorted({gap for found in unlike.values() for gap in found})
    parts = ", ".join(f"`{name}` {_KIND[code]}" for code, name in gaps)
    codes = sorted({code for code, _ in gaps})
    one = len(unlike) == 1
    return (
        f"{len(unlike)} {'record' if one else 'records'} in {series} "
        f"{'is' if one else 'are'} written unlike the folder's others (few of the sections "
        f"most of them have, or sections of {'its' if one else 'their'} own): "
        f"what {'it lacks' if one else 'they lack'} of theirs ({parts}) "
        f"is taken as another way of writing, so {' and '.join(codes)} "
        f"{'is' if len(codes) == 1 else 'are'} not reported for "
        f"{'it' if one else 'them'}"
    )
