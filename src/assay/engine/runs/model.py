"""One analysis run as the run checks (and the review's renderer) see it.

A run is its folder and the documents discovery found in it, each loaded afresh with
its text, document model and reading: a run check compares members (the boundary's
identity with the manifest's source, a lens's ``Inputs:`` with its contract), so it
needs them side by side, which the per-document pass never holds.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.run_folders import MANIFEST
from assay.spec.model import Model
from assay.spec.reading import FieldReading


@frozen(kw_only=True)
class Run(Model):
    """An analysis run: its folder and its loaded documents."""

    #: The run folder, workspace-relative (``""`` for a run at the workspace root).
    folder: str
    #: The run's documents by their path inside the run folder (``run.toml``,
    #: ``lenses/memory.md`` …), in path order.
    documents: Mapping[str, DocumentContext]
    #: The bytes of the run's ``review.md`` when it keeps one as a regular file, else
    #: None: the run checks compare it with the review the run renders.
    review: bytes | None = None
    #: Every run's ``run.toml`` ``source`` in the workspace, by run folder (this run's
    #: too; a run without one is left out): IDN004 compares the slugs across runs.
    sources: Mapping[str, str] = {}

    def path(self, relative: str) -> str:
        """The workspace path of the run file at ``relative``."""
        return f"{self.folder}/{relative}" if self.folder else relative

    def member(self, relative: str) -> DocumentContext | None:
        """The document at ``relative`` inside the run, if the run has it."""
        return self.documents.get(relative)

    def field(self, relative: str, name: str) -> FieldReading | None:
        """The first reading of field ``name`` in the document at ``relative``."""
        document = self.documents.get(relative)
        if document is None or document.reading is None:
            return None
        found = document.reading.field(name)
        return found[0] if found else None

    def value(self, relative: str, name: str) -> str | None:
        """The value read for field ``name`` in the document at ``relative``, or None."""
        found = self.field(relative, name)
        return None if found is None else found.value

    @property
    def system(self) -> str | None:
        """``run.toml``'s ``system``: the name the review is titled with."""
        return self.value(MANIFEST, "system")

    @property
    def source(self) -> str | None:
        """``run.toml``'s ``source``: the caller's identity of what was analysed."""
        return self.value(MANIFEST, "source")

    @property
    def inputs_commit(self) -> str | None:
        """``run.toml``'s ``inputs-commit``: the commit that pins the method."""
        return self.value(MANIFEST, "inputs-commit")
