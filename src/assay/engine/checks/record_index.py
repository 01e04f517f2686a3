"""Decision records by path and by number, to find what a relation points at."""

from __future__ import annotations

import posixpath
from functools import cached_property

from attrs import frozen

from assay.engine.context import DocumentContext, WorkspaceContext
from assay.engine.links import resolve_link
from assay.spec.reading import RelationTarget


@frozen
class RecordIndex:
    """The decision records of a workspace (types derived from ``adr``)."""

    workspace: WorkspaceContext

    @cached_property
    def records(self) -> list[DocumentContext]:
        """Every record with a reading, in path order."""
        return self.workspace.readings("adr")

    @cached_property
    def by_path(self) -> dict[str, DocumentContext]:
        """Workspace-relative path -> record."""
        return {r.path: r for r in self.records}

    @cached_property
    def by_number(self) -> dict[int, list[DocumentContext]]:
        """Record number -> the records numbered so (several folders may reuse one)."""
        found: dict[int, list[DocumentContext]] = {}
        for record in self.records:
            assert record.reading is not None
            if record.reading.number is not None:
                found.setdefault(record.reading.number, []).append(record)
        return found

    def target(self, source: DocumentContext, target: RelationTarget) -> DocumentContext | None:
        """The record ``target`` names: by its link, else by its number (the source's
        folder first, then a number used in one folder only)."""
        if target.destination is not None:
            resolved = resolve_link(
                source.path,
                target.destination,
                source.files,
                repository_urls=source.repository_urls,
            )
            if resolved.kind == "ok" and resolved.target in self.by_path:
                return self.by_path[resolved.target]
            if resolved.kind not in ("external", "anchor"):
                return None
        if target.number is None:
            return None
        candidates = self.by_number.get(target.number, [])
        folder = posixpath.dirname(source.path)
        local = [c for c in candidates if posixpath.dirname(c.path) == folder]
        if local:
            return local[0]
        return candidates[0] if len(candidates) == 1 else None
