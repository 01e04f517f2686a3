"""A reStructuredText record's text written as Markdown, for its page.

The record's text (the bytes the contained opener read) is parsed again with the
same safe docutils settings as the check (``grammar.rst.parse``: no file inserted,
no ``raw``, nothing halts), and its doctree written as plain Markdown: sections as
headings, paragraphs, lists, code, quotes, tables, links and images. Every text node
is written as text (Markdown's punctuation escaped); what docutils reports
(``system_message``), comments, targets and the head field list (the record's front
matter, which its header shows) are left out. The Markdown is then a page like any
Markdown record's: its links rewritten, its raw HTML escaped, verified
(``record_page``), so no markup of the record reaches the site.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from docutils import nodes

from assay.grammar.rst.fields import head_fields
from assay.grammar.rst.inlines import doc_destination
from assay.grammar.rst.parse import parse, prepared

__all__ = ["rst_markdown"]

#: What Python-Markdown (and CommonMark) let a backslash escape, ``<`` aside (the
#: page escapes that one itself, and ``\&lt;`` would show the entity) and ``>``
#: (Markdown reads it only at a line's start: ``_LIST_START``).
_PUNCTUATION = re.compile(r"([\\`*_{}\[\]#!|])")
#: A paragraph's start Markdown would read as a list item or a quote.
_LIST_START = re.compile(r"^(?:[-+](?=\s|$)|\d+(?=[.)](?:\s|$))|>)")
_SKIPPED = (
    nodes.comment,
    nodes.target,
    nodes.substitution_definition,
    nodes.system_message,
    nodes.raw,
    nodes.pending,
)
_QUOTED = (nodes.block_quote, nodes.Admonition, nodes.topic, nodes.sidebar)
#: What a link destination escapes (with a space in it, it is written in ``<…>``).
_IN_DESTINATION = re.compile(r"([\\()<>])")


def rst_markdown(text: str, path: str) -> str:
    """The Markdown page body of the record ``text`` at ``path``."""
    doctree, _ = parse(prepared(text), path)
    return _Writer(doctree).blocks(doctree.children, 1).strip("\n") + "\n"


class _Writer:
    def __init__(self, doctree: nodes.document) -> None:
        self.doctree = doctree
        self.head = head_fields(doctree)
        self.anonymous = iter(
            [t.get("refuri") for t in doctree.findall(nodes.target) if t.get("anonymous")]
        )

    # Blocks: each is its lines, joined by blank lines.

    def blocks(self, children: Sequence[nodes.Node], depth: int) -> str:
        parts = [self.block(child, depth) for child in children]
        return "\n\n".join(part for part in parts if part.strip())

    def block(self, node: nodes.Node, depth: int) -> str:
        """``node`` as Markdown, by its kind; nothing for what the page leaves out."""
        if isinstance(node, _SKIPPED) or node is self.head:
            return ""
        if isinstance(node, nodes.section):
            return self.section(node, depth)
        if isinstance(node, (nodes.paragraph, nodes.title, nodes.rubric, nodes.caption)):
            return _unlisted(self.inline(node))
        if isinstance(node, (nodes.bullet_list, nodes.enumerated_list)):
            return self.listed(node, depth)
        if isinstance(node, (nodes.literal_block, nodes.doctest_block)):
            return _fenced(node)
        if isinstance(node, _QUOTED):
            return _quoted(self.quote(node, depth))
        if isinstance(node, nodes.definition_list):
            return self.definitions(node, depth)
        if isinstance(node, nodes.field_list):
            return "\n\n".join(self.field(f, depth) for f in node.children)
        if isinstance(node, nodes.table):
            return self.table(node)
        if isinstance(node, nodes.transition):
            return "* * *"
        if isinstance(node, nodes.line_block):
            return "  \n".join(self.inline(line) for line in node.findall(nodes.line))
        if isinstance(node, nodes.image):
            return self.image(node)
        if isinstance(node, (nodes.footnote, nodes.citation)):
            return self.note(node, depth)
        return self.other(node, depth)

    def section(self, node: nodes.Element, depth: int) -> str:
        """A section: its title as a heading of its depth (at most six ``#``), then its
        blocks one level deeper."""
        title = node.next_node(nodes.title)
        heading = "#" * min(depth, 6) + " " + (self.inline(title) if title else "")
        rest = [c for c in node.children if not isinstance(c, nodes.title)]
        return heading + "\n\n" + self.blocks(rest, depth + 1)

    def note(self, node: nodes.Element, depth: int) -> str:
        """A footnote or a citation: its label in brackets, then its blocks."""
        label = node.next_node(nodes.label)
        rest = [c for c in node.children if not isinstance(c, nodes.label)]
        mark = _escaped(f"[{label.astext()}] ") if label else ""
        return mark + self.blocks(rest, depth)

    def other(self, node: nodes.Node, depth: int) -> str:
        """A node of no kind named above: an element holding blocks (a figure, a
        container, a compound) is its blocks; anything else, its text as a paragraph."""
        if isinstance(node, nodes.Element) and any(
            isinstance(c, nodes.Body) for c in node.children
        ):
            return self.blocks(node.children, depth)
        return _unlisted(_escaped(" ".join(node.astext().split())))

    def listed(self, node: nodes.Element, depth: int) -> str:
        items = []
        start = int(node.get("start", 1)) if isinstance(node, nodes.enumerated_list) else 1
        for n, item in enumerate(node.children):
            marker = f"{start + n}." if isinstance(node, nodes.enumerated_list) else "-"
            body = self.blocks(item.children, depth) or _escaped(item.astext())
            items.append(marker + " " + _indented(body, " " * 4))
        return "\n".join(items)

    def quote(self, node: nodes.Element, depth: int) -> str:
        title = node.next_node(nodes.title) if not isinstance(node, nodes.block_quote) else None
        rest = [c for c in node.children if c is not title]
        lead = ""
        if title is not None:
            lead = f"**{self.inline(title)}**\n\n"
        elif isinstance(node, nodes.Admonition) and not isinstance(node, nodes.admonition):
            lead = f"**{type(node).__name__.capitalize()}**\n\n"
        return lead + self.blocks(rest, depth)

    def definitions(self, node: nodes.Element, depth: int) -> str:
        parts = []
        for item in node.children:
            term = item.next_node(nodes.term)
            definition = item.next_node(nodes.definition)
            parts.append(_unlisted(self.inline(term)) if term else "")
            if definition is not None:
                parts.append(_quoted(self.blocks(definition.children, depth)))
        return "\n\n".join(p for p in parts if p)

    def field(self, node: nodes.Node, depth: int) -> str:
        name = node.next_node(nodes.field_name)
        body = node.next_node(nodes.field_body)
        value = self.blocks(body.children, depth) if body is not None else ""
        return f"**{self.inline(name) if name else ''}:** {value}".rstrip()

    def table(self, node: nodes.Element) -> str:
        rows = [
            [" ".join(self.inline(p) for p in entry.findall(nodes.paragraph)) for entry in row]
            for row in node.findall(nodes.row)
        ]
        if not rows:
            return ""
        width = max(len(row) for row in rows)
        lines = []
        for n, row in enumerate(rows):
            cells = [*row, *[""] * (width - len(row))]
            lines.append("| " + " | ".join(c or " " for c in cells) + " |")
            if n == 0:
                lines.append("|" + " --- |" * width)
        return "\n".join(lines)

    def image(self, node: nodes.Element) -> str:
        alt = _escaped(str(node.get("alt", "")))
        return f"![{alt}]({_destination(str(node.get('uri', '')))})"

    # Inlines: one line of Markdown.

    def inline(self, node: nodes.Node) -> str:
        if isinstance(node, nodes.Text):
            # `astext`, not `str`: docutils keeps each backslash escape as a NUL before
            # the character, and a NUL in the page's Markdown let `<y.rst>` through as
            # an element.
            return _escaped(" ".join(node.astext().split("\n")))
        if isinstance(node, (nodes.system_message, nodes.raw, nodes.target)):
            return ""
        if isinstance(node, nodes.literal):
            return _code(" ".join(node.astext().split("\n")))
        if isinstance(node, nodes.reference):
            return self.reference(node)
        if isinstance(node, nodes.image):
            return self.image(node)
        inner = "".join(self.inline(c) for c in node.children)
        if not inner.strip():
            return inner
        if isinstance(node, nodes.strong):
            return f"**{inner}**"
        if isinstance(node, (nodes.emphasis, nodes.title_reference)):
            return f"*{inner}*"
        if isinstance(node, (nodes.footnote_reference, nodes.citation_reference)):
            return f"\\[{inner}\\]"
        return inner

    def reference(self, node: nodes.reference) -> str:
        text = "".join(self.inline(c) for c in node.children)
        destination = self.destination(node)
        if destination is None:
            return text
        return f"[{text}]({_destination(destination)})"

    def destination(self, node: nodes.reference) -> str | None:
        """Where ``node`` leads, as the reader found it; None for a place inside the
        document or a ``:ref:`` label."""
        role = node.get("assay_role")
        if role is not None:
            return doc_destination(str(node.get("assay_target", ""))) if role == "doc" else None
        if node.get("refuri") is not None:
            return str(node["refuri"])
        if node.get("anonymous"):
            uri = next(self.anonymous, None)
            return str(uri) if uri is not None else None
        refname = node.get("refname")
        ids = self.doctree.nameids.get(refname) if refname is not None else None
        target = self.doctree.ids.get(ids) if ids is not None else None
        uri = target.get("refuri") if target is not None else None
        return str(uri) if uri is not None else None


def _escaped(text: str) -> str:
    # A NUL the record holds itself is no character of a page either.
    return _PUNCTUATION.sub(r"\\\1", text).replace("&", "&amp;").replace("\x00", "\ufffd")


def _unlisted(line: str) -> str:
    """``line`` as a paragraph, never a list item or a quote, whatever it starts with."""
    found = _LIST_START.match(line)
    if found is None:
        return line
    at = found.end() if line[:1].isdigit() else 0  # `1\. x`, `\- x`, `\> x`
    return line[:at] + "\\" + line[at:]


def _code(text: str) -> str:
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _fenced(node: nodes.Element) -> str:
    text = node.astext()
    fence = "`" * max(3, max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    given: list[str] = node.get("classes", [])
    classes = [c for c in given if c != "code"]
    info = classes[0] if classes and re.fullmatch(r"[\w+.-]+", classes[0]) else ""
    return f"{fence}{info}\n{text}\n{fence}"


def _quoted(text: str) -> str:
    return "\n".join(("> " + line).rstrip() for line in text.split("\n"))


def _indented(text: str, prefix: str) -> str:
    lines = text.split("\n")
    return "\n".join([lines[0], *[(prefix + line) if line else "" for line in lines[1:]]])


def _destination(uri: str) -> str:
    escaped = _IN_DESTINATION.sub(r"\\\1", uri)
    return f"<{escaped}>" if any(c.isspace() for c in uri) else escaped
