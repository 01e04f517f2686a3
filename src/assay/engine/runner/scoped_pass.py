"""A report limited to a few files, from the store's rows of every other document.

pre-commit runs ``assay check CHANGED.md``. The findings of those files depend on the
other records (duplicate numbers, relations, gaps), so every document of the workspace
takes part — but of an unchanged document only a few facts matter: its record's facts
(``record_index.facts_of``) and, should one of its own findings name a reported file,
its kept findings and suppression directives. The store keeps the first as a column of
each document's row, and which files its findings name (``store.rows``).

A scoped run (``scoped_pass``) queries those rows instead of loading every entry,
builds no reading for the unchanged documents, and reads, parses and checks only the
reported files and the documents whose stamp changed — the reported files always
afresh, so their findings come from the very code a cold run uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from attrs import field, frozen

from assay.engine.cache.store import DOCUMENT, Row, gaps_of, mentions_of
from assay.engine.passes.document_checks import DocumentOutcome, kept_outcome
from assay.engine.passes.document_entry import DocumentEntry, Keeping
from assay.engine.passes.document_pass import read_documents
from assay.engine.passes.rulesets import Ruleset
from assay.engine.workspace.candidates import Candidate
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.record_index import Record, RecordIndex
from assay.spec.diagnostics import Diagnostic
from assay.spec.model import Model

#: A scoped run reads at most this many documents itself (the reported ones and the
#: changed ones); beyond that, a full run (most entries still hold) is the cheaper way.
SCOPED_READS = 256


@frozen
class Pass(Model):
    """The documents a run has in hand, and the decision records of the whole workspace."""

    #: In path order: every document (a full run), or those a scoped run read.
    outcomes: list[DocumentOutcome]
    index: RecordIndex
    #: A scoped run's rows of the documents it did not read, by path (and of others:
    #: look only at the paths discovery found); empty for a full run.
    rows: Mapping[str, Row] = field(factory=dict)
    #: The documents a scoped run did not read whose kept findings name other files.
    mentioning: tuple[str, ...] = ()


def full_pass(workspace: Workspace, outcomes: list[DocumentOutcome]) -> Pass:
    """The records of a run that has every document's outcome."""
    records = [o.record for o in outcomes if o.record is not None]
    return Pass(outcomes, RecordIndex(records, workspace.files, workspace.repository_urls))


def scoped_pass(
    workspace: Workspace,
    ruleset: Ruleset,
    jobs: int | None,
    scope: frozenset[str],
    keeping: Keeping,
    members: Mapping[str, DocumentOutcome] | None = None,
) -> Pass | None:
    """A run that reports on ``scope`` only, from the store's rows; None when the
    store holds none under these settings or too much changed (the caller runs in
    full).

    The documents in ``scope`` are read again whatever the store says, and so is any
    document whose stamp differs from its row's, or that has no row (the run
    ``members`` the run pass read this check are taken as it read them); every other
    document is its row.
    """
    store = keeping.store
    rows = store.rows(keeping.settings)
    if not rows:
        return None
    read, template, mentioning = store.remember(
        "split", (rows, workspace.discovery, scope), lambda: _split(workspace, rows, scope)
    )
    if len(read) > SCOPED_READS:
        return None
    records = list(template)  # shared with the next call on the same rows: a copy
    outcomes = read_documents(
        workspace, ruleset, read, jobs, keeping=keeping, rows=rows, members=members
    )
    fresh = {o.path: o for o in outcomes}
    for position, item in enumerate(records):
        record = None if isinstance(item, Record) else fresh[item.path].record
        if record is not None:
            records[position] = record
    documents = {c.path for c in workspace.discovery.documents}
    with store.writing():
        store.drop(DOCUMENT, (path for path in rows if path not in documents))
    index = RecordIndex(
        [r for r in records if isinstance(r, Record)], workspace.files, workspace.repository_urls
    )
    return Pass(outcomes, index, rows, tuple(mentioning))


#: The row of a document the store has none of: no stamp is equal to its stamp.
_NO_ROW: Row = (b"", "", None, None, None, None, None)

#: What ``_split`` gives: the documents to read, every document in path order, and
#: the unread ones whose kept findings name other files.
Split = tuple[list[Candidate], list["Record | Candidate"], list[str]]


def _split(workspace: Workspace, rows: Mapping[str, Row], scope: frozenset[str]) -> Split:
    """The documents to read, every document in path order (a record from its row, or
    the candidate to read in its place), and the unread ones whose kept findings name
    other files."""
    stamps = workspace.discovery.stamps
    read: list[Candidate] = []
    # In path order, each record from its row; a document to read keeps its place.
    records: list[Record | Candidate] = []
    mentioning: list[str] = []
    for candidate in workspace.discovery.documents:
        path = candidate.path
        row = rows.get(path, _NO_ROW)
        _path, kept, number, facts, relations, gaps, mentions = row
        stamp = stamps.get(path)  # ``stamp_text``, inline: 10,000 a pre-commit run
        if path in scope or kept != (stamp if type(stamp) is str else repr(stamp)):
            read.append(candidate)
            records.append(candidate)
            continue
        if facts is not None:
            packed = (number, facts, bool(relations), gaps_of(gaps))
            records.append(Record(path, None, packed))
        if mentions is not None:
            mentioning.append(path)
    return read, records, mentioning


def involved(
    done: Pass,
    scope: frozenset[str],
    across: Iterable[Diagnostic],
    keeping: Keeping,
    workspace: Workspace,
) -> list[DocumentOutcome]:
    """The unread documents whose own diagnostics may still be reported: those with a
    kept finding naming a reported file, or a workspace finding pointing at one.
    Their outcomes come from their entries (kept findings, directives, lines)."""
    read = {o.path for o in done.outcomes}
    paths = {
        d.path
        for d in across
        if d.path in done.rows and d.path not in read and any(r.path in scope for r in d.related)
    }
    paths.update(p for p in done.mentioning if not scope.isdisjoint(mentions_of(done.rows[p])))
    stamps = workspace.discovery.stamps
    found = []
    for path in sorted(paths):
        entry = keeping.store.value(DOCUMENT, path, keeping.settings, stamps.get(path))
        if isinstance(entry, DocumentEntry):
            found.append(kept_outcome(path, entry))
    return found


def merged(
    outcomes: Sequence[DocumentOutcome], more: Sequence[DocumentOutcome]
) -> list[DocumentOutcome]:
    """Two lists of outcomes as one, in path (discovery) order."""
    return sorted([*outcomes, *more], key=lambda o: o.path)
