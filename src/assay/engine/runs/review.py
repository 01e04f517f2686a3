"""The public review of an analysis run, rendered by code from the verified overview.

ADR 097 deleted the review job: no prose reaches the review that verification did not
read. The review is the overview's Bounded synthesis and Limitations under a heading
naming the system and an ``Evidence basis:`` line built from the boundary's fields,
with the overview's Description as the page's description::

    ---
    description: "<the Description as plain text>"
    ---

    # <System>

    Evidence basis: <source.identity> at commit <source.commit>, inspected <inspected>.

    <Bounded synthesis>

    ## Limitations

    <Limitations>

Rendering is pure and byte-stable (no clock, no environment), so a kept ``review.md``
can be compared with a fresh rendering (DOC018) and users can snapshot it. Relative
links are rewritten to resolve from where the review is written (``rewrite``).

``review_source`` takes what rendering needs from the two documents' readings (or
says why it cannot: ``review_source.review_parts``), and ``render_review`` renders it;
whether the run is verified is the caller's question.

A ``#fragment``-only link names a heading of the overview. One whose heading the
review keeps (the synthesis's own headings, ``Limitations``) stays; any other leads
to the overview (``#description`` becomes ``overview.md#description``, or the path
from wherever the review is written), so no fragment names a heading the review
does not have.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable
from urllib.parse import unquote

from assay.engine.runs.anchors import document_anchors
from assay.engine.runs.model import Run
from assay.engine.runs.review_source import ReviewSource, review_parts, run_review
from assay.engine.runs.rewrite import rewrite_links
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.run_folders import REVIEW
from assay.grammar.markdown.document import read_document

__all__ = [
    "ReviewSource",
    "default_destination",
    "front_matter_string",
    "linked_files",
    "render_review",
    "review_source",
    "run_review",
]


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
#: What a YAML reader refuses, or reads as another character (NEL and the Unicode line
#: and paragraph separators break lines), in a double-quoted string written as it is.
_NOT_AS_IS = re.compile("[^\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def front_matter_string(text: str) -> str:
    """``text`` as a double-quoted string that JSON and YAML readers both read back as
    ``text``: JSON's escapes, and ``\\uXXXX`` for what YAML would not keep."""
    quoted = json.dumps(text, ensure_ascii=False)
    return _NOT_AS_IS.sub(lambda found: f"\\u{ord(found.group()):04x}", quoted)


def review_source(
    boundary: DocumentContext, overview: DocumentContext, system: str
) -> ReviewSource | None:
    """The review's parts, from the boundary's and the overview's readings; None when a
    part is missing (a field without a value, a section absent, empty or given twice, a
    document that could not be read). DOC022 reports why; this only declines."""
    found = review_parts(boundary, overview, system)
    return found if isinstance(found, ReviewSource) else None


def default_destination(run: Run) -> str:
    """Where a run's review lives unless told otherwise: ``review.md`` in the run folder."""
    return run.path(REVIEW)


def render_review(source: ReviewSource, destination: str) -> str:
    """The review of ``source``, to be written at ``destination`` (a workspace-relative
    POSIX path, by default ``<run>/review.md``): the same bytes for the same source
    wherever and whenever it is rendered. LF line endings, one final newline.

    Relative links of the sections are rewritten to lead from ``destination``'s folder
    to the files they led to from the overview's. Definitions of reference links that
    the overview keeps outside the two sections follow the Limitations, so those links
    still resolve in the review (definitions do not show when the review is read).
    """
    as_written = _compose(source, lambda markdown: markdown)
    anchors = review_anchors(as_written)
    return _compose(
        source, lambda markdown: rewrite_links(markdown, source.overview_path, destination, anchors)
    )


def review_anchors(review: str) -> frozenset[str]:
    """The anchors of a review's headings (its title, the synthesis's headings,
    ``Limitations`` and the Limitations' own): what a fragment in it may name."""
    parsed, _ = read_document(review)
    document = parsed.value
    return frozenset() if document is None else document_anchors(document)


def _compose(source: ReviewSource, moved: Callable[[str], str]) -> str:
    """The review's text, each section's links as ``moved`` makes them."""
    parts = [
        "---",
        f"description: {front_matter_string(source.description)}",
        "---",
        "",
        f"# {source.system}",
        "",
        f"Evidence basis: {source.identity} at commit {source.commit}, "
        f"inspected {source.inspected}.",
        "",
        moved(source.synthesis),
        "",
        "## Limitations",
        "",
        moved(source.limitations),
    ]
    if source.definitions:
        parts += ["", moved("\n".join(source.definitions))]
    return "\n".join(parts) + "\n"


def linked_files(markdown: str, path: str) -> frozenset[str]:
    """The workspace paths of the files ``markdown``, written at ``path``, links to:
    its relative links (inline, reference, raw HTML), resolved; a URL, a fragment of
    the page itself and a path that climbs out of the workspace are none."""
    parsed, _ = read_document(markdown)
    document = parsed.value
    if document is None:
        return frozenset()
    folder = posixpath.dirname(path)
    found = set()
    for link in document.links:
        target = link.destination.split("#", 1)[0].split("?", 1)[0]
        if link.kind == "autolink" or not target or _SCHEME.match(target):
            continue
        if target.startswith(("/", "\\")):
            continue
        joined = posixpath.normpath(posixpath.join(folder, unquote(target)))
        if joined != ".." and not joined.startswith("../"):
            found.add(joined)
    return frozenset(found)
