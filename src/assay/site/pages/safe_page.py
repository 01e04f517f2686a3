"""Any Markdown file of the site made safe: what reviews and copied run files go through.

The same rule as a record's page (``escape``): ``<`` outside code escaped, HTML
comments dropped. When something is left that another parser might read as markup,
the page is rendered as the site renders it and verified (``safety``); if it is not
safe, it is written again with no code left alone, and if still not, with no link
but assay's own. Front matter is no exception: a theme puts its ``title`` in the page
unescaped, and MkDocs renders front matter it cannot read as Markdown.
"""

from __future__ import annotations

from collections.abc import Sequence

from assay.grammar.markdown.document import read_document
from assay.site.pages.escape import Code, Edit, code_ranges, offsets, protect
from assay.site.pages.safety import render, unsafe_markup

__all__ = ["made_safe", "safe_markdown"]


def safe_markdown(text: str, path: str = "") -> str:
    """``text`` with no raw HTML left for a builder to emit."""
    parsed, locator = read_document(text.encode("utf-8", "surrogateescape"), path)
    document = parsed.value
    if document is None or locator is None:
        return protect(text, (), (), strict=True)[0]
    text = locator.text
    where = offsets(text, locator.line_starts)
    edits: list[Edit] = [(*where(c.span), "") for c in document.comments]
    return made_safe(text, code_ranges(text, document, where), edits)


def made_safe(text: str, code: Sequence[Code], edits: Sequence[Edit], lead: str = "") -> str:
    """``text`` with ``edits`` made, escaped as much as it takes for its page
    (``lead`` and then it) to render to Markdown-made HTML only."""
    body, doubtful = protect(text, code, edits)
    if not doubtful or not unsafe_markup(render(lead + body)):
        return body
    body, _ = protect(text, (), edits)
    if not unsafe_markup(render(lead + body)):
        return body
    return protect(text, (), edits, strict=True)[0]
