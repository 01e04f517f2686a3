"""What discovery found, file by file, and why: the facts ``assay files`` prints.

Each document is read once to name its type (a record found by convention is `madr`
or `adr` by its look); nothing is checked.
"""

from __future__ import annotations

from attrs import frozen

from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.workspace.candidates import Candidate, Note
from assay.engine.workspace.config import Config
from assay.engine.workspace.loading import Workspace, open_workspace
from assay.grammar.globs import compile_glob
from assay.spec.model import Model
from assay.spec.report import FileEntry


@frozen
class Inventory(Model):
    """Every document, spec and passed-over file, in path order; discovery's notes."""

    files: tuple[FileEntry, ...]
    notes: tuple[Note, ...]


def inventory(config: Config) -> Inventory:
    """What discovery finds in the workspace ``config`` describes."""
    workspace = open_workspace(config)
    discovery = workspace.discovery
    vocabularies: dict[str, Vocabulary] = {}
    entries = [_document(workspace, c, vocabularies) for c in discovery.documents]
    entries += [
        FileEntry(
            path=path, role="spec", type=None, reason="specs", pattern=_first(config.specs, path)
        )
        for path in discovery.specs
    ]
    entries += [
        FileEntry(path=s.path, role="skipped", type=None, reason=s.reason, detail=s.detail)
        for s in discovery.skipped
    ]
    return Inventory(tuple(sorted(entries, key=lambda e: e.path)), discovery.notes)


def _document(
    workspace: Workspace, candidate: Candidate, vocabularies: dict[str, Vocabulary]
) -> FileEntry:
    # After a spec error the types are unknown, and so is each document's.
    doc_type = None if workspace.stopped else workspace.load(candidate, vocabularies).type
    pattern = None
    if candidate.origin == "include":
        pattern = _first(workspace.config.include, candidate.path)
    elif candidate.origin == "type" and doc_type is not None:
        pattern = _first(doc_type.files, candidate.path)
    return FileEntry(
        path=candidate.path,
        role="document",
        type=None if doc_type is None else doc_type.name,
        reason=candidate.origin,
        folder=candidate.folder,
        pattern=pattern,
    )


def _first(globs: tuple[str, ...], path: str) -> str | None:
    return next((g for g in globs if compile_glob(g).match(path)), None)
