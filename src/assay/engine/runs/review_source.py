"""What a run's review is rendered from, or why it cannot be: one rule for both.

ADR 097's review takes the overview's Description (its description), Bounded
synthesis and Limitations, ``run.toml``'s ``system`` and the boundary's
``source.identity``, ``source.commit`` and ``inspected``. ``review_parts`` gathers
them, and when it cannot it says why, each reason a ``Gap`` with its place: the run
check DOC022 reports exactly these gaps as errors, so a run that checks clean always
renders (``assay render`` and ``assay publish`` refuse only what the check reported).

Nothing verified is dropped: each section the review takes must appear once, and not
inside another section it takes. A second ``## Limitations`` is a gap, not a section
left behind, and a ``### Limitations`` inside the Bounded synthesis would be shown
twice.
"""

from __future__ import annotations

import re

from attrs import frozen

from assay.engine.reading.places import Places
from assay.engine.reading.sentences import plain_text
from assay.engine.runs.model import Run
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.run_folders import MANIFEST
from assay.grammar.markdown.escapes import normalize_label
from assay.spec.model import Model
from assay.spec.reading import SectionReading
from assay.spec.source import Span

__all__ = ["SECTIONS", "Gap", "ReviewSource", "review_gaps", "review_parts", "run_review"]

#: The overview's sections the review takes, in the order it takes them.
SECTIONS = ("Description", "Bounded synthesis", "Limitations")
#: The boundary's fields the Evidence basis line is built from.
_FIELDS = ("source.identity", "source.commit", "inspected")
_START = Span.point(0, 1, 1)
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


@frozen(kw_only=True)
class Gap(Model):
    """Why a run's review cannot be rendered whole: where, and what is missing."""

    #: The workspace-relative file the gap is in.
    path: str
    span: Span
    message: str


def review_parts(
    boundary: DocumentContext,
    overview: DocumentContext,
    system: str | None,
    *,
    manifest: str = MANIFEST,
    system_at: Span = _START,
) -> ReviewSource | tuple[Gap, ...]:
    """The review's parts from the boundary's and the overview's readings and the
    run's ``system`` (read at ``system_at`` in ``manifest``, the run's ``run.toml``);
    else every reason it cannot be rendered whole."""
    gaps: list[Gap] = []
    system = " ".join((system or "").split())
    if not system:
        what = "is missing" if system_at == _START else "is empty"
        gaps.append(
            Gap(path=manifest, span=system_at, message=f"`system` {what}: it titles the review")
        )
    fields = _boundary_fields(boundary, gaps)
    sections = _sections(overview, gaps)
    if gaps or fields is None or sections is None:
        return tuple(gaps)
    reading = overview.reading
    assert reading is not None
    (description, synthesis, limitations) = (reading.section(name)[0] for name in SECTIONS)
    taken = (_chars(synthesis.body, sections), _chars(limitations.body, sections))
    identity, commit, inspected = fields
    return ReviewSource(
        system=system,
        identity=identity,
        commit=commit,
        inspected=inspected,
        description=_plain(description, sections),
        overview_path=overview.path,
        synthesis=_trimmed(sections.body(_span(synthesis)).raw),
        limitations=_trimmed(sections.body(_span(limitations)).raw),
        definitions=tuple(_definitions(overview, sections, taken)),
    )


def run_review(run: Run) -> ReviewSource | None:
    """What ``run``'s review is rendered from; None when it has a gap."""
    found = _run_parts(run)
    return found if isinstance(found, ReviewSource) else None


def review_gaps(run: Run) -> tuple[Gap, ...]:
    """Why ``run``'s review cannot be rendered whole; empty when it can."""
    found = _run_parts(run)
    return () if isinstance(found, ReviewSource) else found


def _run_parts(run: Run) -> ReviewSource | tuple[Gap, ...]:
    manifest = run.path(MANIFEST)
    boundary, overview = run.member("boundary.md"), run.member("overview.md")
    if boundary is None or overview is None:
        return tuple(
            Gap(
                path=manifest,
                span=_START,
                message=f"the run has no `{name}`: the review is rendered from it",
            )
            for name, member in (("boundary.md", boundary), ("overview.md", overview))
            if member is None
        )
    system = run.field(MANIFEST, "system")
    if system is None:
        read = run.member(MANIFEST)
        if read is not None and read.reading is None:  # DOC019: no key can be read
            return _without_system(review_parts(boundary, overview, "-", manifest=manifest))
        return review_parts(boundary, overview, None, manifest=manifest)
    return review_parts(boundary, overview, system.value, manifest=manifest, system_at=system.span)


def _without_system(found: ReviewSource | tuple[Gap, ...]) -> tuple[Gap, ...]:
    """The gaps of ``found``, rendered with a stand-in system: the manifest's own
    error (DOC019) is the reason the review cannot be rendered."""
    return found if isinstance(found, tuple) else ()


def _boundary_fields(boundary: DocumentContext, gaps: list[Gap]) -> tuple[str, str, str] | None:
    """The boundary's three fields, or None after adding a gap for each one missing."""
    reading = boundary.reading
    if reading is None:
        gaps.append(Gap(path=boundary.path, span=_START, message="the boundary could not be read"))
        return None
    values = []
    for name in _FIELDS:
        value = reading.value(name)
        if not value:
            found = reading.field(name)
            where = found[0].span if found else _anchor(boundary)
            what = "is empty" if found else "is missing"
            gaps.append(
                Gap(
                    path=boundary.path,
                    span=where,
                    message=f"`{name}` {what}: the review's Evidence basis line names it",
                )
            )
        values.append(value)
    identity, commit, inspected = values
    if identity and commit and inspected:
        return identity, commit, inspected
    return None


def _sections(overview: DocumentContext, gaps: list[Gap]) -> Places | None:
    """The overview's places when each section the review takes is there
    once, with text, outside the others; else None after adding the gaps."""
    reading, text, document = overview.reading, overview.text, overview.document
    if reading is None or text is None or document is None:
        gaps.append(Gap(path=overview.path, span=_START, message="the overview could not be read"))
        return None
    locator = Places(text, bom=document.bytes.bom)
    before = len(gaps)
    taken: list[tuple[str, SectionReading]] = []
    for name in SECTIONS:
        found = reading.section(name)
        if not found:
            gaps.append(
                _gap(
                    overview,
                    _anchor(overview),
                    f"there is no `{name}` section: the review takes it",
                )
            )
            continue
        first = found[0]
        for second in found[1:]:
            gaps.append(
                _gap(
                    overview,
                    second.span,
                    f"a second `{name}` section (the first is on line {first.span.line}): the "
                    "review takes one, and would drop this one's text; merge them",
                )
            )
        # The Description is read as plain text: markup alone leaves it empty.
        if first.body is None or (name == SECTIONS[0] and not _plain(first, locator)):
            gaps.append(
                _gap(
                    overview,
                    first.span,
                    f"the `{name}` section is empty: the review takes its text",
                )
            )
        taken.append((name, first))
    gaps.extend(_nested(overview, taken))
    return locator if len(gaps) == before else None


def _nested(overview: DocumentContext, taken: list[tuple[str, SectionReading]]) -> list[Gap]:
    """A section the review takes that lies inside another one it takes: its text
    would be shown twice, or (the Description) be prose and description at once."""
    found = []
    for name, section in taken:
        outer = next(
            (
                other
                for other_name, other in taken
                if other_name != name
                and other.body is not None
                and _within(section.span, other.body)
            ),
            None,
        )
        if outer is not None:
            found.append(
                _gap(
                    overview,
                    section.span,
                    f"the `{name}` section lies inside the `{outer.name}` section (line "
                    f"{outer.span.line}): the review takes each once; give it its own level",
                )
            )
    return found


def _definitions(
    overview: DocumentContext, locator: Places, ranges: tuple[tuple[int, int], ...]
) -> list[str]:
    """The definitions of the reference links in ``ranges`` kept outside them."""
    document, text = overview.document, overview.text
    assert document is not None and text is not None
    used = {
        normalize_label(link.label)
        for link in document.links
        if link.kind == "reference"
        and link.label is not None
        and _inside(_chars(link.span, locator), ranges)
    }
    definitions: list[str] = []
    for definition in document.definitions:
        key = normalize_label(definition.label)
        if key in used:  # the first definition of a label is the one links use
            used.discard(key)
            where = _chars(definition.span, locator)
            if not _inside(where, ranges):
                definitions.append(_lf(text[where[0] : where[1]]))
    return definitions


def _gap(document: DocumentContext, span: Span, message: str) -> Gap:
    return Gap(path=document.path, span=span, message=message)


def _anchor(document: DocumentContext) -> Span:
    """The title as written, else the start: where a missing part is reported."""
    reading = document.reading
    if reading is not None and reading.title is not None and reading.title.span is not None:
        return reading.title.span
    return _START


def _plain(section: SectionReading, locator: Places) -> str:
    """The section's text as a reader sees it (``plain_text``)."""
    return plain_text(locator.body(_span(section)).raw)


def _span(section: SectionReading) -> Span:
    assert section.body is not None  # `_sections` made sure
    return section.body


def _within(span: Span, body: Span) -> bool:
    return body.start <= span.start and span.end <= body.end


def _chars(span: Span | None, locator: Places) -> tuple[int, int]:
    """``span`` (byte offsets, code-point columns) as character offsets into the text."""
    assert span is not None
    body = locator.body(span)
    return body.start, body.start + len(body.raw)


def _inside(where: tuple[int, int], ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(start <= where[0] and where[1] <= end for start, end in ranges)


def _lf(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _trimmed(text: str) -> str:
    """``text`` with LF line endings and no trailing blank lines."""
    return _TRAILING_BLANK_LINES.sub("", _lf(text))
