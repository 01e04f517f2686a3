"""A copied file made inert for the site, whatever its extension.

MkDocs renders every Markdown extension it knows (``.md``, ``.markdown``, ``.mdown``,
``.mkdn``, ``.mkd``) as a page, and copies everything else as it is, so a run's
``notes.markdown`` or ``figure.svg`` would otherwise reach the site as live markup.
Markdown under any of those names goes through ``safe_markdown`` like a ``.md`` page.
A file a browser would render as a document or run as code (HTML, SVG, XML, XSL,
JavaScript, CSS, PDF…) keeps its name, so links to it still resolve, but its text is
written with every ``&``, ``<`` and ``>`` escaped: it shows as text, and no tag is left
to run. Anything else (``.txt``, ``.toml``, ``.csv``, ``.py``…) is copied byte for byte;
a browser shows or downloads it by its type and renders none of it as HTML.
"""

from __future__ import annotations

import html
from pathlib import PurePosixPath

from assay.site.pages.safe_page import safe_markdown

__all__ = ["ACTIVE_SUFFIXES", "MARKDOWN_SUFFIXES", "inert_bytes"]

#: The extensions MkDocs reads as Markdown (``mkdocs.utils.markdown_extensions``).
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".mdown", ".mkdn", ".mkd"})
#: What a browser renders as a document, or runs, when served from the site.
ACTIVE_SUFFIXES = frozenset(
    {
        ".html", ".htm", ".xhtml", ".xht", ".shtml", ".mht", ".mhtml",
        ".svg", ".svgz", ".xml", ".xsl", ".xslt", ".rss", ".atom",
        ".js", ".mjs", ".cjs", ".css",
        ".pdf", ".swf", ".vtt", ".appcache", ".manifest", ".webmanifest",
    }
)  # fmt: skip


def inert_bytes(path: str, data: bytes) -> bytes:
    """``data``, the file at ``path``, as the site may serve it (see the module)."""
    suffix = PurePosixPath(path).suffix.lower()
    text = data.decode("utf-8", "surrogateescape")
    if suffix in MARKDOWN_SUFFIXES:
        return safe_markdown(text, path).encode("utf-8", "surrogateescape")
    if suffix in ACTIVE_SUFFIXES:
        return html.escape(text, quote=False).encode("utf-8", "surrogateescape")
    return data
