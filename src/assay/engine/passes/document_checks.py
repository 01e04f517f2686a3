"""One document checked on its own, and what the rest of a check keeps of it.

``DocumentChecks`` runs a ruleset's per-document checks over a document read as its
type and makes its ``DocumentOutcome``: its record's facts packed (the workspace
checks' whole view of it), its findings, its directives and which of its lines are
blank, and, when the store keeps it, its entry (``document_entry.DocumentEntry``), its
parts as bytes — a few objects a document, whatever its size. The per-document pass
(``engine.passes.document_pass``) makes one per document, in this process or a worker.
"""

from __future__ import annotations

import pickle

from attrs import evolve, frozen

from assay.engine.checks.base import Check
from assay.engine.checks.resolved_links import link_targets
from assay.engine.passes import document_entry
from assay.engine.passes.document_entry import DocumentEntry
from assay.engine.passes.findings import guarded
from assay.engine.passes.lines import line_marks
from assay.engine.passes.rulesets import Ruleset
from assay.engine.workspace.candidates import Stamp
from assay.engine.workspace.document_context import DocumentContext, record_of
from assay.engine.workspace.record_index import Record
from assay.spec.diagnostics import Diagnostic
from assay.spec.document import Directive
from assay.spec.model import Model
from assay.spec.reading import Reading


@frozen
class DocumentOutcome(Model):
    """What the rest of the run needs of one document."""

    path: str
    #: The document's type name, or None.
    type_name: str | None
    #: The type's library (None for a user type), to find the type again.
    library: str | None
    #: The reading without its sections, only when the run keeps readings (``readings``
    #: of ``run_documents``); else None.
    reading: Reading | None
    #: The per-document checks' diagnostics, before suppression.
    diagnostics: tuple[Diagnostic, ...]
    directives: tuple[Directive, ...]
    #: Which of the document's lines are blank (``lines.line_marks``), kept only
    #: when it has directives (``disable-next-line`` skips blank lines); else "".
    lines: str
    #: What the store keeps of this document; None when it is not to be kept.
    entry: DocumentEntry | None = None
    #: The file's stamp, taken before it was read: what the entry is valid for.
    stamp: Stamp | None = None
    #: The document as a decision record (its facts packed), or None for another document.
    record: Record | None = None


def kept_outcome(
    path: str,
    entry: DocumentEntry,
    *,
    reading: Reading | None = None,
    record: Record | None = None,
) -> DocumentOutcome:
    """The outcome of a document the store kept (``entry``), as the check made it,
    without the link checks' findings (never kept: they are made again)."""
    return DocumentOutcome(
        path=path,
        type_name=entry.type_name,
        library=entry.library,
        reading=reading,
        diagnostics=pickle.loads(entry.findings) if entry.findings else (),
        directives=pickle.loads(entry.directives) if entry.directives else (),
        lines=entry.lines,
        record=record,
    )


@frozen
class DocumentChecks(Model):
    """The per-document checks of a ruleset, split once (not per document): what the
    cache may keep, and what depends on other files and is never cached."""

    ruleset: Ruleset
    keeping: tuple[Check, ...]
    linking: tuple[Check, ...]

    @classmethod
    def of(cls, ruleset: Ruleset) -> DocumentChecks:
        """The per-document checks of ``ruleset``."""
        per_document = [c for c in ruleset.checks if c.scope == "document"]
        return cls(
            ruleset,
            tuple(rule for rule in per_document if not rule.uses_files),
            tuple(rule for rule in per_document if rule.uses_files),
        )

    def outcome(self, context: DocumentContext, stamp: Stamp | None, keep: bool) -> DocumentOutcome:
        """Check one document read as ``context`` (its file's ``stamp`` taken before
        reading); with ``keep``, the outcome has the store's entry."""
        ruleset = self.ruleset
        kept = [d for rule in self.keeping for d in guarded(ruleset, rule, context, context.path)]
        fresh = [d for rule in self.linking for d in guarded(ruleset, rule, context, context.path)]
        document = context.document
        directives = document.directives if document is not None else ()
        lines = line_marks(context.text or "") if directives else ""
        type_name = context.type.name if context.type is not None else None
        library = context.type.library if context.type is not None else None
        record, packed = record_of(context, kept)
        entry = None
        # A run's `run.toml` has no document model but text: it is kept too (no links).
        # A record whose facts marshal cannot keep is read again on every run.
        cacheable = document is not None or context.text is not None
        if keep and stamp is not None and cacheable and (record is None or packed is not None):
            entry = _entry(context, type_name, library, kept, directives, lines)
        reading = context.reading
        if reading is not None and reading.sections:
            # The sections were for the checks above; across the run they would only
            # hold memory (a third of a large one-process run's). The workspace checks
            # read the rest, as the cache and the workers give it to them.
            reading = evolve(reading, sections=())
        return DocumentOutcome(
            path=context.path,
            type_name=type_name,
            library=library,
            reading=reading,
            diagnostics=(*kept, *fresh),
            directives=directives,
            lines=lines,
            entry=entry,
            stamp=stamp if entry is not None else None,
            record=record,
        )


def _entry(
    context: DocumentContext,
    type_name: str | None,
    library: str | None,
    kept: list[Diagnostic],
    directives: tuple[Directive, ...],
    lines: str,
) -> DocumentEntry:
    """The store's entry of a checked document: its type, its reading's summary, the
    link targets it names, and the findings and directives kept, pickled."""
    document = context.document
    targets = link_targets(document, context.reading) if document is not None else ()
    summary = None
    if context.reading is not None:
        summary = pickle.dumps(document_entry.summarize(context.reading), _PROTOCOL)
    return DocumentEntry(
        type_name=type_name,
        library=library,
        summary=summary,
        links=document_entry.links_of(targets),
        findings=pickle.dumps(tuple(kept), _PROTOCOL) if kept else b"",
        directives=pickle.dumps(directives, _PROTOCOL) if directives else b"",
        lines=lines,
    )


#: What pickles the cached parts: each entry keeps them as bytes, a few objects
#: instead of dozens while the run holds them (and after the cache is loaded).
_PROTOCOL = pickle.HIGHEST_PROTOCOL
