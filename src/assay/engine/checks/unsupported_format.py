"""DOC016: files in a records folder in a format assay does not read."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.records import DOC016


@workspace_check(DOC016)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A records folder holds files in a format assay does not read (`.rst`, `.adoc`,
    `.txt`, …)."""
    folders: dict[str, list[str]] = {}
    for skipped in workspace.discovery.skipped:
        if skipped.reason == "unsupported-format":
            folders.setdefault(skipped.path.rpartition("/")[0], []).append(skipped.path)
    for folder, paths in sorted(folders.items()):
        paths.sort()
        names = ", ".join(f"`{p.rpartition('/')[2]}`" for p in paths)
        kinds = ", ".join(sorted({f"`.{p.rpartition('.')[2]}`" for p in paths}))
        count = f"{len(paths)} files" if len(paths) > 1 else "a file"
        yield Finding(
            START,
            f"`{folder}` holds {count} in a format assay does not read ({kinds}): "
            f"{names}; not checked",
            path=paths[0],
        )
