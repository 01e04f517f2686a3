"""A record's head field list as its front matter: ``:Status: Accepted``, ``:Date: …``.

A field list that is the first thing in the document, or the first thing under its
title, is what docutils' bibliographic fields and Sphinx's file-wide metadata are:
the record's own fields.  Each field is an entry whose value is the field's text,
with each link in it written as a Markdown link (``Superseded by
[0002-x](0002-x.rst)``), the form a relation in front matter takes, so the reader
finds the targets of a relation stated there.  The entry's span runs from the
field's first colon to the end of its value.
"""

from __future__ import annotations

from collections.abc import Callable

from docutils import nodes

from assay.grammar.rst.inlines import Pending, text_links
from assay.grammar.rst.places import Lines, Placed
from assay.spec.document import FrontMatter, FrontMatterEntry

#: What stands before a record's fields without being content.
_QUIET = (nodes.target, nodes.comment, nodes.substitution_definition, nodes.system_message)
Resolve = Callable[[nodes.reference], "str | None"]


def head_fields(doctree: nodes.document) -> nodes.field_list | None:
    """The field list at the head of the document or of its first section, if any."""
    container: nodes.Element = doctree
    for _depth in range(2):
        first = next((c for c in container.children if not isinstance(c, _QUIET)), None)
        if isinstance(first, nodes.field_list):
            return first
        if not isinstance(first, (nodes.section, nodes.title)):
            return None
        if isinstance(first, nodes.title):
            rest = [c for c in container.children[1:] if not isinstance(c, _QUIET)]
            return rest[0] if rest and isinstance(rest[0], nodes.field_list) else None
        container = first
    return None


def read_fields(
    fields: nodes.field_list, lines: Lines, resolve: Resolve, links: list[Pending]
) -> FrontMatter:
    """``fields`` as front matter; the links in the values go to ``links``."""
    entries: list[FrontMatterEntry] = []
    items = [f for f in fields.children if isinstance(f, nodes.field)]
    starts = [_line(f, lines) for f in items]
    last_line = lines.count - 1
    for field, start, following in zip(items, starts, [*starts[1:], None], strict=False):
        name, body = field.children[0], field.children[1]
        assert isinstance(body, nodes.Element)
        for paragraph in body.findall(nodes.paragraph):
            if paragraph.line:
                placed = Placed(lines, paragraph.line - 1, paragraph.rawsource)
                links.extend(text_links(paragraph, placed))
        end = following - 1 if following is not None else start + body.rawsource.count("\n")
        end = lines.last_filled(start, max(start, min(end, last_line)))
        begin = lines.line_start(start)
        span = lines.span(begin, max(begin, lines.line_end(end)))
        entries.append(FrontMatterEntry(name.astext().strip(), _value(body, resolve), span))
    first = lines.line_start(starts[0]) if starts else 0
    last = entries[-1].span if entries else None
    end = lines.line_end(last.end_line - 1) if last is not None else first
    return FrontMatter(lines.span(first, max(first, end)), tuple(entries))


def _line(field: nodes.Element, lines: Lines) -> int:
    line = field.line or next((n.line for n in field.findall(nodes.Element) if n.line), 1)
    return max(0, min(line - 1, lines.count - 1))


def _value(body: nodes.Element, resolve: Resolve) -> str:
    """A field's text, its links as Markdown links, its paragraphs joined by a space."""
    pieces: list[str] = []
    for paragraph in body.findall(nodes.paragraph):
        parts: list[str] = []
        for child in paragraph.children:
            if isinstance(child, nodes.reference):
                destination = resolve(child)
                text = child.astext()
                parts.append(f"[{text}]({destination})" if destination else text)
            elif not isinstance(child, nodes.target):
                parts.append(child.astext())
        pieces.append(" ".join("".join(parts).split()))
    return " ".join(p for p in pieces if p)
