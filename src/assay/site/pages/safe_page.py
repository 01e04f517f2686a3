"""Any Markdown file of the site made safe: what reviews and copied run files go through.

The same rule as a record's page (``escape``): ``<`` outside code escaped, HTML
comments dropped, and the page verified, and written again with no code left alone,
when something is left that another parser might read as markup. The front matter
stays as written: MkDocs reads it as data, never as Markdown.
"""

from __future__ import annotations

from assay.grammar.document import read_document
from assay.site.pages.escape import Edit, code_ranges, offsets, protect
from assay.site.pages.safety import render, unsafe_markup

__all__ = ["safe_markdown"]


def safe_markdown(text: str, path: str = "") -> str:
    """``text`` with no raw HTML left for a builder to emit."""
    parsed, locator = read_document(text.encode("utf-8", "surrogateescape"), path)
    document = parsed.value
    if document is None or locator is None:
        return text.replace("<", "&lt;")
    text = locator.text
    where = offsets(text, locator.line_starts)
    edits: list[Edit] = [(*where(c.span), "") for c in document.comments]
    code = code_ranges(text, document, where)
    if document.front_matter is not None:
        code.append(where(document.front_matter.span))
    body, doubtful = protect(text, code, edits)
    if doubtful and unsafe_markup(render(_without_front_matter(body))):
        front = [where(document.front_matter.span)] if document.front_matter is not None else []
        body, _ = protect(text, front, edits)
    return body


def _without_front_matter(text: str) -> str:
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end >= 0:
            return text[end + 5 :]
    return text
