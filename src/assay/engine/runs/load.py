"""The runs a report concerns, each with its documents loaded.

The run checks and the review's renderer need a run's documents whole (sections,
text), side by side, which the per-document pass does not keep (no sections, no text;
a cached document not even that). A check reads a run's members here first, with the
loader the run pass gives (``engine.passes.run_members``: it checks each member as the
document pass would, so the document pass does not read it again); ``load_runs``
reads them for a caller outside a check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from assay.engine.files.opening import read_contained
from assay.engine.files.refusal import Refused
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.runs.model import Run
from assay.engine.workspace.candidates import Candidate
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.run_folders import MANIFEST, REVIEW, inside


def load_runs(workspace: Workspace, scope: Iterable[str] | None = None) -> list[Run]:
    """Every run of ``workspace``, or (with ``scope``, workspace paths) the runs holding
    one of those paths; in folder order."""
    vocabularies: dict[str, Vocabulary] = {}
    return [
        load_run(workspace, folder, candidates, vocabularies)
        for folder, candidates in runs_of(workspace, scope).items()
    ]


def runs_of(workspace: Workspace, scope: Iterable[str] | None = None) -> dict[str, list[Candidate]]:
    """The runs ``scope`` concerns (all when None), each folder with its documents'
    candidates, in folder order; nothing is read."""
    by_folder: dict[str, list[Candidate]] = {run: [] for run in workspace.discovery.runs}
    for candidate in workspace.discovery.documents:
        if candidate.origin == "run" and candidate.folder in by_folder:
            by_folder[candidate.folder].append(candidate)
    wanted = set(by_folder) if scope is None else _concerned(set(by_folder), scope)
    return {folder: by_folder[folder] for folder in sorted(wanted)}


#: Reads one document of a run (``Workspace.load``, or a check's loader that also
#: checks it).
Loader = Callable[[Candidate], DocumentContext]


def load_run(
    workspace: Workspace,
    folder: str,
    candidates: Iterable[Candidate],
    vocabularies: dict[str, Vocabulary] | None = None,
    *,
    load: Loader | None = None,
) -> Run:
    """The run at ``folder``, its documents (``candidates``) read with ``load`` (by
    default, afresh)."""
    if load is None:
        words = {} if vocabularies is None else vocabularies
        load = partial(workspace.load, vocabularies=words)
    documents = {inside(folder, c.path): load(c) for c in candidates}
    review = _regular_bytes(workspace, f"{folder}/{REVIEW}" if folder else REVIEW)
    return Run(folder=folder, documents=documents, review=review)


def manifests_of(workspace: Workspace) -> dict[str, Candidate]:
    """Every run's ``run.toml`` candidate, by run folder; nothing is read."""
    found: dict[str, Candidate] = {}
    runs = set(workspace.discovery.runs)
    for candidate in workspace.discovery.documents:
        folder = candidate.folder
        if candidate.origin != "run" or folder not in runs:
            continue
        if inside(folder, candidate.path) == MANIFEST:
            found[folder] = candidate
    return found


def source_of(manifest: DocumentContext) -> str | None:
    """A ``run.toml``'s ``source``; None without one, or when the manifest does not
    parse."""
    reading = manifest.reading
    fields = reading.field("source") if reading is not None else ()
    return fields[0].value if fields else None


def _regular_bytes(workspace: Workspace, path: str) -> bytes | None:
    """The file's bytes when it is a regular file below the workspace's root, read
    through the contained opener (no link followed at any component, never a FIFO);
    None otherwise. An editor's unsaved text for it (``Workspace.unsaved``) is read
    instead."""
    held = workspace.unsaved.get(path)
    if held is not None:
        return held
    try:
        found = read_contained(workspace.config.root, path)
    except OSError:
        return None
    return None if isinstance(found, Refused) else found


def _concerned(folders: set[str], scope: Iterable[str]) -> set[str]:
    """The run folders the paths of ``scope`` lie in (each path's innermost run).  A
    report's scope lists a folder's files with it, so a run folder given is found by
    its ``run.toml``."""
    found = set()
    for path in scope:
        above = path
        while above not in folders and above:
            above = above.rpartition("/")[0]
        if above in folders:
            found.add(above)
    return found
