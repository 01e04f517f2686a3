"""``Key: value`` lines: one key, several keys on one line, ``·`` pairs, bullets.

Real records put their metadata on lines like these (ADR-FORMATS.md):

    - Status: Accepted
    * **Status:** Accepted
    Date: 2026-10-08 Status: accepted Source Decisions: D25-D30 in docs/plan.md
    Type: reference/types/adr.md · Status: accepted
    Superseded by [ADR 5](0005-use-kafka.md)

Only keys the type declares are read, so prose that happens to hold a colon is left
alone; a line is a metadata line when a declared key starts it or starts a ``·`` piece.
A key the type does not declare (``Source Decisions:`` above) still ends the value
before it, or the Status would read ``accepted Source Decisions: D25-D30 …``.
Offsets are into the document text, so every key and value maps to an exact span.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Literal

from attrs import frozen

from assay.engine.reading.record_ids import find_record_ids
from assay.engine.reading.vocabulary import LINE_PREFIX, Vocabulary, fold
from assay.spec.model import Model
from assay.spec.specfile import FieldDecl, RelationDecl

_PREFIX = re.compile(LINE_PREFIX)
# What separates pieces that each start with a key; kept out of the values.
# Only from the start of a run of spaces: tried from each space of a long run, the
# pattern would scan the rest of the run every time.
_PIECE = re.compile(r"(?<![ \t])[ \t]++[·•][ \t]+")
_TRIM = " \t,;|·•"
# Another key after a value ends at a colon followed by a space (`12:30` is no key);
# the key is one to three words of letters before it, the first capitalised.
# The spaces before the colon are left out of the match (a value's words are the same
# with or without them), so a long run of spaces is not scanned again from each space.
_COLON = re.compile(r":(?=[ \t]|$)")
_TOKEN = re.compile(r"[^ \t]+")
_KEY_WORD = re.compile(r"[*_]{0,2}[A-Za-z]+[*_]{0,2}")
# The lowercase word right after a target, and the words that go on to more
# targets or a reason rather than make the ID an adjective (`ADR-74 schema`).
_NEXT_WORD = re.compile(r"[ \t]+([a-z]+)\b")
_CONNECTORS = frozenset(
    {"and", "or", "in", "on", "as", "by", "because", "since", "which", "from", "to", "for"}
)


@frozen
class KeyValue(Model):
    """A declared key and its value, as offsets into the document text."""

    kind: Literal["field", "relation"]
    decl: FieldDecl | RelationDecl
    key_start: int
    key_end: int
    value_start: int
    value_end: int
    #: True when the line is a list item (``- Status: Accepted``).
    bullet: bool


def read_line(
    text: str, start: int, end: int, words: Vocabulary, *, pieces: bool = True
) -> list[KeyValue]:
    """The declared keys of the line ``text[start:end]``, with their values.

    ``pieces`` False says the caller knows ``text`` holds no ``·`` or ``•``, so the
    line is one piece (a document's worth of lines need not each look for them).
    """
    if pieces and (text.find("·", start, end) >= 0 or text.find("•", start, end) >= 0):
        return line_pairs(text, start, end, words)
    # The usual line, prose: no declared key can start it (judged by its first
    # character, else by the pattern), and it has no second piece.
    if start < end and not words.may_start_key(text[start]):
        return []
    if words.line_hint.match(text, start, end) is None:
        return []
    return line_pairs(text, start, end, words)


def line_pairs(text: str, start: int, end: int, words: Vocabulary) -> list[KeyValue]:
    """``read_line`` without its quick test, which must never change the answer."""
    prefix = _PREFIX.match(text, start, end)
    assert prefix is not None  # every part of it is optional
    begin = prefix.end()
    bullet = prefix["marker"] is not None
    if text.find("·", begin, end) < 0 and text.find("•", begin, end) < 0:
        # Most lines (prose among them) hold no `·` piece: one piece, no splitting.
        return _read_piece(text, begin, end, words, bullet)
    starts, bounds = [begin], []
    for separator in _PIECE.finditer(text, begin, end):
        bounds.append(separator.start())
        starts.append(separator.end())
    bounds.append(end)
    pairs: list[KeyValue] = []
    for piece_start, piece_end in zip(starts, bounds, strict=True):
        pairs.extend(_read_piece(text, piece_start, piece_end, words, bullet))
    return pairs


def _read_piece(text: str, start: int, end: int, words: Vocabulary, bullet: bool) -> list[KeyValue]:
    first = words.key_pattern.match(text, start, end)
    if first is None:
        dated = words.bare_date_pattern.match(text, start, end)
        if dated is not None:  # `- Date 2023-09-28`: a date field without its colon
            decl = words.fields[fold(dated["key"])]
            value = _trimmed(text, dated.end(), _value_end(text, dated.end(), end, words))
            return [KeyValue("field", decl, *dated.span("key"), *value, bullet)]
        relation = words.relation_pattern.match(text, start, end)
        if relation is None:
            return []
        relation_decl = words.relations[fold(relation["key"])]
        value = _trimmed(text, relation.end(), _value_end(text, relation.end(), end, words))
        if value[0] >= value[1] or _attributive(text, *value):
            return []
        return [KeyValue("relation", relation_decl, *relation.span("key"), *value, bullet)]
    keys = [first]
    if text.find(":", first.end(), end) >= 0:  # every key has its colon: no colon, no key
        keys.extend(words.key_pattern.finditer(text, first.end(), end))
    pairs = []
    for key, following in zip(keys, [*keys[1:], None], strict=True):
        value_end = following.start() if following is not None else end
        value_end = _value_end(text, key.end(), value_end, words)
        decl = words.fields[fold(key["key"])]
        pairs.append(
            KeyValue("field", decl, *key.span("key"), *_trimmed(text, key.end(), value_end), bullet)
        )
    return pairs


def _attributive(text: str, start: int, end: int) -> bool:
    """True when a key without its colon opens a sentence about the record's
    subject, not a relation: in ``Extends ADR-74 schema, adding …`` the ID names
    whose schema is extended, as the lowercase word after it shows. A title
    (``Supersedes ADR-3 Use Kafka``) or more targets (``ADR-3 and ADR-4``) may follow."""
    ids = find_record_ids(text[start : min(end, start + 40)])  # an ID is short
    if not ids or ids[0].start != 0:
        return False
    word = _NEXT_WORD.match(text, start + ids[0].end, end)
    return word is not None and word[1] not in _CONNECTORS


def _value_end(text: str, start: int, end: int, words: Vocabulary) -> int:
    """Where a value ends: before the first undeclared key in it, outside brackets.

    ``accepted Source Decisions: D25`` ends before ``Source``; a value keeps at least
    one word, so ``Accepted Source Decisions:`` does not swallow ``Accepted``.  A
    declared relation inside the value (``Accepted, superseded by: ADR-5``) is part of
    it: relations are read from inside a status.
    """
    if text.find(":", start, end) < 0:
        return end
    # The words before each colon, and its brackets, are counted on from the colon
    # before it rather than again from the value's start: a line of ten thousand
    # `a: ` took seconds.  `spans` are the words of the whole value; the words before a
    # colon are those starting before it, the last one cut at the colon.
    spans = [word.span() for word in _TOKEN.finditer(text, start, end)]
    word_starts = [span[0] for span in spans]
    opened = closed = 0  # `[` and `(`, `]` and `)` before the colon
    counted = start
    for colon in _COLON.finditer(text, start, end):
        at = colon.start()
        opened += text.count("[", counted, at) - text.count("]", counted, at)
        closed += text.count("(", counted, at) - text.count(")", counted, at)
        counted = at
        if opened > 0 or closed > 0:
            continue  # inside a link's text or a parenthesis: `[2. Use Kafka: why](x)`
        count = bisect_left(word_starts, at)
        last = [(s, min(e, at)) for s, e in spans[max(0, count - 3) : count]]
        keys = [last[-n:] for n in (3, 2, 1) if n <= count]
        keys = [k for k in keys if all(_KEY_WORD.fullmatch(text, s, e) for s, e in k)]
        if any(_declared(" ".join(text[s:e] for s, e in k), words) for k in keys):
            continue
        for key in keys:
            if len(key) < count and text[key[0][0] : key[0][1]].strip("*_")[:1].isupper():
                return key[0][0]
    return end


def _declared(key: str, words: Vocabulary) -> bool:
    folded = fold(key.strip("*_"))
    return folded in words.fields or folded in words.relations


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] in _TRIM:
        start += 1
    while end > start and text[end - 1] in _TRIM:
        end -= 1
    return start, end
