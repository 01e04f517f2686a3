"""One record's page: its own text, safe, its links rewritten, under a header.

The header (status, date, relations both ways) follows the record's H1, which stays
the page's title; a record without an H1 gets one from its title. The record's front
matter and HTML comments do not reach the page (MkDocs would read the one, and the
other is markup); reference definitions go with the links they served.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence

from assay.site.facts import RecordFacts
from assay.site.pages.escape import Edit, code_ranges, inline, offsets
from assay.site.pages.links import LinkNote, link_edits
from assay.site.pages.records import PublishedRecord
from assay.site.pages.safe_page import made_safe

__all__ = ["inverse_name", "record_page", "relation_lines"]

#: The relation a target states back, when the record type does not say it.
_INVERSE = {"supersedes": "Superseded by", "amends": "Amended by"}


def record_page(
    record: PublishedRecord,
    site: Mapping[str, str],
    header: Sequence[str],
) -> tuple[str, list[LinkNote]]:
    """The page of ``record`` (``site``: workspace path -> docs path of what is
    published; ``header``: its Markdown lines), and the links shown as text."""
    text, document = record.text, record.document
    where = offsets(text, record.line_starts)
    edits, notes = link_edits(record.facts.path, record.source, document, where, site)
    removed: list[Edit] = [(*where(c.span), "") for c in document.comments]
    if document.front_matter is not None:
        removed.append((*where(document.front_matter.span), ""))
    block = "\n\n" + "\n".join(header)
    title = record.reading.title
    first = True  # the H1 is the page's first element
    if title is not None and title.source == "h1" and title.span is not None:
        h1, at = where(title.span)
        removed.append((at, at, block))
        lead = ""
        skipped = where(document.front_matter.span)[1] if document.front_matter else 0
        first = not text[skipped:h1].strip("\ufeff \t\r\n")
    else:
        lead = f"# {inline(record.facts.title)}\n" + block + "\n\n"
    all_edits = [*edits, *removed]
    code = code_ranges(text, document, where)
    body = made_safe(text, code, all_edits, lead)
    # MkDocs takes a page's title from its first element when that is an H1 (and
    # escapes it); else from front matter, which themes put into <title> unescaped:
    # it is written as HTML text there, so `<b>` in a title shows as `<b>`. Only then,
    # for front matter costs MkDocs a YAML parse a page.
    front = ""
    if not first:
        title_text = html.escape(_label(record.facts), quote=False)
        front = f"---\ntitle: {json.dumps(title_text, ensure_ascii=False)}\n---\n\n"
    return front + lead + body.lstrip("\ufeff").lstrip("\n").rstrip() + "\n", notes


def relation_lines(
    facts: RecordFacts,
    by_path: Mapping[str, RecordFacts],
    incoming: Sequence[tuple[str, RecordFacts]],
) -> list[str]:
    """The header of ``facts``' page: status, date, then each relation with links,
    the ones other records state (``incoming``: name, from whom) included."""
    lines = [f"- **Status:** {inline(facts.status) if facts.status else 'none given'}"]
    lines.append(f"- **Date:** {facts.date.isoformat() if facts.date else 'undated'}")
    named: dict[str, list[RecordFacts]] = {}
    for relation in facts.relations:
        named.setdefault(relation.name, []).append(by_path[relation.target])
    for name, other in incoming:
        if other not in named.setdefault(name, []):
            named[name].append(other)
    for name, others in named.items():
        links = ", ".join(f"[{inline(_label(o))}]({_file(o)})" for o in others)
        lines.append(f"- **{inline(name)}:** {links}")
    return lines


def inverse_name(kind: str, inverse: str | None) -> str:
    """What a relation's target is said to be: the type's ``inverse`` name, else by
    ``kind`` (``Superseded by``), else ``Referenced by``."""
    return inverse or _INVERSE.get(kind, "Referenced by")


def _label(facts: RecordFacts) -> str:
    return f"{facts.number}. {facts.title}" if facts.number is not None else facts.title


def _file(facts: RecordFacts) -> str:
    return facts.page.rstrip("/").rpartition("/")[2] + ".md"
