"""One record's page: its own text, safe, its links rewritten, under a header.

The header (a status badge, the date when the text does not show one, relations
both ways, and a note of the relation and consistency findings the record was
published with) follows the record's H1, which stays
the page's title; a record without an H1 gets one from its title. The record's front
matter and HTML comments do not reach the page (MkDocs would read the one, and the
other is markup); reference definitions go with the links they served.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence

from assay.site.facts import RecordFacts
from assay.site.markup import as_markdown, plain
from assay.site.pages.escape import Edit, code_ranges, inline, offsets
from assay.site.pages.links import LinkNote, link_edits
from assay.site.pages.records import PublishedRecord
from assay.site.pages.relations import Related
from assay.site.pages.safe_page import made_safe
from assay.spec.diagnostics import Diagnostic

__all__ = ["header_lines", "record_page"]

_BLANK_NEXT = re.compile(r"\r?\n[ \t]*(\r?\n|$)")
#: Where a field is written in the text the page shows (front matter is dropped).
_IN_TEXT = frozenset({"table", "line", "bullet", "heading", "heading-inline", "title"})


def record_page(
    record: PublishedRecord,
    site: Mapping[str, str],
    header: Sequence[str],
    unshown: Mapping[str, str] | None = None,
) -> tuple[str, list[LinkNote]]:
    """The page of ``record`` (``site``: workspace path -> docs path of what is
    published; ``header``: its Markdown lines; ``unshown``: images not copied, and
    why), and the links shown as text."""
    text, document = record.text, record.document
    where = offsets(text, record.line_starts)
    path, source = record.facts.path, record.source
    edits, notes = link_edits(path, source, document, where, site, unshown, record.origin)
    removed: list[Edit] = [(*where(c.span), "") for c in document.comments]
    if document.front_matter is not None:
        removed.append((*where(document.front_matter.span), ""))
    block = "\n\n" + "\n".join(header)
    title = record.reading.title
    h1_span = title.span if title is not None and title.source == "h1" else None
    if record.origin is not None:  # the page is Markdown written from it: its H1
        h1_span = next((t.span for t in document.titles if t.source == "h1"), None)
    first = True  # the H1 is the page's first element
    if h1_span is not None:
        h1, at = where(h1_span)
        # A line right below the H1 must not continue the header's last list item or
        # note: a blank line after the header unless the text has one there.
        blank = _BLANK_NEXT.match(text, at) is not None
        removed.append((at, at, block if blank else block + "\n"))
        lead = ""
        skipped = where(document.front_matter.span)[1] if document.front_matter else 0
        first = not text[skipped:h1].strip("\ufeff \t\r\n")
    else:
        lead = f"# {as_markdown(record.facts.title)}\n" + block + "\n\n"
    all_edits = [*edits, *removed]
    code = code_ranges(text, document, where)
    body = made_safe(text, code, all_edits, lead)
    # MkDocs takes a page's title from its first element when that is an H1 (and
    # escapes it); else from front matter, which themes put into <title> unescaped:
    # it is written as HTML text there, so `<b>` in a title shows as `<b>`. Only then,
    # for front matter costs MkDocs a YAML parse a page.
    front = ""
    if not first:
        title_text = html.escape(plain(_label(record.facts)), quote=False)
        front = f"---\ntitle: {json.dumps(title_text, ensure_ascii=False)}\n---\n\n"
    return front + lead + body.lstrip("\ufeff").lstrip("\n").rstrip() + "\n", notes


def header_lines(
    record: PublishedRecord,
    related: Sequence[Related],
    noted: Sequence[Diagnostic],
    badge: str,
) -> list[str]:
    """The header of ``record``'s page: its status badge (``badge``, the picture's
    path from the page), its date unless its text shows one, its relations both ways
    with links, and a note of the ``noted`` findings about it."""
    status = record.facts.status or "no status"
    lines = [f"![Status: {inline(status)}]({badge})", ""]
    facts = record.facts
    if facts.date is not None and not _shown(record, "Date"):
        lines.append(f"- **Date:** {facts.date.isoformat()}")
    named: dict[str, list[RecordFacts]] = {}
    for name, other in related:
        named.setdefault(name, []).append(other)
    for name, others in named.items():
        links = ", ".join(f"[{as_markdown(_label(o))}]({_file(o)})" for o in others)
        lines.append(f"- **{inline(name)}:** {links}")
    if lines[-1] == "":
        lines.pop()
    if noted:
        lines += ["", "> **Noted:** published with what the check found about it:", ">"]
        for found in noted:
            where = f"line {found.span.line}, column {found.span.column}"
            lines.append(f"> - {found.code} {found.name} ({where}): {as_markdown(found.message)}")
    return lines


def _shown(record: PublishedRecord, field: str) -> bool:
    """Whether the page's text itself states ``field`` (front matter is not shown)."""
    return any(f.source in _IN_TEXT for f in record.reading.field(field))


def _label(facts: RecordFacts) -> str:
    return f"{facts.number}. {facts.title}" if facts.number is not None else facts.title


def _file(facts: RecordFacts) -> str:
    return facts.page.rstrip("/").rpartition("/")[2] + ".md"
