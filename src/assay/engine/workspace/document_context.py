"""What checks see: one document with its reading, or the whole workspace."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property

from attrs import field, frozen

from assay.engine.workspace.candidates import Discovery
from assay.engine.workspace.config import Config
from assay.engine.workspace.links import FileIndex, resolve_link
from assay.engine.workspace.pin_results import PinResult
from assay.engine.workspace.record_index import (
    Focus,
    Packed,
    Record,
    RecordIndex,
    facts_of,
    gaps_of,
    pack,
    unread_facts,
)
from assay.spec.diagnostics import Diagnostic
from assay.spec.document import Document
from assay.spec.model import Model
from assay.spec.reading import Reading
from assay.spec.source import Span
from assay.spec.types import DocumentType


@frozen(kw_only=True)
class DocumentContext(Model):
    """One document as checks see it."""

    #: Workspace-relative POSIX path.
    path: str
    #: The decoded text; None when the file could not be read or decoded.
    text: str | None
    #: The parsed document; None when it could not be read or decoded.
    document: Document | None
    #: The type the document was matched to; None for a document without a type.
    type: DocumentType | None
    #: The document read under its type; None without a type or a document.
    reading: Reading | None
    #: What the reader reported (DOC001, DOC006, SUP003), for the reader's checks.
    reader_diagnostics: tuple[Diagnostic, ...] = ()
    #: The workspace's files, for link checks.
    files: FileIndex
    #: URLs of the repository (its remotes), so links to its own blobs count as internal.
    repository_urls: tuple[str, ...] = ()
    #: For a document served from the store (``document`` is None): the link
    #: destinations to check, with their spans.
    links: tuple[tuple[str, Span], ...] = ()
    #: The analysis run folder the document belongs to (``""`` for a run at the root);
    #: None outside runs. A run's links stay inside it (LNK002).
    run: str | None = None
    #: What checks worked out of this document, shared between them while it lives
    #: (its links resolved once for the five link checks), by what it is.
    worked_out: dict[str, object] = field(factory=dict, init=False, eq=False, repr=False)

    def derives_from(self, name: str) -> bool:
        """True when the document's type is ``name`` or extends it."""
        return self.type is not None and name in self.type.lineage


@frozen(kw_only=True)
class WorkspaceContext(Model):
    """Every document of a run, for checks that compare documents."""

    documents: tuple[DocumentContext, ...]
    discovery: Discovery
    files: FileIndex
    #: The run's configuration (checks of the config itself read it); None in tests
    #: that build a context by hand.
    config: Config | None = None
    #: The decision records, when the runner has them already (a warm run takes them
    #: from the store's rows and reads no other document); else built from
    #: ``documents`` on first use.
    index: RecordIndex | None = field(default=None, eq=False, repr=False)
    #: The files whose findings the run reports (``assay check PATHS``); None for all.
    #: Checks may pass over work whose findings could name none of them.
    focus: frozenset[str] | None = None
    #: Every declared source verified for this run (``engine.context.pins``): read
    #: again on every run, never cached, since pinned files change without the specs
    #: changing. Empty when the specs declare no sources (or no pin check runs).
    pins: tuple[PinResult, ...] = field(default=(), eq=False, repr=False)

    @cached_property
    def focused(self) -> Focus | None:
        """``focus`` as the record checks test relations against it; None for all."""
        if self.focus is None:
            return None
        return Focus(self.focus, self.records)

    @cached_property
    def records(self) -> RecordIndex:
        """The decision records, indexed once for every check that compares them."""
        if self.index is not None:
            return self.index
        return record_index(self.documents, self.files)

    def readings(self, lineage: str) -> list[DocumentContext]:
        """Documents read under a type derived from ``lineage`` (e.g. ``adr``)."""
        return [d for d in self.documents if d.reading is not None and d.derives_from(lineage)]


def record_index(documents: Iterable[DocumentContext], files: FileIndex) -> RecordIndex:
    """The records among ``documents`` (those read under a type derived from ``adr``)."""
    records = []
    urls: tuple[str, ...] = ()
    for document in documents:
        record, _packed = record_of(document)
        if record is not None:
            records.append(record)
            urls = urls or document.repository_urls
    return RecordIndex(records, files, urls)


def record_of(
    document: DocumentContext, findings: Sequence[Diagnostic] = ()
) -> tuple[Record | None, Packed | None]:
    """The document as a decision record (None for another document), and its facts
    packed for the store (None where marshal cannot keep a
    value). ``findings``: its own, which say what required parts it lacks. A record
    that could not be read has the number of its file name."""
    if not document.derives_from("adr"):
        return None, None
    if document.reading is None:
        facts = unread_facts(document.path)
    else:
        # Only a built-in type's requirements give way to a folder's convention
        # (DOC015): a team's own spec that requires a part means it of every record.
        builtin = document.type is not None and document.type.library is not None
        if builtin:
            facts = facts_of(document.reading, gaps_of(findings), _linked(document))
        else:
            facts = facts_of(document.reading)
    try:
        packed = pack(facts)
    except ValueError:  # a value marshal cannot keep (a date, say)
        return Record(document.path, facts), None
    return Record(document.path, None, packed), packed


#: The suffixes of the documents a record's link may answer a relation of.
_DOCUMENTS = frozenset({"md", "mdx", "markdown", "rst", "txt", "adoc"})


def _linked(document: DocumentContext) -> tuple[str, ...]:
    """The documents ``document`` links to, as workspace paths: a record that links
    another back answers its relation for a reader who lands on it (LNK003)."""
    if document.document is not None:
        written = [link.destination for link in document.document.links]
    else:
        written = [destination for destination, _span in document.links]
    found = set()
    for destination in dict.fromkeys(written):
        resolved = resolve_link(
            document.path, destination, document.files, repository_urls=document.repository_urls
        )
        target = resolved.target
        if resolved.kind == "ok" and target and target.rpartition(".")[2].lower() in _DOCUMENTS:
            found.add(target)
    found.discard(document.path)
    return tuple(sorted(found))
