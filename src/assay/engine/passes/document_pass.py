"""The per-document pass: read each document and run the per-document checks on it.

Documents unchanged since the last run come from the store (``engine.cache.store``,
``engine.passes.document_entry``): their kept findings are reused and only the link
checks run again.

Each document is independent here, so a large workspace is split between processes
(one per core, from ``fork``): a worker reads, parses and checks its share and sends
back only what the rest of the run needs — the record's facts, the diagnostics, the
suppression directives — never the whole document model, whose pickling would cost
more than the parse it saves.  Small workspaces, and systems without ``fork``, run in
this process; the result is the same either way, in the same order.

What a check holds of each document until its report is small and does not grow
with the document: its record's facts packed (``record_index.Packed``, the workspace
checks' whole view of it), its findings and directives, as bytes. The typed reading
is dropped as soon as the document is checked, unless the caller asks for it (a
publication writes pages from it).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Mapping, Sequence

from attrs import evolve

from assay.engine.cache.store import DOCUMENT, Held, Row, stamp_text
from assay.engine.passes import document_entry
from assay.engine.passes.document_checks import DocumentChecks, DocumentOutcome, kept_outcome
from assay.engine.passes.document_entry import DocumentEntry, Keeping
from assay.engine.passes.findings import guarded
from assay.engine.passes.rulesets import Ruleset
from assay.engine.passes.workers import map_in_workers, workers
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.workspace.candidates import Candidate, Stamp
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.record_index import Record

_CHUNK = 64


def run_documents(
    workspace: Workspace,
    ruleset: Ruleset,
    jobs: int | None = None,
    *,
    keeping: Keeping | None = None,
    scope: frozenset[str] | None = None,
    members: Mapping[str, DocumentOutcome] | None = None,
    readings: bool = False,
) -> list[DocumentOutcome]:
    """Every document's outcome, in discovery (path) order; with ``readings``, each
    keeps its reading (without sections), else none does.

    With ``keeping``, a document whose entry holds is not read: its kept findings
    are reused and its link checks run again (only when its findings are in the
    report ``scope``: nobody would see them); every document read is kept, and the
    entries of documents that are gone are dropped. ``members``: the outcomes of
    the run members this check has already read and checked (the run pass), taken
    as they are instead of reading the documents again.
    """
    held = {} if keeping is None else keeping.store.held(DOCUMENT, keeping.settings)
    outcomes: dict[str, DocumentOutcome] = {}
    taken: list[DocumentOutcome] = []  # run members read by the run pass, to keep
    misses: list[Candidate] = []
    for candidate in workspace.discovery.documents:
        path = candidate.path
        hit = held.pop(path, None)  # what is left is gone from the workspace
        if hit is not None and hit.stamp != stamp_text(_stamp(workspace, candidate)):
            hit = None
        done = None if members is None else members.get(path)
        if done is not None:
            outcomes[path] = done = done if readings else evolve(done, reading=None)
            if hit is None:
                taken.append(done)
        elif hit is not None and isinstance(hit.value, DocumentEntry):
            shown = scope is None or path in scope
            outcomes[path] = _from_store(workspace, ruleset, path, hit, shown, readings)
        else:
            misses.append(candidate)
    if keeping is None:
        return _listed(workspace, outcomes, _compute(workspace, ruleset, misses, jobs, readings))
    kept = _Kept(keeping)
    with keeping.store.writing():
        outcomes.update((o.path, kept(o)) for o in taken)
        computed = _compute(workspace, ruleset, misses, jobs, readings, kept)
        keeping.store.drop(DOCUMENT, held)
    return _listed(workspace, outcomes, computed)


def read_documents(
    workspace: Workspace,
    ruleset: Ruleset,
    candidates: Sequence[Candidate],
    jobs: int | None,
    *,
    keeping: Keeping,
    rows: Mapping[str, Row],
    members: Mapping[str, DocumentOutcome] | None = None,
) -> list[DocumentOutcome]:
    """The outcomes of ``candidates`` alone, in their order, read whatever the store
    holds (a scoped run's reported and changed documents); each is kept (``keeping``)
    unless its row (of ``rows``) is already of its stamp. ``members`` as for
    ``run_documents``."""
    taken = {} if members is None else members
    todo = [c for c in candidates if c.path not in taken]
    kept = _Kept(keeping, rows)
    with keeping.store.writing():
        found = {
            c.path: kept(evolve(taken[c.path], reading=None)) for c in candidates if c.path in taken
        }
        found.update((o.path, o) for o in _compute(workspace, ruleset, todo, jobs, False, kept))
    return [found[c.path] for c in candidates]


def _listed(
    workspace: Workspace, known: dict[str, DocumentOutcome], computed: list[DocumentOutcome]
) -> list[DocumentOutcome]:
    known.update((o.path, o) for o in computed)
    return [known[c.path] for c in workspace.discovery.documents]


class _Kept:
    """What the run keeps of each outcome as it comes: its entry put in the store, and
    the entry slimmed — a large run held every document's reading summary and link
    destinations to its end only to write them at once."""

    def __init__(self, keeping: Keeping, rows: Mapping[str, Row] | None = None):
        self._keeping = keeping
        #: The rows already in the store: an entry of the same stamp is not put again.
        self._rows = rows or {}

    def __call__(self, outcome: DocumentOutcome) -> DocumentOutcome:
        entry = outcome.entry
        if entry is None:
            return outcome
        _path, kept, *_facts = self._rows.get(outcome.path) or (b"", None)
        if kept == stamp_text(outcome.stamp):
            return evolve(outcome, entry=None)
        record = outcome.record
        self._keeping.store.put(
            DOCUMENT,
            outcome.path,
            self._keeping.settings,
            entry,
            stamp=outcome.stamp,
            record=None if record is None else record.packed(),
            mentions=_mentioned(outcome.path, entry.findings),
        )
        return evolve(outcome, entry=None)


def _mentioned(path: str, findings: bytes) -> tuple[str, ...]:
    """The files other than ``path`` that kept findings are in or point at."""
    if not findings:
        return ()
    found: set[str] = set()
    for diagnostic in pickle.loads(findings):
        found.add(diagnostic.path)
        found.update(r.path for r in diagnostic.related)
    found.discard(path)
    return tuple(sorted(found))


def _compute(
    workspace: Workspace,
    ruleset: Ruleset,
    candidates: list[Candidate],
    jobs: int | None,
    readings: bool,
    each: Callable[[DocumentOutcome], DocumentOutcome] | None = None,
) -> list[DocumentOutcome]:
    """The outcomes of ``candidates``, each passed through ``each`` (which keeps its
    entry: without it, none is made) as it comes."""
    keep = each is not None
    count = workers(len(candidates), jobs)
    if count > 1:
        # Imported here: a pre-commit run over a few files never starts a process.
        from concurrent.futures.process import BrokenProcessPool

        try:
            return _parallel(workspace, ruleset, candidates, count, keep, readings, each)
        except (BrokenProcessPool, OSError):
            pass  # a worker died (out of memory?): do the work here (an entry kept twice
            # replaces itself)
    return _outcomes(workspace, ruleset, candidates, keep, readings, each)


def _stamp(workspace: Workspace, candidate: Candidate) -> Stamp | None:
    """What says a file is unchanged: discovery's stamp, taken before it is read, so
    a change made while the run reads it is seen by the next run."""
    return workspace.discovery.stamps.get(candidate.path)


def _from_store(
    workspace: Workspace,
    ruleset: Ruleset,
    path: str,
    hit: Held,
    shown: bool,
    readings: bool = False,
) -> DocumentOutcome:
    """An unchanged document: its kept findings, and the link checks run again (when
    its findings will be ``shown``); its reading rebuilt only when ``readings`` asks."""
    entry: DocumentEntry = hit.value
    reading = None
    if readings and entry.summary is not None:
        reading = document_entry.unsummarize(path, pickle.loads(entry.summary))
    record = None if hit.record is None else Record(path, None, hit.record)
    outcome = kept_outcome(path, entry, reading=reading, record=record)
    if not entry.links or not shown:
        return outcome
    context = evolve(context_of(workspace, outcome), links=document_entry.unlinks(entry.links))
    fresh = [
        d
        for rule in ruleset.checks
        if rule.scope == "document" and rule.uses_files
        for d in guarded(ruleset, rule, context, path)
    ]
    return evolve(outcome, diagnostics=(*outcome.diagnostics, *fresh))


def context_of(workspace: Workspace, outcome: DocumentOutcome) -> DocumentContext:
    """A document context for the workspace checks, rebuilt from an outcome."""
    doc_type = None
    if outcome.type_name is not None and outcome.library is None:
        doc_type = workspace.types.get(outcome.type_name)
    elif outcome.type_name is not None:
        doc_type = workspace.builtins[outcome.type_name]
    return DocumentContext(
        path=outcome.path,
        text=None,
        document=None,
        type=doc_type,
        reading=outcome.reading,
        files=workspace.files,
        repository_urls=workspace.repository_urls,
        run=workspace.discovery.run_folder_of.get(outcome.path),
    )


def _outcomes(
    workspace: Workspace,
    ruleset: Ruleset,
    candidates: Sequence[Candidate],
    keep: bool,
    readings: bool,
    each: Callable[[DocumentOutcome], DocumentOutcome] | None = None,
) -> list[DocumentOutcome]:
    """Read and check each document; with ``keep``, each outcome has the ``entry``
    the store keeps (a run without the store would only pickle for nothing:
    a second of a document with 50,000 findings); with ``readings``, its reading;
    each passed through ``each`` as it is made."""
    checks = DocumentChecks.of(ruleset)
    vocabularies: dict[str, Vocabulary] = {}
    outcomes = []
    for candidate in candidates:
        stamp = _stamp(workspace, candidate)  # before reading: a later change is seen
        context = workspace.load(candidate, vocabularies)
        outcome = checks.outcome(context, stamp, keep)
        outcome = outcome if readings else evolve(outcome, reading=None)
        outcomes.append(outcome if each is None else each(outcome))
    return outcomes


#: An outcome as a worker sends it: pickling a whole reading (its sections, every span)
#: costs the parent more than reading it did, so a reading travels as what the rest of
#: the run reads of it, the summary a warm run also has.
Portable = tuple[DocumentOutcome, tuple[object, ...] | None]


#: What every worker of the pass is given once: the workspace, the ruleset, whether
#: outcomes keep their entries and their readings.
_Given = tuple[Workspace, Ruleset, bool, bool]


def _work(given: _Given, candidates: Sequence[Candidate]) -> list[Portable]:
    workspace, ruleset, keep, readings = given
    return [portable(o) for o in _outcomes(workspace, ruleset, candidates, keep, readings)]


def portable(outcome: DocumentOutcome) -> Portable:
    """``outcome`` as a worker sends it to the parent."""
    reading = outcome.reading
    return evolve(outcome, reading=None), None if reading is None else document_entry.summarize(
        reading
    )


def arrived(shipped: Portable, path: str | None = None) -> DocumentOutcome:
    """The outcome a worker sent (``portable``), as the parent uses it; ``path``: the
    parent's own string of the document's path, shared by the outcome and its record
    instead of the copy unpickling made (a string a record, 100 MB at a million)."""
    outcome, summary = shipped
    if path is not None and path == outcome.path:
        if outcome.record is not None and outcome.record.path == path:
            outcome.record.path = path
        outcome = evolve(outcome, path=path)
    if summary is None:
        return outcome
    return evolve(outcome, reading=document_entry.unsummarize(outcome.path, summary))


def _parallel(
    workspace: Workspace,
    ruleset: Ruleset,
    candidates: Sequence[Candidate],
    processes: int,
    keep: bool,
    readings: bool,
    each: Callable[[DocumentOutcome], DocumentOutcome] | None,
) -> list[DocumentOutcome]:
    done = each or (lambda outcome: outcome)
    chunks = [candidates[i : i + _CHUNK] for i in range(0, len(candidates), _CHUNK)]
    given = (workspace, ruleset, keep, readings)
    shipped = (item for chunk in map_in_workers(_work, given, chunks, processes) for item in chunk)
    return [
        done(arrived(outcome, candidate.path))
        for candidate, outcome in zip(candidates, shipped, strict=True)
    ]
