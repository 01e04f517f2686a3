"""The docs tree MkDocs builds: only what the gate let through, never through a link.

Each published record is copied at its workspace path (its bytes as they are, for
now); each verified run's review is rendered to ``reviews/<run folder name>.md`` with
its links rewritten from there, and the run's retained files (its documents and
``run.toml``) are copied at their workspace paths so those links resolve. Every file
is opened with ``open_contained`` (no component may be a symbolic link), so nothing
outside the workspace, or reached through a link, enters the tree.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from assay.api.runs import Verification, render_review
from assay.engine.files.opening import open_contained
from assay.engine.files.refusal import Refused
from assay.engine.workspace.run_folders import MANIFEST
from assay.site.gate import Excluded, Publication

__all__ = ["INDEX", "review_path", "write_tree"]

INDEX = "index.md"


def review_path(run: Verification) -> str:
    """Where a run's review lives in the tree: ``reviews/<run folder name>.md``."""
    name = PurePosixPath(run.folder).name or PurePosixPath(run.root).name
    return f"reviews/{name}.md"


def write_tree(publication: Publication, docs: Path) -> tuple[Excluded, ...]:
    """Write the docs tree into the (empty) folder ``docs``; return the files that could
    not be copied safely (a link, not a regular file), each with why."""
    refused: list[Excluded] = []
    written: set[str] = set()
    for path in publication.records:
        _copy(publication.root, path, docs, refused, written)
    for run in publication.runs:
        destination = review_path(run)
        _write(docs / destination, render_review(run, destination).encode("utf-8"))
        written.add(destination)
        for path in _retained(run):
            _copy(publication.root, path, docs, refused, written)
    if INDEX not in written:
        _write(docs / INDEX, index(publication).encode("utf-8"))
    return tuple(refused)


def index(publication: Publication) -> str:
    """The home page: a link to each record and each review, in path order."""
    lines = [f"# {publication.root.name}", ""]
    if publication.records:
        lines += ["## Decision records", ""]
        lines += [f"- [{path}]({path})" for path in publication.records]
        lines.append("")
    if publication.runs:
        lines += ["## Reviews", ""]
        for run in publication.runs:
            lines.append(f"- [{run.folder or '.'}]({review_path(run)})")
        lines.append("")
    if not publication.records and not publication.runs:
        lines += ["Nothing passed verification yet.", ""]
    return "\n".join(lines)


def _retained(run: Verification) -> Iterable[str]:
    manifest = f"{run.folder}/{MANIFEST}" if run.folder else MANIFEST
    return sorted({*run.report.files, manifest})


def _copy(root: Path, path: str, docs: Path, refused: list[Excluded], written: set[str]) -> None:
    if path in written:
        return
    opened = open_contained(root, path)
    if isinstance(opened, Refused):
        refused.append(Excluded(path=path, reason=f"{opened.code} {opened.message}"))
        return
    with opened, os.fdopen(os.dup(opened.fileno()), "rb") as stream:
        data = stream.read()
    _write(docs / path, data)
    written.add(path)


def _write(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    # O_EXCL | O_NOFOLLOW: the tree is a fresh temporary folder; nothing is overwritten.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(target, flags, 0o644)
    with os.fdopen(fd, "wb") as stream:
        stream.write(data)
