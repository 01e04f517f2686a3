"""The per-document pass: read each document and run the per-document checks on it.

Each document is independent here, so a large workspace is split between processes
(one per core, from ``fork``): a worker reads, parses and checks its share and sends
back only what the rest of the run needs — the typed reading, the diagnostics, the
suppression directives — never the whole document model, whose pickling would cost
more than the parse it saves.  Small workspaces, and systems without ``fork``, run in
this process; the result is the same either way, in the same order.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from attrs import frozen

from assay.engine.context import DocumentContext
from assay.engine.discovery import Candidate
from assay.engine.findings import guarded
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.rulesets import Ruleset
from assay.engine.types import builtin_type
from assay.engine.workspace import Workspace
from assay.spec.diagnostics import Diagnostic
from assay.spec.document import Directive
from assay.spec.reading import Reading

#: Below this many documents, starting processes costs more than it saves.
PARALLEL_FROM = 400
_CHUNK = 64


@frozen
class DocumentOutcome:
    """What the rest of the run needs of one document."""

    path: str
    #: The document's type name, or None.
    type_name: str | None
    #: The type's library (None for a user type), to find the type again.
    library: str | None
    reading: Reading | None
    #: The per-document checks' diagnostics, before suppression.
    diagnostics: tuple[Diagnostic, ...]
    directives: tuple[Directive, ...]
    #: The document's lines, kept only when it has directives (``disable-next-line``
    #: skips blank lines).
    lines: tuple[str, ...]


def run_documents(
    workspace: Workspace, ruleset: Ruleset, jobs: int | None = None
) -> list[DocumentOutcome]:
    """Every document's outcome, in discovery (path) order."""
    candidates = workspace.discovery.documents
    workers = _workers(len(candidates), jobs)
    if workers > 1:
        try:
            return _parallel(workspace, ruleset, candidates, workers)
        except (BrokenProcessPool, OSError):
            pass  # a worker died (out of memory?): do the work here instead
    return _outcomes(workspace, ruleset, candidates)


def context_of(workspace: Workspace, outcome: DocumentOutcome) -> DocumentContext:
    """A document context for the workspace checks, rebuilt from an outcome."""
    doc_type = None
    if outcome.type_name is not None and outcome.library is None:
        doc_type = workspace.types.get(outcome.type_name)
    elif outcome.type_name is not None:
        doc_type = builtin_type(outcome.type_name)
    return DocumentContext(
        path=outcome.path,
        text=None,
        document=None,
        type=doc_type,
        reading=outcome.reading,
        files=workspace.files,
        repository_urls=workspace.repository_urls,
    )


def _workers(count: int, jobs: int | None) -> int:
    if jobs is not None:
        return max(1, jobs)
    if count < PARALLEL_FROM or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(os.cpu_count() or 1, 8)


def _outcomes(
    workspace: Workspace, ruleset: Ruleset, candidates: Sequence[Candidate]
) -> list[DocumentOutcome]:
    per_document = [c for c in ruleset.checks if c.scope == "document"]
    vocabularies: dict[str, Vocabulary] = {}
    outcomes = []
    for candidate in candidates:
        context = workspace.load(candidate, vocabularies)
        diagnostics: list[Diagnostic] = []
        for rule in per_document:
            diagnostics.extend(guarded(ruleset, rule, context, context.path))
        directives = context.document.directives if context.document is not None else ()
        lines = tuple((context.text or "").splitlines()) if directives else ()
        outcomes.append(
            DocumentOutcome(
                path=context.path,
                type_name=context.type.name if context.type is not None else None,
                library=context.type.library if context.type is not None else None,
                reading=context.reading,
                diagnostics=tuple(diagnostics),
                directives=directives,
                lines=lines,
            )
        )
    return outcomes


# The worker's share of the run, inherited through fork: never pickled.
_SHARED: tuple[Workspace, Ruleset] | None = None


def _work(candidates: Sequence[Candidate]) -> list[DocumentOutcome]:
    assert _SHARED is not None
    return _outcomes(*_SHARED, candidates)


def _parallel(
    workspace: Workspace, ruleset: Ruleset, candidates: Sequence[Candidate], workers: int
) -> list[DocumentOutcome]:
    global _SHARED
    _SHARED = (workspace, ruleset)
    try:
        chunks = [candidates[i : i + _CHUNK] for i in range(0, len(candidates), _CHUNK)]
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            return [outcome for chunk in pool.map(_work, chunks) for outcome in chunk]
    finally:
        _SHARED = None
