"""The per-document pass: read each document and run the per-document checks on it.

Documents unchanged since the last run come from the check cache
(``engine.runner.check_cache``): their cached findings are reused and only the link checks run
again.

Each document is independent here, so a large workspace is split between processes
(one per core, from ``fork``): a worker reads, parses and checks its share and sends
back only what the rest of the run needs — the record's facts, the diagnostics, the
suppression directives — never the whole document model, whose pickling would cost
more than the parse it saves.  Small workspaces, and systems without ``fork``, run in
this process; the result is the same either way, in the same order.

What a check holds of each document until its report is small and does not grow
with the document: its record's facts packed (``record_index.Packed``, the workspace
checks' whole view of it), its findings and directives, and what the check cache
keeps of it, as bytes. The typed reading is dropped as soon as the document is
checked, unless the caller asks for it (a publication writes pages from it).
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable, Mapping, Sequence
from functools import cache

from attrs import evolve

from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.runner import check_cache
from assay.engine.runner.check_cache import Entry
from assay.engine.runner.document_checks import DocumentChecks, DocumentOutcome
from assay.engine.runner.findings import guarded
from assay.engine.runner.rulesets import Ruleset
from assay.engine.workspace import cache_files
from assay.engine.workspace.candidates import Candidate, Stamp
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.record_index import Record
from assay.engine.workspace.types import builtin_type
from assay.grammar.markdown import derivations
from assay.spec.types import DocumentType

#: Below this many documents, starting processes costs more than it saves.
PARALLEL_FROM = 400
_CHUNK = 64


def run_documents(
    workspace: Workspace,
    ruleset: Ruleset,
    jobs: int | None = None,
    *,
    cache: bool = True,
    scope: frozenset[str] | None = None,
    with_entries: bool = True,
    members: Mapping[str, DocumentOutcome] | None = None,
    readings: bool = False,
) -> list[DocumentOutcome]:
    """Every document's outcome, in discovery (path) order; with ``readings``, each
    keeps its reading (without sections), else none does.

    With a report ``scope``, a cached document outside it keeps its record (the
    workspace checks need it) but skips its link checks: nobody will see them.
    Each outcome's ``entry`` is made when ``with_entries`` asks for it (the check summary
    keeps it) or the check cache is saved: it pickles every finding. The cache is
    written entry by entry as the outcomes come, and each outcome then keeps only what
    the summary needs of its entry (``check_cache.slim``). ``members``: the
    outcomes of the run members this check has already read and checked (the run
    pass), taken as they are instead of reading the documents again.
    """
    where = cache_files.cache_path(workspace.config.root) if cache else None
    settings = check_cache.settings_digest(workspace, ruleset) if where is not None else ""
    stored = check_cache.load(where, settings)
    outcomes: dict[str, DocumentOutcome] = {}
    misses: list[Candidate] = []
    changed = False
    for candidate in workspace.discovery.documents:
        entry = stored.get(candidate.path)
        done = None if members is None else members.get(candidate.path)
        if done is not None:
            outcomes[candidate.path] = done if readings else evolve(done, reading=None)
            # Saved again only when the cache did not already hold it as it is now.
            changed = changed or entry is None or entry[0] != _stamp(workspace, candidate)
        elif entry is not None and entry[0] == _stamp(workspace, candidate):
            shown = scope is None or candidate.path in scope
            outcomes[candidate.path] = _from_cache(
                workspace, ruleset, candidate.path, entry, shown, readings
            )
        else:
            misses.append(candidate)
    documents = workspace.discovery.documents
    writer = None
    if where is not None and (misses or changed or len(stored) != len(documents)):
        writer = check_cache.Writer.open(where, settings)
    kept = _Kept(writer)
    try:
        for path, outcome in outcomes.items():
            outcomes[path] = kept(outcome)
        keep = with_entries or where is not None
        for outcome in _compute(workspace, ruleset, misses, jobs, keep, readings, kept):
            outcomes[outcome.path] = outcome
    except BaseException:
        if writer is not None:
            writer.discard()
        raise
    if writer is not None:
        writer.commit()
    return [outcomes[c.path] for c in documents]


class _Kept:
    """What the run keeps of each outcome as it comes: its cache entry written (when
    the cache is), and the entry slimmed to what the check summary needs — a large run
    held every document's reading summary and link destinations to its end only to
    write them at once."""

    def __init__(self, writer: check_cache.Writer | None) -> None:
        self._writer = writer

    def __call__(self, outcome: DocumentOutcome) -> DocumentOutcome:
        entry = outcome.entry
        if entry is None:
            return outcome
        if self._writer is not None:
            self._writer.put(outcome.path, entry)
        return evolve(outcome, entry=check_cache.slim(entry))


def _compute(
    workspace: Workspace,
    ruleset: Ruleset,
    candidates: list[Candidate],
    jobs: int | None,
    keep: bool,
    readings: bool,
    each: Callable[[DocumentOutcome], DocumentOutcome],
) -> list[DocumentOutcome]:
    """The outcomes of ``candidates``, each passed through ``each`` as it comes."""
    count = workers(len(candidates), jobs)
    if count > 1:
        # Imported here: a pre-commit run over a few files never starts a process.
        from concurrent.futures.process import BrokenProcessPool

        try:
            return _parallel(workspace, ruleset, candidates, count, keep, readings, each)
        except (BrokenProcessPool, OSError):
            pass  # a worker died (out of memory?): do the work here (an entry kept twice
            # in the cache is one entry when read)
    return _outcomes(workspace, ruleset, candidates, keep, readings, each)


def _stamp(workspace: Workspace, candidate: Candidate) -> Stamp | None:
    """What says a file is unchanged: discovery's stamp, taken before it is read, so
    a change made while the run reads it is seen by the next run."""
    return workspace.discovery.stamps.get(candidate.path)


def _from_cache(
    workspace: Workspace,
    ruleset: Ruleset,
    path: str,
    entry: Entry,
    shown: bool,
    readings: bool = False,
) -> DocumentOutcome:
    """An unchanged document: cached findings, and the link checks run again (when its
    findings will be ``shown``); its reading rebuilt only when ``readings`` asks."""
    _stamp_value, type_name, library, summary, links, findings, directives, lines, packed = entry
    reading = None
    if readings and summary is not None:
        reading = check_cache.unsummarize(path, pickle.loads(summary))
    outcome = DocumentOutcome(
        path=path,
        type_name=type_name,
        library=library,
        reading=reading,
        diagnostics=pickle.loads(findings) if findings else (),
        directives=pickle.loads(directives) if directives else (),
        lines=lines,
        entry=entry,
        record=None if packed is None else Record(path, None, packed),
    )
    if not links or not shown:
        return outcome
    context = evolve(context_of(workspace, outcome), links=check_cache.unlinks(links))
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
        doc_type = _builtin(outcome.type_name)
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


@cache
def _builtin(name: str) -> DocumentType:
    # Looked up once per document of a warm run: finding the library each time shows.
    return builtin_type(name)


def workers(count: int, jobs: int | None) -> int:
    """How many processes share ``count`` documents (``jobs``: as asked; None: one per
    core for a large share, else one)."""
    if jobs is not None:
        # No more processes than documents: each would have nothing to do, and a pool
        # sized past a C int (``--jobs 99999999999``) cannot even be made.
        return max(1, min(jobs, count))
    if count < PARALLEL_FROM:
        return 1
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(os.cpu_count() or 1, 8)


def _outcomes(
    workspace: Workspace,
    ruleset: Ruleset,
    candidates: Sequence[Candidate],
    keep: bool,
    readings: bool,
    each: Callable[[DocumentOutcome], DocumentOutcome] | None = None,
) -> list[DocumentOutcome]:
    """Read and check each document; with ``keep``, each outcome has the ``entry``
    the check cache keeps (a run without the cache would only pickle for nothing:
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


# The worker's share of the run, inherited through fork: never pickled.
_SHARED: tuple[Workspace, Ruleset, bool, bool] | None = None


#: An outcome as a worker sends it: pickling a whole reading (its sections, every span)
#: costs the parent more than reading it did, so a reading travels as what the rest of
#: the run reads of it, the summary a warm run also has.
Portable = tuple[DocumentOutcome, tuple[object, ...] | None]


def _work(candidates: Sequence[Candidate]) -> list[Portable]:
    assert _SHARED is not None
    workspace, ruleset, keep, readings = _SHARED
    shipped = [portable(o) for o in _outcomes(workspace, ruleset, candidates, keep, readings)]
    derivations.save()  # the document shapes this worker met, for later runs
    return shipped


def portable(outcome: DocumentOutcome) -> Portable:
    """``outcome`` as a worker sends it to the parent."""
    reading = outcome.reading
    return evolve(outcome, reading=None), None if reading is None else check_cache.summarize(
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
    return evolve(outcome, reading=check_cache.unsummarize(outcome.path, summary))


def _parallel(
    workspace: Workspace,
    ruleset: Ruleset,
    candidates: Sequence[Candidate],
    processes: int,
    keep: bool,
    readings: bool,
    each: Callable[[DocumentOutcome], DocumentOutcome],
) -> list[DocumentOutcome]:
    global _SHARED
    _SHARED = (workspace, ruleset, keep, readings)
    try:
        chunks = [candidates[i : i + _CHUNK] for i in range(0, len(candidates), _CHUNK)]
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=processes, mp_context=context) as pool:
            shipped = (item for chunk in pool.map(_work, chunks) for item in chunk)
            return [
                each(arrived(outcome, candidate.path))
                for candidate, outcome in zip(candidates, shipped, strict=True)
            ]
    finally:
        _SHARED = None
