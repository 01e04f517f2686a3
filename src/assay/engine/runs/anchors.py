"""The anchors a document's headings give: what a ``#fragment`` may name.

A review is read in two places: on the published site (MkDocs' ``toc`` names a
heading ``limitations``, a second one ``limitations_1``) and in the repository
(GitHub names them ``limitations`` and ``limitations-1``, keeping letters outside
ASCII). A fragment resolves when either reader finds it, so a heading gives both
spellings. Markup goes first (``## The *memory* lens`` is ``the-memory-lens``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from urllib.parse import unquote

from assay.engine.reading.values import strip_markup
from assay.spec.document import Document

__all__ = ["document_anchors", "fragment", "heading_anchors"]

_SITE_DROPPED = re.compile(r"[^\w\s-]")
_SITE_JOINED = re.compile(r"[-\s]+")
_GITHUB_DROPPED = re.compile(r"[^\w\- ]")


def heading_anchors(headings: Iterable[str]) -> frozenset[str]:
    """The anchors of headings with these texts (as written, in document order)."""
    found: set[str] = set()
    seen_site: dict[str, int] = {}
    seen_github: dict[str, int] = {}
    for text in headings:
        plain = strip_markup(text)
        found.add(_numbered(_site_slug(plain), seen_site, "_"))
        found.add(_numbered(_github_slug(plain), seen_github, "-"))
    return frozenset(found)


def document_anchors(document: Document) -> frozenset[str]:
    """The anchors of ``document``'s Markdown headings."""
    return heading_anchors(s.heading.text for s in document.walk_sections())


def fragment(destination: str) -> str | None:
    """The fragment ``destination`` names, percent-decoded; None without one."""
    if "#" not in destination:
        return None
    return unquote(destination.split("#", 1)[1])


def _site_slug(text: str) -> str:
    """Python-Markdown's ``toc`` slug, which MkDocs uses."""
    value = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return _SITE_JOINED.sub("-", _SITE_DROPPED.sub("", value).strip().lower())


def _github_slug(text: str) -> str:
    """GitHub's heading anchor: lowercase, punctuation dropped, each space a ``-``."""
    return _GITHUB_DROPPED.sub("", text.lower()).replace(" ", "-")


def _numbered(slug: str, seen: dict[str, int], joiner: str) -> str:
    """``slug``, numbered when an earlier heading took it."""
    count = seen.get(slug, 0)
    seen[slug] = count + 1
    return slug if count == 0 else f"{slug}{joiner}{count}"
