"""Read a parsed document under its type: the one entry point of ``engine.reading``."""

from __future__ import annotations

from collections.abc import Sequence

from assay.engine.reading.bold_headings import promote_bold_headings
from assay.engine.reading.fields import read_field
from assay.engine.reading.metadata import Found, find_metadata
from assay.engine.reading.plain import plain_sections
from assay.engine.reading.prose_relations import prose_relations
from assay.engine.reading.record_dates import record_date
from assay.engine.reading.record_ids import TitleNumber
from assay.engine.reading.record_names import numbering_name, record_number
from assay.engine.reading.relations import read_relations
from assay.engine.reading.sections import read_sections
from assay.engine.reading.status_words import is_status_word
from assay.engine.reading.title_status import status_in_title, title_status
from assay.engine.reading.values import record_number_in_title
from assay.engine.reading.vocabulary import Vocabulary
from assay.grammar.collector import collector_paused
from assay.grammar.locate import Locator
from assay.spec.document import Document, Section, TitleCandidate
from assay.spec.reading import FieldReading, Reading, TitleReading
from assay.spec.source import Span
from assay.spec.specfile import FieldDecl


def read(
    document: Document, text: str, words: Vocabulary, locator: Locator | None = None
) -> Reading:
    """``document`` (parsed from ``text``, its decoded content) read as ``words.type``;
    ``locator`` is the parser's for ``text``, when the caller has it."""
    with collector_paused():  # many small objects, no cycles: see grammar.collector
        return _read(document, text, words, locator)


def _read(document: Document, text: str, words: Vocabulary, locator: Locator | None) -> Reading:
    words.bounded()
    if locator is None:
        locator = Locator(text, prefix=3 if document.bytes.bom else 0)
    # `**Context**` on a line of its own is a section; the titles stay the parsed ones.
    document, bold = promote_bold_headings(document, words)
    plain = plain_sections(document, words)
    walked = document.walk_sections()  # once: metadata and sections both walk them
    found = find_metadata(document, locator, words, plain, walked)
    _title_prefix(document, locator, words, found)
    fields = _stated_once(tuple(read_field(f) for f in found if isinstance(f.decl, FieldDecl)))
    return Reading(
        path=document.path,
        type=words.type.name,
        lineage=words.type.lineage,
        title=read_title(document, words),
        number=file_number(document.path),
        fields=fields,
        sections=read_sections(document, words, plain, walked, bold),
        relations=read_relations(
            _with_prose(found, document, walked, locator, words), document, locator, words
        ),
        date=record_date(document.path, fields, walked, locator),
    )


def _title_prefix(
    document: Document, locator: Locator, words: Vocabulary, found: list[Found]
) -> None:
    """Add to ``found`` the status the title leads with (``# Draft: Use Kafka``), when
    the record states that field nowhere else."""
    stated = status_in_title(document, locator, words)
    if stated is None or any(f.decl is stated[0] for f in found):
        return  # none, or stated where records state it: the title is only a title
    decl, start, end = stated
    raw, span = locator.text[start:end], locator.span(start, end)
    found.append(Found(decl, raw, None, raw, span, "title", (start, end)))
    found.sort(key=lambda f: (f.source != "front-matter", f.span.start))


def _stated_once(fields: tuple[FieldReading, ...]) -> tuple[FieldReading, ...]:
    """``fields`` without a ``## Status`` section's prose where the record states the
    status elsewhere: under front matter's `status: Living`, a later `## Status` that
    says how the rollout goes (or documents an API's `Status()`) is no second status.
    A status word there stays, so two statuses that disagree are still seen."""
    prose = [
        f
        for f in fields
        if f.source == "heading"
        and f.value is None
        and not f.placeholder
        and f.date_kind is None
        and not is_status_word(f.raw)
    ]
    if not prose:
        return fields
    stated = {f.name for f in fields if f.source != "heading"}
    return tuple(f for f in fields if not (f.name in stated and f in prose))


def _with_prose(
    found: list[Found],
    document: Document,
    walked: Sequence[Section],
    locator: Locator,
    words: Vocabulary,
) -> list[Found]:
    """``found`` and the relations sentences state (``This ADR supersedes ADR-15``), in
    document order (front matter first)."""
    blocks = [*document.preamble, *(block for section in walked for block in section.blocks)]
    prose = prose_relations(blocks, locator, words)
    if not prose:
        return found
    return sorted([*found, *prose], key=lambda f: (f.source != "front-matter", f.span.start))


def read_title(document: Document, words: Vocabulary | None = None) -> TitleReading | None:
    """The first title candidate, with a record-number prefix read off.

    A front-matter title rarely carries the number; the first H1 often does
    (``title: Use Kafka`` above ``# 7. Use Kafka``), so its number is read instead.
    Under a type (``words``), a first heading that names a declared section
    (``## Context and Problem Statement`` in a record without an H1) is that section,
    not the title.  HTML comments (``<!-- omit from toc -->``) are no part of a title.
    """
    candidates = [t for t in document.titles if not _is_section(t, words)]
    if not candidates:
        return None
    first = candidates[0]
    if first.source == "file-name":
        return TitleReading(text=first.text, raw=first.text, source=first.source, span=None)
    written = without_comments(first.text)
    prefix = record_number_in_title(written)
    text = _title_text(written, prefix, first.source, words)
    number = prefix.number if prefix is not None else None
    placeholder = prefix.placeholder if prefix is not None else False
    prefix_span = first.span if number is not None or placeholder else None
    if number is None and not placeholder and first.source == "front-matter":
        from_h1 = _h1_number(document)
        if from_h1 is not None:
            number, prefix_span = from_h1
    return TitleReading(
        text=text,
        raw=first.text,
        source=first.source,
        span=first.span,
        number=number,
        placeholder=placeholder,
        prefix_span=prefix_span,
    )


def _title_text(
    written: str, prefix: TitleNumber | None, source: str, words: Vocabulary | None
) -> str:
    """The title's text: past its number prefix, or, in a heading, past the status it
    starts with (`# Draft: Use Kafka` is titled `Use Kafka`: the prefix is the record's
    status)."""
    text = written[prefix.prefix_end if prefix is not None else 0 :].strip()
    status = title_status(written, words) if words is not None else None
    if status is not None and source in ("h1", "heading"):
        text = written[status.rest :].strip()
    return text


def _h1_number(document: Document) -> tuple[int, Span | None] | None:
    """The number the first H1 carries, and its span, for a front-matter title that
    carries none (``title: Use Kafka`` above ``# 7. Use Kafka``)."""
    h1 = next((t for t in document.titles if t.source == "h1"), None)
    in_h1 = record_number_in_title(h1.text) if h1 is not None else None
    if h1 is not None and in_h1 is not None and in_h1.number is not None:
        return in_h1.number, h1.span
    return None


def file_number(path: str) -> int | None:
    """The record number of a numbered file name, or of the folder a record is kept as
    (dated names have none)."""
    numbered = record_number(numbering_name(path))
    return numbered[0] if numbered is not None and numbered[1] == "numbered" else None


def _is_section(title: TitleCandidate, words: Vocabulary | None) -> bool:
    """True for a first-heading candidate that is one of the type's sections."""
    return (
        words is not None
        and title.source == "heading"
        and words.heading(title.text).section is not None
    )


def without_comments(text: str) -> str:
    """``text`` without its HTML comments (an unclosed one runs to the end), stripped.

    ``str.find``, not a pattern: each character is looked at a bounded number of times.
    """
    if "<!--" not in text:
        return text.strip()
    kept: list[str] = []
    at = 0
    while True:
        opening = text.find("<!--", at)
        if opening < 0:
            kept.append(text[at:])
            break
        kept.append(text[at:opening])
        closing = text.find("-->", opening + 4)
        if closing < 0:
            break
        at = closing + 3
    return " ".join("".join(kept).split())
