"""LNK002: a link that leaves the workspace, or leaves its analysis run's folder."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of, resolved_links
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.links import LNK002


@document_check(LNK002, uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A relative link climbs out of the workspace with `..`, or out of its run folder."""
    for found in findings_of(context, "escapes-workspace"):
        yield Finding(found.span, found.resolution.message)
    run = context.run
    if run is None:
        return
    for found in resolved_links(context):
        target = found.resolution.target
        if target is not None and not (run == "" or target.startswith(run + "/")):
            yield Finding(
                found.span,
                f"`{found.destination}` leaves the run folder `{run}`: a run links only "
                "into its retained files",
            )
