"""Decision records by path and by number, to find what a relation points at.

The checks that compare records (DOC009, DOC011, FLD008, LNK003, LNK004) look at few
facts of each: its number, where its title is, its Status values and its relations.
Those facts are kept as plain tuples (``facts_of``): the store keeps them
as they are, so a warm run over a large workspace builds no reading, and one index
serves every check of a run.
"""

from __future__ import annotations

import marshal
import posixpath
import sys
from collections.abc import Collection, Iterable, Sequence
from typing import Any
from urllib.parse import unquote

from assay.engine.reading.read import file_number
from assay.engine.reading.status_words import leading_phrase
from assay.engine.workspace.links import FileIndex, resolve_link
from assay.spec.diagnostics import Diagnostic
from assay.spec.reading import Reading
from assay.spec.source import Span

#: A span as a plain tuple: start, end, line, column, end line, end column.
SpanTuple = tuple[int, int, int, int, int, int]
#: A relation target: text, link destination (or None), number (or None), span.
Target = tuple[str, "str | None", "int | None", SpanTuple]
#: A relation: name, inverse name (or None), targets.
Relation = tuple[str, "str | None", tuple[Target, ...]]
#: A convention of its folder a record may break: the code reporting it and, for a
#: required part it lacks, the part's name (``("FLD001", "Status")``,
#: ``("DOC003", "Decision")``; ``("FLD007", "")`` for a date not written ISO).
Gap = tuple[str, str]
#: What the record checks use of a reading: number, title span, the Status values
#: with their spans, the relations, the required parts it lacks (None for a record
#: that could not be read: it neither keeps nor breaks its folder's conventions), and
#: the names of its sections but the title, case-folded (a declared part by its name,
#: any other by its heading): the shape its folder's conventions compare it by; and
#: the documents it links to, as workspace paths (a link back answers a relation,
#: LNK003). The last two only for a record no spec of the team's declares.
Facts = tuple[
    "int | None",
    "SpanTuple | None",
    tuple[tuple[Any, SpanTuple], ...],
    tuple[Relation, ...],
    "tuple[Gap, ...] | None",
    tuple[str, ...],
    tuple[str, ...],
]

#: The codes of a missing required part, and how their messages name it.
PART_CODES = frozenset({"FLD001", "DOC003"})
#: The codes of the other conventions a folder's records are judged by together; a
#: status outside the type's words (FLD002) is judged by the words its folder uses.
GAP_CODES = PART_CODES | {"DOC010", "DOC014", "FLD007", "FLD002"}
_STATUS = "status"


def span_tuple(span: Span) -> SpanTuple:
    """A span as a plain tuple (``Span(*t)`` gives it back)."""
    return (span.start, span.end, span.line, span.column, span.end_line, span.end_column)


def gap_of(diagnostic: Diagnostic) -> Gap | None:
    """The convention a finding says its record breaks: the required part a FLD001 or
    DOC003 finding is about, the status word of a FLD002 (the phrase it leads with), or
    ``(code, "")`` for another convention code; None for another finding."""
    code, subject = diagnostic.code, diagnostic.subject
    if code not in GAP_CODES:
        return None
    if code == "FLD002":
        if subject is None:
            return None
        # The word a status leads with, its reason aside: two records that write
        # `Deferred.` and each its own reason use one word.
        return (code, leading_phrase(subject) or subject.casefold())
    if code not in PART_CODES:
        return (code, "")
    return None if subject is None else (code, subject)


def gaps_of(diagnostics: Iterable[Diagnostic]) -> tuple[Gap, ...]:
    """The conventions a record's own findings say it breaks."""
    return tuple(sorted({g for d in diagnostics if (g := gap_of(d))}))


def facts_of(
    reading: Reading, gaps: tuple[Gap, ...] | None = None, linked: tuple[str, ...] = ()
) -> Facts:
    """What the record checks use of a reading (``gaps``: from its findings; None for a
    record whose parts a spec requires, which its folder's conventions do not judge;
    ``linked``: the documents it links to)."""
    title = reading.title
    shape = () if gaps is None else _shape(reading)
    return (
        reading.number,
        None if title is None or title.span is None else span_tuple(title.span),
        tuple(
            (f.value, span_tuple(f.span)) for f in reading.fields if f.name.casefold() == _STATUS
        ),
        tuple(
            (
                r.name,
                r.inverse,
                tuple((t.text, t.destination, t.number, span_tuple(t.span)) for t in r.targets),
            )
            for r in reading.relations
        ),
        gaps or (),
        shape,
        linked,
    )


def _shape(reading: Reading) -> tuple[str, ...]:
    """The names of the record's sections, case-folded, its title's heading aside (a
    name no other record has)."""
    title = reading.title
    at = title.span.line if title is not None and title.span is not None else None
    return tuple(sorted({s.name.casefold() for s in reading.sections if s.span.line != at}))


def unread_facts(path: str) -> Facts:
    """The facts of a record that could not be read (not UTF-8): only the number its
    file name gives, so its neighbours see no gap (DOC011) where it stands."""
    return (file_number(path), None, (), (), None, (), ())


#: Facts as the store keeps them: the number, the facts marshalled, whether
#: there are relations (most records have none, and then need no unpacking), and the
#: gaps (the folder-convention check reads every record's).
Packed = tuple["int | None", bytes, bool, "tuple[Gap, ...] | None"]


def pack(facts: Facts) -> Packed:
    """Facts for the store: a few objects to load instead of dozens."""
    return (facts[0], marshal.dumps(facts), bool(facts[3]), facts[4])


class Record:
    """One decision record (a document of a type derived from ``adr``) as the record
    checks see it: its number and folder at once, the rest unpacked when asked.

    A run holds one for every record to its end, so it keeps few objects: its folder
    is interned (one string a folder, not a record) and its packed facts are kept as
    their marshalled bytes alone (``packed`` builds the tuple again when asked)."""

    __slots__ = ("_data", "_facts", "folder", "gaps", "has_relations", "number", "path")

    def __init__(self, path: str, facts: Facts | None = None, packed: Packed | None = None):
        self.path = path
        head = path.rpartition("/")[0]
        #: ``posixpath.dirname(path)``, the quick way for the usual, normalised path.
        self.folder = sys.intern(head if head and head[-1] != "/" else posixpath.dirname(path))
        self._facts = facts
        self._data: bytes | None = None
        if facts is not None:
            self.number: int | None = facts[0]
            self.has_relations = bool(facts[3])
            self.gaps: tuple[Gap, ...] | None = facts[4] if len(facts) > 4 else ()
        elif packed is not None:
            self.number, self._data, self.has_relations = packed[:3]
            # A summary written before gaps were kept (a selection without DOC015
            # keeps the same settings digest) has none.
            self.gaps = packed[3] if len(packed) > 3 else ()
        else:
            raise ValueError("a record needs its facts")

    @property
    def facts(self) -> Facts:
        """The record's facts, unpacked on each use and not kept: a check looks at a
        record's a few times at most (marshal takes a microsecond), and kept they would
        be most of what a large run holds once its workspace checks have run."""
        if self._facts is None:
            assert self._data is not None
            facts: Facts = marshal.loads(self._data)
            return facts
        return self._facts

    def packed(self) -> Packed:
        """The facts as the store keeps them."""
        if self._data is None:
            return pack(self.facts)
        return (self.number, self._data, self.has_relations, self.gaps)

    @property
    def shape(self) -> tuple[str, ...]:
        """The names of the record's sections, case-folded (none for a record a spec
        declares, or one that could not be read)."""
        facts = self.facts
        return facts[5] if len(facts) > 5 else ()

    @property
    def linked(self) -> tuple[str, ...]:
        """The documents the record links to, as workspace paths (none for a record a
        spec declares, or one that could not be read)."""
        facts = self.facts
        return facts[6] if len(facts) > 6 else ()

    @property
    def relations(self) -> tuple[Relation, ...]:
        """The record's relations to other records (none when it declares none)."""
        return self.facts[3] if self.has_relations else ()

    @property
    def statuses(self) -> tuple[tuple[Any, SpanTuple], ...]:
        """The Status field's values (None when not an allowed value) with their spans."""
        return self.facts[2]

    def title_span(self) -> Span | None:
        """Where the title is, for a related location; None without a title."""
        title = self.facts[1]
        return None if title is None else Span(*title)


class Focus:
    """The files a run reports on (``assay check PATHS``), for the record checks to
    pass over relations that cannot lead to one of them: a finding is reported only
    when its file or a related location is in focus, so work on any other costs a
    pre-commit run time and changes nothing it prints."""

    def __init__(self, paths: Collection[str], index: RecordIndex) -> None:
        self.paths = frozenset(paths)
        #: The file names in focus: a link that leads to one has its name as a component.
        self._names = frozenset(path.rpartition("/")[2] for path in self.paths)
        #: The numbers of the records in focus: a bare ID resolves by number.
        self._numbers = {
            r.number for p in self.paths if (r := index.by_path.get(p)) and r.number is not None
        }

    def __contains__(self, path: object) -> bool:
        return path in self.paths

    def may_name(self, target: Target) -> bool:
        """False when ``target`` cannot lead to a file in focus; True when it may.

        ``RecordIndex.target`` finds a record by number, or by a link that resolves to
        its file (``links.resolve_link``), whose last component is then one of the
        link's path components, decoded: quick to test, and never False for a target
        that does lead there.
        """
        _text, destination, number, _span = target
        if number is not None and number in self._numbers:
            return True
        if destination is None:
            return False
        path = destination.strip().split("#", 1)[0].split("?", 1)[0]
        return not self._names.isdisjoint(unquote(path).split("/"))


class RecordIndex:
    """The decision records of a run, in path order, with look-ups for relations."""

    def __init__(
        self, records: Sequence[Record], files: FileIndex, repository_urls: Sequence[str] = ()
    ) -> None:
        self.records = records
        self.files = files
        self.repository_urls = tuple(repository_urls)
        #: Workspace-relative path -> record.
        self.by_path = {r.path: r for r in records}
        #: Record number -> the records numbered so (several folders may reuse one).
        self.by_number: dict[int, list[Record]] = {}
        #: Folder -> number -> the first record of that folder numbered so (a table a
        #: folder: a (folder, number) key a record would cost more than the record).
        self._local: dict[str, dict[int, Record]] = {}
        #: The records that state relations, in path order (a few in ten).
        self.relating: list[Record] = []
        for record in records:
            if record.number is not None:
                self.by_number.setdefault(record.number, []).append(record)
                local = self._local.get(record.folder)
                if local is None:
                    local = self._local[record.folder] = {}
                local.setdefault(record.number, record)
            if record.has_relations:
                self.relating.append(record)
        # (folder, destination) -> what a link there leads to: relations are looked up
        # from both ends, and a link resolves the same from anywhere in one folder.
        self._links: dict[tuple[str, str], Record | bool] = {}

    def target(self, source: Record, target: Target) -> Record | None:
        """The record ``target`` names: by its link, else by its number (the source's
        folder first, then a number used in one folder only)."""
        _text, destination, number, _span = target
        if destination is not None:
            linked = self._linked(source, destination)
            if linked is not True:
                return linked or None
        if number is None:
            return None
        local = self._local.get(source.folder, {}).get(number)
        if local is not None:
            return local
        candidates = self.by_number.get(number, ())
        return candidates[0] if len(candidates) == 1 else None

    def _linked(self, source: Record, destination: str) -> Record | bool:
        """The record a link leads to; False when it leads to no record, True when it
        leads outside the workspace's files (an URL, an anchor: try the number)."""
        key = (source.path.rpartition("/")[0], destination)  # what `resolve_link` reads
        found = self._links.get(key)
        if found is None:
            resolved = resolve_link(
                source.path, destination, self.files, repository_urls=self.repository_urls
            )
            if resolved.kind == "ok" and resolved.target in self.by_path:
                found = self.by_path[resolved.target]
            else:
                found = resolved.kind in ("external", "anchor")
            self._links[key] = found
        return found
