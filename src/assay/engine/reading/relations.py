"""Relations between records: ``Superseded by``, ``Amends`` … and what they point at.

A relation is stated under its own key (a line, a bullet, a table row, front matter, a
``## Links`` list) or inside another value (``Accepted, amended by [ADR 5](0005-x.md)``,
``Superseded by ADR-0057``).  Targets are links (inline or reference) or bare IDs, one
or several (``ADR-3 and ADR-4``); each target keeps the record number it names, so the
reciprocity check can find the record.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from urllib.parse import unquote

from assay.engine.reading.metadata import Found
from assay.engine.reading.record_names import record_number
from assay.engine.reading.values import find_record_ids, is_placeholder, split_targets
from assay.engine.reading.vocabulary import Vocabulary, fold
from assay.grammar.locate import Locator
from assay.spec.document import Document, Link
from assay.spec.reading import RelationReading, RelationTarget
from assay.spec.specfile import FieldDecl, RelationDecl

_SPACE = " \t:"
# What says a relation inside a value holds of part of the record only: `Accepted,
# partially superseded by …`, `Parts of this ADR were superseded by …`.
_PARTIAL = re.compile(
    r"(?:\bpartially|\bpartly|\bin[ \t]+part|\bparts?[ \t]+of[ \t]+(?:this|the|it)\b.*)[ \t]*$",
    re.IGNORECASE,
)


def read_relations(
    found: list[Found], document: Document, locator: Locator, words: Vocabulary
) -> tuple[RelationReading, ...]:
    """Every relation with at least one target, in document order, without repeats.

    One statement can be found twice: ``## Status`` then ``Superseded by [ADR 2](..)``
    is both the Status value (a relation inside a status) and a relation line.  The
    same relation to the same targets at the same place is one relation.
    """
    readings: list[RelationReading] = []
    seen: set[tuple[str, tuple[int, ...]]] = set()
    for item in found:
        for reading in _from(item, document, locator, words):
            key = (reading.name, tuple(t.span.start for t in reading.targets))
            if reading.targets and key not in seen:
                seen.add(key)
                readings.append(reading)
    return tuple(readings)


def _from(
    item: Found, document: Document, locator: Locator, words: Vocabulary
) -> Iterator[RelationReading]:
    decl = item.decl
    if isinstance(decl, FieldDecl) and is_placeholder(item.raw):
        # `[ accepted | superseded by [xxx](yyyymmdd-xxx.md) ]` is the template's list
        # of choices: it names no record.
        return
    if isinstance(decl, RelationDecl):
        if item.offsets is None:
            # A reST field's links come as Markdown ones (`:Supersedes: :doc:`x``).
            linked = _TEXT_LINK.search(item.raw) is not None
            yield RelationReading(
                name=decl.name,
                inverse=decl.inverse,
                targets=_text_targets(item.raw, item, document) if linked else _yaml_targets(item),
                source=item.source,
                span=item.span,
            )
        else:
            yield _relation(decl, item, *item.offsets, document, locator)
    elif isinstance(decl, FieldDecl) and decl.values and item.offsets is not None:
        # A status that names a relation: `Superseded by [ADR 5](0005-x.md)`.
        start, end = item.offsets
        text = locator.text
        matches = list(words.relation_pattern.finditer(text, start, end))
        before = start
        for match, following in zip(matches, [*matches[1:], None], strict=False):
            stop = following.start() if following is not None else end
            relation = _stated(words, match["key"], text[before : match.start()])
            before = match.end()
            if relation is not None:
                yield _relation(relation, item, match.end(), stop, document, locator)
    elif isinstance(decl, FieldDecl) and decl.values:
        # The same in front matter: `status: superseded by [ADR-9](0009-x.md)`.
        matches = list(words.relation_pattern.finditer(item.raw))
        before = 0
        for match, following in zip(matches, [*matches[1:], None], strict=False):
            stop = following.start() if following is not None else len(item.raw)
            relation = _stated(words, match["key"], item.raw[before : match.start()])
            before = match.end()
            if relation is None:
                continue
            yield RelationReading(
                name=relation.name,
                inverse=relation.inverse,
                targets=_text_targets(item.raw[match.end() : stop], item, document),
                source=item.source,
                span=item.span,
            )


def _stated(words: Vocabulary, key: str, before: str) -> RelationDecl | None:
    """The relation a key inside a value states, given the words before it: ``in
    part`` ones when those words say so (None when the type has no such relation)."""
    relation = words.relations[fold(key)]
    # Only the end of the words before matters; a hostile value's may be long.
    if _PARTIAL.search(before[-200:]) is None:
        return relation
    return words.in_part(relation)


def _relation(
    decl: RelationDecl, item: Found, start: int, end: int, document: Document, locator: Locator
) -> RelationReading:
    targets: list[RelationTarget] = []
    taken: list[tuple[int, int]] = []
    first, last = locator.byte_offset(start), locator.byte_offset(end)
    for link in document.links:
        # A link that starts in the value is a target even when its text wraps onto
        # the next line (`- Supersedes [12. Run builds on\n  GitLab](0012-x.md)`).
        # A raw HTML link has no text to read a record from: its ID, if any, is found
        # below as a bare one.
        if first <= link.span.start < last and not link.image and link.kind != "html":
            targets.append(_link_target(link))
            taken.append((link.span.start, link.span.end))
    text = locator.text
    for record in find_record_ids(text[start:end]):
        begin, stop = start + record.start, start + record.end
        at = locator.byte_offset(begin)
        if any(a <= at < b for a, b in taken):
            continue  # the ID is a link's text: the link is the target
        targets.append(
            RelationTarget(
                text=record.text,
                destination=None,
                number=record.number,
                span=locator.span(begin, stop),
            )
        )
    targets.sort(key=lambda t: t.span.start)
    while start < end and text[start] in _SPACE:
        start += 1  # `Superseded by [ADR 5](..)`: the targets start after the space
    return RelationReading(
        name=decl.name,
        inverse=decl.inverse,
        targets=tuple(targets),
        source=item.source,
        span=locator.span(start, end) if start < end else item.span,
    )


def _link_target(link: Link) -> RelationTarget:
    return RelationTarget(
        text=link.text,
        destination=link.destination,
        number=destination_number(link.destination),
        span=link.span,
    )


# Where a forge keeps its threads: `…/pull/7`, `…/issues/12`, `…/-/merge_requests/3`.
_THREADS = frozenset({"pull", "pulls", "issues", "merge_requests", "discussions"})


def destination_number(destination: str) -> int | None:
    """The record number of the file a link points at, if its name has one.

    A pull request, issue or discussion (``https://github.com/o/r/pull/7``, linked as
    ``rfc#7`` or ``PR#95``) is numbered by its forge, not by the series: no record.
    """
    path = unquote(destination.split("#", 1)[0].split("?", 1)[0])
    name = posixpath.basename(path.rstrip("/"))
    if name.isdecimal() and posixpath.basename(posixpath.dirname(path.rstrip("/"))) in _THREADS:
        return None
    if name.lower() in ("index.md", "readme.md"):
        name = posixpath.basename(posixpath.dirname(path.rstrip("/")))
    numbered = record_number(name) if name else None
    return numbered[0] if numbered is not None and numbered[1] == "numbered" else None


# A Markdown link written inside a YAML string, which the Markdown reader never sees:
# inline `[text](destination)` or reference `[text][label]`.  Link text holds no
# bracket (as in CommonMark, `[a [b](c)` links `b`): a text that could run over other
# `[` would be scanned to the string's end from each of them, quadratic in a string of
# `[`.  The destination's runs are possessive for the same reason.
_TEXT_LINK = re.compile(
    r"\[(?P<text>[^\[\]]*+)\]"
    r"(?:\((?P<destination><[^>]*+>|[^)\s]*+)[^)]*+\)|\[(?P<label>[^\[\]]*+)\])"
)


def _text_targets(text: str, item: Found, document: Document) -> tuple[RelationTarget, ...]:
    """Links and bare IDs in a front-matter string, all at the entry's span; a reference
    link takes its destination from the document's definitions."""
    targets = []
    links = list(_TEXT_LINK.finditer(text))
    for link in links:
        if link["destination"] is not None:
            destination: str | None = link["destination"].strip("<>")
        else:
            label = " ".join((link["label"] or link["text"]).casefold().split())
            destination = next(
                (
                    d.destination
                    for d in document.definitions
                    if " ".join(d.label.casefold().split()) == label
                ),
                None,
            )
        if destination is None:
            continue  # an undefined reference: the bare ID in its text still counts
        targets.append(
            RelationTarget(
                text=link["text"],
                destination=destination,
                number=destination_number(destination),
                span=item.span,
            )
        )
    resolved = [link for link in links if any(t.text == link["text"] for t in targets)]
    for record in find_record_ids(text):
        if not any(link.start() <= record.start < link.end() for link in resolved) and not any(
            t.number == record.number for t in targets
        ):
            targets.append(
                RelationTarget(
                    text=record.text, destination=None, number=record.number, span=item.span
                )
            )
    return tuple(targets)


def _yaml_targets(item: Found) -> tuple[RelationTarget, ...]:
    """Targets in a front-matter value: file names or IDs, all at the entry's span."""
    targets = []
    for start, end in split_targets(item.raw):
        piece = item.raw[start:end]
        ids = find_record_ids(piece)
        number = ids[0].number if ids else destination_number(piece)
        if number is not None or "/" in piece or piece.endswith(".md"):
            targets.append(
                RelationTarget(
                    text=piece,
                    destination=piece if not ids else None,
                    number=number,
                    span=item.span,
                )
            )
    return tuple(targets)
