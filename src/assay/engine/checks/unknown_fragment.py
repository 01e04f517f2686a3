"""LNK008: a link in an analysis run whose ``#fragment`` names no heading of its target."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from urllib.parse import unquote

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.anchors import document_anchors, fragment
from assay.engine.runs.model import Run
from assay.spec.rules.links import LNK008

#: Links whose destination a reader follows (an autolink is a URL).
_FOLLOWED = ("inline", "reference", "html")


@run_check(LNK008)
def check(run: Run) -> Iterator[Finding]:
    """A link between a run's documents names a heading its target does not have."""
    anchors: dict[str, frozenset[str]] = {}
    for relative, source in run.documents.items():
        if source.document is None:
            continue
        for link in source.document.links:
            name = fragment(link.destination) if link.kind in _FOLLOWED else None
            if not name:
                continue
            target = _target(relative, link.destination)
            member = None if target is None else run.member(target)
            if target is None or member is None or member.document is None:
                continue  # not a document of the run: nothing to hold it to
            if target not in anchors:
                anchors[target] = document_anchors(member.document)
            if name not in anchors[target]:
                where = "this document" if target == relative else f"`{target}`"
                yield Finding(
                    link.span,
                    f"`#{name}` names no heading of {where}: link to a heading it has, "
                    "or to the document alone",
                    path=run.path(relative),
                )


def _target(relative: str, destination: str) -> str | None:
    """The run file ``destination`` leads to from the member at ``relative``; None for
    a URL, a root-relative path, or one that leaves the run."""
    path = destination.split("#", 1)[0].split("?", 1)[0]
    if not path:
        return relative
    if ":" in path.split("/", 1)[0] or path.startswith(("/", "\\")):
        return None
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(relative), unquote(path)))
    return None if joined.startswith("../") or joined == ".." else joined
