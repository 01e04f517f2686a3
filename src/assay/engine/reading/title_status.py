"""A status written as the title's prefix: ``# Draft: Use Kafka``, ``# Rejected: X``.

Some teams (V-Sekai's proposals) keep no status line: the title leads with it, and
changes it as the record moves on (``# Superceded by <new.md>: X``).  Only a word the
type knows counts, alone or opening a relation (``Superseded by …``), before a colon:
``# Windows: build steps`` or ``# Open questions: X`` lead with no status.

The prefix is the record's status only where the record states it nowhere else
(``metadata``), and the title is read without it (``read.read_title``).
"""

from __future__ import annotations

from attrs import frozen

from assay.engine.reading.values import read_status, record_number_in_title
from assay.engine.reading.vocabulary import Vocabulary
from assay.grammar.locate import Locator
from assay.spec.document import Document
from assay.spec.model import Model
from assay.spec.specfile import FieldDecl


@frozen
class TitleStatus(Model):
    """Where a title's status prefix is, as offsets into the title's text."""

    decl: FieldDecl
    start: int  #: where the status starts (after a record-number prefix)
    end: int  #: where it ends, before the colon
    rest: int  #: where the title goes on, after the colon and spaces


def status_in_title(
    document: Document, locator: Locator, words: Vocabulary
) -> tuple[FieldDecl, int, int] | None:
    """The status ``document``'s title (its first H1 or heading) leads with: the field,
    and where the value starts and ends in the text."""
    title = next((t for t in document.titles if t.source in ("h1", "heading")), None)
    prefix = title_status(title.text, words) if title is not None else None
    if title is None or title.span is None or prefix is None:
        return None
    stated = title.text[prefix.start : prefix.end]
    start = locator.line_starts[title.span.line - 1] + title.span.column - 1
    line_end = locator.text.find("\n", start)
    at = locator.text.find(stated, start, len(locator.text) if line_end < 0 else line_end)
    if at < 0:  # markup inside the prefix (`**Draft**:`): not found as written
        return None
    return prefix.decl, at, at + len(stated)


def title_status(title: str, words: Vocabulary) -> TitleStatus | None:
    """The status ``title`` (a heading's text) leads with, if it leads with one."""
    number = record_number_in_title(title)
    start = number.prefix_end if number is not None else 0
    colon = title.find(":", start)
    if colon < 0:
        return None
    start += len(title[start:colon]) - len(title[start:colon].lstrip())
    stated = title[start:colon].rstrip()
    rest = colon + 1 + len(title[colon + 1 :]) - len(title[colon + 1 :].lstrip())
    if not stated or rest >= len(title):
        return None  # `Draft:` alone is no title with a status
    for decl in words.type.fields:
        if not decl.values:
            continue
        status = read_status(stated, decl.values)
        if status.value is None:
            continue
        # `Superseded by <x.md>` opens a relation; any other text after the word
        # (`Open questions`) makes the prefix no status.
        if status.rest and not words.relation_pattern.match(stated):
            continue
        return TitleStatus(decl, start, start + len(stated), rest)
    return None
