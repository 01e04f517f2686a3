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

``review_source`` takes what rendering needs from the two documents' readings, and
``render_review`` renders it; whether the run is verified is the caller's question.
"""

from __future__ import annotations

import json
import re

from attrs import frozen

from assay.engine.reading.places import Places
from assay.engine.reading.sentences import plain_text
from assay.engine.runs.model import Run
from assay.engine.runs.rewrite import rewrite_links
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.run_folders import REVIEW
from assay.grammar.markdown.escapes import normalize_label
from assay.spec.model import Model
from assay.spec.reading import SectionReading
from assay.spec.source import Span

__all__ = ["ReviewSource", "default_destination", "render_review", "review_source", "run_review"]

_TRAILING_BLANK_LINES = re.compile(r"(?:\n[ \t]*)+\Z")


@frozen(kw_only=True)
class ReviewSource(Model):
    """What a review is rendered from: the run's system, the boundary's fields and the
    overview's sections, as written (Markdown, line endings made ``\\n``)."""

    #: The system analysed (``run.toml``'s ``system``): the review's title.
    system: str
    #: The boundary's ``source.identity``.
    identity: str
    #: The boundary's ``source.commit``.
    commit: str
    #: The boundary's ``inspected`` date, ``YYYY-MM-DD``.
    inspected: str
    #: The overview's Description as plain text: markup stripped, whitespace collapsed.
    description: str
    #: The overview's workspace-relative path: its links are relative to its folder.
    overview_path: str
    #: The body of the overview's Bounded synthesis, trailing blank lines trimmed.
    synthesis: str
    #: The body of the overview's Limitations, trailing blank lines trimmed.
    limitations: str
    #: The reference definitions (``[label]: path``) of links in the two sections
    #: whose definitions lie elsewhere in the overview, as written, in overview order.
    definitions: tuple[str, ...] = ()


def review_source(
    boundary: DocumentContext, overview: DocumentContext, system: str
) -> ReviewSource | None:
    """The review's parts, from the boundary's and the overview's readings; None when a
    part is missing (a field without a value, a section absent or empty, a document
    that could not be read). The checks report what is missing; this only declines."""
    system = " ".join(system.split())
    reading, text, document = overview.reading, overview.text, overview.document
    if boundary.reading is None or reading is None or text is None or document is None:
        return None
    identity = boundary.reading.value("source.identity")
    commit = boundary.reading.value("source.commit")
    inspected = boundary.reading.value("inspected")
    locator = Places(text, bom=document.bytes.bom)
    ranges = [_body(reading.section(name), locator) for name in _SECTIONS]
    if not (system and identity and commit and inspected) or None in ranges:
        return None
    (d_start, d_end), synthesis, limitations = (r for r in ranges if r is not None)
    description = plain_text(text[d_start:d_end])
    if not description:
        return None
    used = {
        normalize_label(link.label)
        for link in document.links
        if link.kind == "reference"
        and link.label is not None
        and _inside(_chars(link.span, locator), (synthesis, limitations))
    }
    definitions: list[str] = []
    for definition in document.definitions:
        key = normalize_label(definition.label)
        if key in used:  # the first definition of a label is the one links use
            used.discard(key)
            where = _chars(definition.span, locator)
            if not _inside(where, (synthesis, limitations)):
                definitions.append(_lf(text[where[0] : where[1]]))
    return ReviewSource(
        system=system,
        identity=identity,
        commit=commit,
        inspected=inspected,
        description=description,
        overview_path=overview.path,
        synthesis=_trimmed(text[synthesis[0] : synthesis[1]]),
        limitations=_trimmed(text[limitations[0] : limitations[1]]),
        definitions=tuple(definitions),
    )


_SECTIONS = ("Description", "Bounded synthesis", "Limitations")


def run_review(run: Run) -> ReviewSource | None:
    """What ``run``'s review is rendered from: its boundary, its last overview and
    ``run.toml``'s system; None when one of them lacks a part."""
    boundary, overview, system = run.member("boundary.md"), run.member("overview.md"), run.system
    if boundary is None or overview is None or system is None:
        return None
    return review_source(boundary, overview, system)


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

    def moved(markdown: str) -> str:
        return rewrite_links(markdown, source.overview_path, destination)

    parts = [
        "---",
        f"description: {json.dumps(source.description, ensure_ascii=False)}",
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


def _body(sections: tuple[SectionReading, ...], locator: Places) -> tuple[int, int] | None:
    """The character range of the first section's body; None when absent or empty."""
    body = sections[0].body if sections else None
    return _chars(body, locator) if body is not None else None


def _chars(span: Span, locator: Places) -> tuple[int, int]:
    """``span`` (byte offsets, code-point columns) as character offsets into the text."""
    body = locator.body(span)
    return body.start, body.start + len(body.raw)


def _inside(where: tuple[int, int], ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(start <= where[0] and where[1] <= end for start, end in ranges)


def _lf(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _trimmed(text: str) -> str:
    return _TRAILING_BLANK_LINES.sub("", _lf(text))
