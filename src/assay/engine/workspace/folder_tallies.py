"""How a folder's records keep the conventions a finding can break: counted.

A record no spec declares (found by convention, read under a built-in type) was never
told what its team expects of it; its folder's records, taken together, say it. For
each convention a finding can break (a required part, one title, headings, ISO dates,
a status word: ``Gap``), the records of a folder that break it are counted here
(``tallies``). Where at least two in three keep it, the convention is settled;
otherwise breaking it is the folder's way of writing. A status word the built-in types
do not know is the folder's own once two of its records use it.

A required part is missed only by a record written like those that have it. A folder
keeps records of other shapes beside its usual one (a second template, meeting notes,
a short form): one that has few of the sections its folder's records usually have is
written another way, and its lacking `Decision` says nothing. Nor does a record's
that has a section of its own, which its folder's records do not usually have: the
part may be there under the record's own name.

Two readers: the stage that tells each undeclared record its findings
(``engine.runner.undeclared``) and DOC015, which says once what a folder does its
own way (``engine.checks.folder_convention``).
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Iterable

from assay.engine.workspace.record_index import PART_CODES, Gap, Record

#: A convention needs a series: one record alone that breaks it is told so.
SERIES = 2
#: A status word two records of a folder use is the folder's own.
OWN_WORD = 2


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
