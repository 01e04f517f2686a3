"""Relations stated in a sentence: ``This ADR supersedes [ADR-15](0015-x.md).``

Records state relations in prose as often as under a key: ``this ADR supersedes
[ADR-15](…)``, ``This decision in part supersedes ADR-3``, ``This record was
invalidated by [ADR 9](…)``.  A sentence counts only when its subject is the record
itself (``this ADR``, ``this decision`` …) and a declared relation follows it directly:
prose that compares two other records (``ADR-14 supersedes ADR-15``) is left alone.
The targets are those of the sentence's clause, up to its end or a ``because``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from assay.engine.reading.metadata import Found
from assay.engine.reading.values import find_record_ids
from assay.engine.reading.vocabulary import Vocabulary, fold
from assay.grammar.locate import Locator
from assay.spec.document import Block, BlockQuote, ListBlock, Paragraph
from assay.spec.specfile import RelationDecl

# The record as the subject of a sentence, then the auxiliaries before a relation
# (`was`, `has been`, `hereby`).  Spaces are possessive runs: linear on long lines.
_SUBJECT = re.compile(
    r"\b(?:this|the\s++present|the\s++current)\s++"
    r"(?:adr|record|decision|document|proposal|rfc)\b[ \t]*+"
    r"(?:(?:is|was|has\s++been|is\s++now|now|hereby|also|partially|partly)\s++)*+",
    re.IGNORECASE,
)
_IN_PART = re.compile(r"\bpart(?:ial)?ly\b", re.IGNORECASE)
# Where a clause's targets end: a sentence's end, or a reason after them.
_CLAUSE_END = re.compile(r"[.;:!?](?=\s|$)|\s(?:because|since|as|which|but|so|for)\s", re.I)


def _starts_with_target(value: str) -> bool:
    """True when ``value`` starts with a link or a record ID (after spaces)."""
    rest = value.lstrip(" \t")
    if rest.startswith("["):
        return True
    ids = find_record_ids(rest[:40])  # an ID is short: no need to look further
    return bool(ids) and ids[0].start == 0


def prose_relations(blocks: Iterable[Block], locator: Locator, words: Vocabulary) -> list[Found]:
    """The relations that sentences of ``blocks`` state about the record."""
    found: list[Found] = []
    text = locator.text
    # Most records have no such sentence: one scan of the text rules them out.
    if not words.relations or _SUBJECT.search(text) is None:
        return found
    starts = locator.line_starts
    for block in blocks:
        if not isinstance(block, (Paragraph, ListBlock, BlockQuote)):
            continue
        span = block.span
        begin = starts[span.line - 1] + span.column - 1
        end = starts[span.end_line - 1] + span.end_column - 1
        for subject in _SUBJECT.finditer(text, begin, end):
            key = words.relation_pattern.match(text, subject.end(), end)
            if key is None:
                continue
            stop = _CLAUSE_END.search(text, key.end(), end)
            value_end = stop.start() if stop is not None else end
            if not _starts_with_target(text[key.end() : value_end]):
                continue  # `this ADR supersedes the idea that ADR-3 …`: no target follows
            relation: RelationDecl | None = words.relations[fold(key["key"])]
            if _IN_PART.search(subject.group()) is not None and relation is not None:
                relation = words.in_part(relation)  # `this ADR is partially superseded by`
            if relation is None:
                continue
            found.append(
                Found(
                    relation,
                    text[key.start("key") : key.end("key")],
                    locator.span(key.start("key"), key.end("key")),
                    text[key.end() : value_end],
                    locator.span(key.end(), value_end),
                    "line",
                    (key.end(), value_end),
                )
            )
    return found
