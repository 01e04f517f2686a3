"""Read a reStructuredText document into the model the Markdown reader builds.

``read_rst`` never raises on bad input: bytes that are not UTF-8 give ``DOC001`` and
no model; what docutils reports (warnings and errors: a title underline too short, an
unknown directive, a malformed table, a reference to a target never defined) is
``DOC021`` at the line docutils names, the rest still read.  Sections are the
document's sections (its title, read without docutils' transforms, is the top
section, so ``Status``/``Context``/``Decision`` under it are its children, as under a
Markdown H1); a head field list is the front matter; ``.. `` comments are comments,
and those that start with ``assay:`` suppression directives.
"""

from __future__ import annotations

from docutils import nodes

from assay.grammar.locate import Locator
from assay.grammar.markdown.directives import read_directives
from assay.grammar.markdown.document import byte_facts, decode, file_title
from assay.grammar.rst.blocks import Walk
from assay.grammar.rst.fields import head_fields, read_fields
from assay.grammar.rst.inlines import Pending, doc_destination
from assay.grammar.rst.parse import Message, parse, prepared
from assay.grammar.rst.places import Lines
from assay.spec.diagnostics import Diagnostic, Parsed
from assay.spec.document import Document, FrontMatter, Link, Section, TitleCandidate
from assay.spec.rules.records import DOC021


def read_rst(raw: bytes, path: str = "<document>") -> tuple[Parsed[Document], Locator | None]:
    """``raw`` read as reStructuredText, and the locator of its decoded text."""
    locator, undecodable = decode(raw, path)
    if locator is None:
        return Parsed(None, (undecodable,) if undecodable is not None else ()), None
    lines = Lines(locator)
    try:
        doctree, messages = parse(prepared(locator.text), path)
        read = _Read(lines, doctree, path)
        document = read.document(raw)
    except RecursionError:
        # Nesting deeper than docutils (or this reader) follows: the bytes are kept,
        # the structure is not read.
        messages = [Message(3, 1, "nested too deeply to read; the structure is not read")]
        read = None
        document = _empty(raw, locator, path)
    diagnostics = [_problem(m, lines, path) for m in messages]
    if read is not None:
        diagnostics.extend(read.problems)
    diagnostics.sort(key=lambda d: d.span.start if d.span else 0)
    return Parsed(document, tuple(diagnostics)), locator


class _Read:
    def __init__(self, lines: Lines, doctree: nodes.document, path: str) -> None:
        self.lines, self.doctree, self.path = lines, doctree, path
        self.problems: list[Diagnostic] = []
        self.anonymous = [
            t.get("refuri") for t in doctree.findall(nodes.target) if t.get("anonymous")
        ]

    def document(self, raw: bytes) -> Document:
        lines, doctree = self.lines, self.doctree
        walk = Walk(lines)
        head = head_fields(doctree)
        walk.head = head
        tops = [c for c in doctree.children if isinstance(c, nodes.section)]
        body = [c for c in doctree.children if not isinstance(c, nodes.section)]
        starts = [walk.section_start(s) for s in tops]
        last = lines.count - 1
        preamble = walk.blocks(body, 0, (starts[0] - 1) if starts else last)
        sections = tuple(
            walk.section(s, 1, nxt - 1)
            for s, nxt in zip(tops, [*starts[1:], last + 1], strict=False)
        )
        front_matter = (
            read_fields(head, lines, self.destination, walk.links) if head is not None else None
        )
        links = self.links(walk.links)
        comments = sorted(walk.comments, key=lambda c: c.span.start)
        directives, problems = read_directives(comments, self.path)
        self.problems.extend(problems)
        return Document(
            path=self.path,
            bytes=byte_facts(raw, lines.text, lines.locator.prefix > 0),
            front_matter=front_matter,
            titles=_titles(front_matter, sections, self.path),
            preamble=tuple(preamble),
            sections=sections,
            links=tuple(sorted(links, key=lambda link: link.span.start)),
            definitions=tuple(walk.definitions),
            comments=tuple(comments),
            directives=tuple(directives),
            plain=not sections,
            line_count=lines.count,
        )

    def links(self, pending: list[Pending]) -> list[Link]:
        found: list[Link] = []
        anonymous = iter(self.anonymous)
        for item in pending:
            destination = item.destination
            if item.refname == "":
                uri = next(anonymous, None)
                destination = str(uri) if uri is not None else None
            elif item.refname is not None:
                destination = self.named(item.refname, item)
            if destination is None:
                continue
            found.append(
                Link(item.kind, item.image, item.text, destination, None, item.label, item.span)  # type: ignore[arg-type]
            )
        return found

    def named(self, refname: str, item: Pending | None = None) -> str | None:
        """The URI a named reference's target gives; None for a place inside the
        document (``DOC021`` when no target has the name)."""
        ids = self.doctree.nameids.get(refname)
        if ids is None:
            if item is not None:
                self.problems.append(
                    DOC021.diagnostic(
                        f"unknown target name `{item.text}`: no `.. _{item.text}:` defines it",
                        self.path,
                        item.span,
                    )
                )
            return None
        target = self.doctree.ids.get(ids)
        uri = target.get("refuri") if target is not None else None
        return str(uri) if uri is not None else None

    def destination(self, ref: nodes.reference) -> str | None:
        """Where a reference in a field's value points, for the value's text."""
        if ref.get("assay_role") == "doc":
            return doc_destination(str(ref.get("assay_target", "")))
        if ref.get("refuri") is not None:
            return str(ref["refuri"])
        refname = ref.get("refname")
        return self.named(str(refname)) if refname is not None else None


def _problem(message: Message, lines: Lines, path: str) -> Diagnostic:
    index = max(0, min((message.line or 1) - 1, lines.count - 1))
    begin = lines.line_start(index) if lines.count else 0
    end = lines.line_end(index) if lines.count else 0
    level = {2: "warning", 3: "error"}.get(message.level, "severe error")
    text = " ".join(message.text.split())
    return DOC021.diagnostic(f"docutils {level}: {text}", path, lines.span(begin, max(begin, end)))


def _titles(
    front_matter: FrontMatter | None, sections: tuple[Section, ...], path: str
) -> tuple[TitleCandidate, ...]:
    """A ``:Title:`` field, the top section's title, the first heading, the file name."""
    found: list[TitleCandidate] = []
    entry = front_matter.get("title") if front_matter is not None else None
    if entry is not None and isinstance(entry.value, str) and entry.value.strip():
        found.append(TitleCandidate(entry.value.strip(), "front-matter", entry.span))
    if sections:
        heading = sections[0].heading
        found.append(TitleCandidate(heading.raw, "h1", heading.span))
    stem = file_title(path)
    if stem and not stem.startswith("<"):
        found.append(TitleCandidate(stem, "file-name", None))
    return tuple(found)


def _empty(raw: bytes, locator: Locator, path: str) -> Document:
    lines = Lines(locator)
    return Document(
        path=path,
        bytes=byte_facts(raw, locator.text, locator.prefix > 0),
        front_matter=None,
        titles=_titles(None, (), path),
        preamble=(),
        sections=(),
        links=(),
        definitions=(),
        comments=(),
        directives=(),
        plain=True,
        line_count=lines.count,
    )
