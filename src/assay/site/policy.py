"""A Content-Security-Policy on every page of the site: the second wall.

The first wall is that no document's markup reaches a page (``pages.inert``,
``pages.safe_page``). Should one ever slip through, this policy keeps it from running:
scripts only from the site itself (``script-src 'self'``) plus the theme's own inline
scripts, each allowed by its SHA-256 hash; no plugin objects, no ``<base>`` elsewhere,
no framing. The hashes are taken from the page *outside* its rendered content, so an
inline script that came from a document is never hashed, hence never allowed. Styles
and fonts may come from the site, and inline styles stay allowed (the themes set
``style=`` attributes; a style runs no code). Material loads its fonts from Google
Fonts unless ``font: false``; that one origin is allowed for styles and fonts.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Sequence
from typing import Any

from mkdocs.config.base import Config
from mkdocs.plugins import BasePlugin

__all__ = ["ContentSecurityPolicy", "policy", "with_policy"]

#: An inline script element (no ``src``), its body in group 1.
_INLINE_SCRIPT = re.compile(
    r"<script\b(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL
)
_FONTS = "https://fonts.googleapis.com https://fonts.gstatic.com"
#: A script or stylesheet the template loads from another origin (the mkdocs theme's
#: highlight.js from cdnjs): allowed by its exact URL, never by its origin.
_EXTERNAL = re.compile(
    r"<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*\"(https://[^\"\s;,']+)\"", re.IGNORECASE
)


def policy(theme_scripts: list[str], external: Sequence[str] = ()) -> str:
    """The policy for a page whose theme runs ``theme_scripts`` inline and loads the
    ``external`` URLs (scripts and stylesheets)."""
    urls = "".join(f" {url}" for url in sorted(set(external)))
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
        for s in sorted(set(theme_scripts))
    )
    return (
        "default-src 'self'; "
        f"script-src 'self'{urls}{' ' + hashes if hashes else ''}; "
        f"style-src 'self' 'unsafe-inline' {_FONTS}{urls}; "
        f"font-src 'self' data: {_FONTS}; "
        "img-src 'self' data:; "
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-src 'none'"
    )


# MkDocs leaves Config's and BasePlugin's __init_subclass__ unannotated.
class _NoOptions(Config):  # type: ignore[no-untyped-call]
    """The hook takes no options."""


class ContentSecurityPolicy(BasePlugin[_NoOptions]):  # type: ignore[no-untyped-call]
    """Writes the policy as the first element of each page's ``<head>``."""

    def on_post_template(self, output_content: str, *, template_name: str, config: Any) -> str:
        """The theme's static pages (``404.html``): the whole output is the theme's."""
        if not template_name.endswith((".html", ".htm")):
            return output_content
        return with_policy(output_content, "")

    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        """Give the page its Content-Security-Policy."""
        return with_policy(output, getattr(page, "content", None) or "")


def with_policy(output: str, content: str) -> str:
    """``output`` with the policy first in its ``<head>``; ``content`` is the part that
    came from a document, whose inline scripts are never allowed."""
    template = output.replace(content, "") if content else output
    scripts = [m.group(1) for m in _INLINE_SCRIPT.finditer(template)]
    external = [m.group(1) for m in _EXTERNAL.finditer(template)]
    head = re.search(r"<head\b[^>]*>", output, re.IGNORECASE)
    if head is None:
        return output
    value = policy(scripts, external).replace('"', "&quot;")
    element = f'\n    <meta http-equiv="Content-Security-Policy" content="{value}">'
    return output[: head.end()] + element + output[head.end() :]
