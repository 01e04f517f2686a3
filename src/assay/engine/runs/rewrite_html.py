"""A raw HTML link's value, respelled for ``rewrite``: what a new value may hold.

``<a href="lenses/memory.md">`` in the overview must read
``<a href="../../runs/x/lenses/memory.md">`` in a review written elsewhere, as its
Markdown neighbours do. The value is HTML, not Markdown: no backslash escapes, its
character references decoded (``&amp;``), ended by its quote (or, unquoted, by a space
or ``>``). So the source's folders a rewrite adds are percent-encoded with neither
quote nor ``&`` left (``HTML_SAFE``), and every new value is checked, not trusted: it
must stay inside its quotes and read, decoded as a browser decodes it, as the path to
the same file. A value that cannot (a ``/`` hidden in ``&#47;``, a ``#`` in
``&#35;``) is left as written, like a Markdown destination spelled with escapes.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from attrs import frozen

from assay.grammar.markdown.html_links import attribute_value, url_of
from assay.spec.model import Model

__all__ = ["HTML_SAFE", "HtmlValue", "attribute_value"]

#: What a path component the rewrite spells keeps unencoded in an attribute: no quote
#: (it would end the value), no ``&`` (it would start a reference), no ``=`` (an
#: unquoted value cannot hold one).
HTML_SAFE = "!$*+,;@"

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
#: What an unquoted attribute value cannot hold (CommonMark's raw HTML, and HTML's).
_UNQUOTED_ENDS = re.compile(r"[\"'=<>`\x00-\x20]")


@frozen
class HtmlValue(Model):
    """How the value being rewritten is quoted: ``"``, ``'``, or ``""`` for unquoted."""

    quote: str

    def path(self, new: str) -> str | None:
        """The path (percent-decoded, before any ``?`` or ``#``) that ``new`` names when
        written as this value; None when it cannot be written so: its quote (or, for an
        unquoted value, a space or ``>``) would end it early, a browser would read it
        otherwise (spaces it drops), or it is no relative link."""
        if self.quote and self.quote in new:
            return None
        if not self.quote and (not new or _UNQUOTED_ENDS.search(new) is not None):
            return None
        decoded = attribute_value(new)
        if url_of(decoded) != decoded:
            return None
        if _SCHEME.match(decoded) is not None or decoded.startswith(("/", "\\", "#")):
            return None
        return unquote(decoded.split("#", 1)[0].split("?", 1)[0], errors="surrogateescape")
