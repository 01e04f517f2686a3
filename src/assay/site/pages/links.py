"""A record's links, rewritten to the site: to a record's page, to a run file's copy.

A link into the published set leads to the same file in the site (its fragment kept);
a fragment-only link stays; an ``http(s)``, ``mailto`` or ``ftp`` URL stays. Every
other link (to a file not published, outside the workspace, root-relative, or with a
scheme that runs script) is written as its text only, and a ``LinkNote`` reports it:
the site never holds a link that is broken or unsafe. Reference links become inline
links and their definitions go, so no other parser can resolve them differently.
A link in raw HTML (``<a href>``) is not rewritten: the page shows raw HTML as text.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from urllib.parse import quote, unquote

from attrs import frozen

from assay.site.pages.escape import Edit, Offsets
from assay.site.pages.safety import url_is_safe
from assay.spec.document import Document, Link
from assay.spec.model import Model
from assay.spec.source import Span

__all__ = ["LinkNote", "link_edits"]

_BRACKETS = re.compile(r"[\\\[\]<`]")
_ESCAPED = {"<": "&lt;", "`": "&#96;"}
_SCHEMES = ("http:", "https:", "mailto:", "ftp:")
#: Characters a rewritten destination keeps; the rest are percent-encoded.
_SAFE = "/#%:@!$&'*+,;=?~-._"


@frozen(kw_only=True)
class LinkNote(Model):
    """A link shown as its text only, and why: ``path:line:column: message``."""

    path: str
    line: int
    column: int
    message: str


def link_edits(
    path: str,
    page: str,
    document: Document,
    where: Offsets,
    site: Mapping[str, str],
    unshown: Mapping[str, str] | None = None,
    origin: Document | None = None,
) -> tuple[list[Edit], list[LinkNote]]:
    """The edits that rewrite the links of the record at ``path`` for its ``page``
    (both POSIX, workspace- and docs-relative); ``site`` maps each workspace file
    published to its docs-tree path, ``unshown`` each image not copied to why. Also
    the links written as text, each reported. ``origin``: the record's own parse when
    ``document`` is the Markdown written from it (a ``.rst`` record): each link is
    reported where the record has it, and its text holds no raw HTML, only text."""
    edits: list[Edit] = []
    notes: list[LinkNote] = []
    placed = _placed(document, origin) if origin is not None else {}
    for link in document.links:
        if link.kind == "html" and origin is not None:
            continue  # `<a href>` in reStructuredText is text, not a link
        if link.kind == "html":
            # The page escapes raw HTML (it shows as text), so the tag holds no link
            # to rewrite; turning it into a Markdown link would need its element's
            # content and end tag. Said, like every other link the page does not keep.
            notes.append(
                LinkNote(
                    path=path,
                    line=link.span.line,
                    column=link.span.column,
                    message=f"link to `{link.destination}` is raw HTML; shown as text",
                )
            )
            continue
        start, end = where(link.span)
        target, why = _target(path, page, link.destination, site, unshown or {})
        if target is None:
            span = placed.get(id(link), link.span)
            notes.append(
                LinkNote(
                    path=path,
                    line=span.line,
                    column=span.column,
                    message=f"link to `{link.destination}` {why}; shown as its text",
                )
            )
            edits.append((start, end, _text(link)))
        else:
            bang = "!" if link.image else ""
            edits.append((start, end, f"{bang}[{_text(link)}]({target})"))
    for definition in document.definitions:
        edits.append((*where(definition.span), ""))
    return edits, notes


def _placed(document: Document, origin: Document) -> dict[int, Span]:
    """Each link of ``document`` (by ``id``) placed where ``origin`` has the link of
    the same destination and kind of target (image or not), taken in order."""
    unused: dict[tuple[str, bool], list[Span]] = {}
    for link in reversed(origin.links):
        unused.setdefault((link.destination, link.image), []).append(link.span)
    found: dict[int, Span] = {}
    for link in document.links:
        spans = unused.get((link.destination, link.image))
        if spans:
            found[id(link)] = spans.pop()
    return found


def _text(link: Link) -> str:
    # The text as written, its emphasis kept; its `<`, brackets and backslashes
    # escaped, so no link or image inside it (`[![i](javascript:x)](y.md)`) survives,
    # and its backticks, so none pairs with a code span's outside the link.
    # An autolink's text is a URL to show, not markup.
    text = _BRACKETS.sub(lambda m: _ESCAPED.get(m[0], "\\" + m[0]), link.text)
    if link.kind == "autolink":
        text = text.replace("_", "\\_").replace("*", "\\*")
    return text


def _target(
    path: str, page: str, destination: str, site: Mapping[str, str], unshown: Mapping[str, str]
) -> tuple[str | None, str]:
    """Where the link leads in the site, or None and why it cannot."""
    if destination.startswith("#"):
        return quote(destination, safe=_SAFE), ""
    if destination.lower().startswith(_SCHEMES):
        if not url_is_safe(destination):
            return None, "is not a safe URL"
        return quote(destination, safe=_SAFE), ""
    if not url_is_safe(destination) or ":" in destination.split("/", 1)[0]:
        return None, "uses a scheme the site does not link to"
    if destination.startswith(("/", "\\")):
        return None, "is root-relative and leaves the published set"
    file, _, fragment = destination.partition("#")
    file = file.split("?", 1)[0]
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(path), unquote(file)))
    published = site.get(joined)
    if published is None:
        return None, unshown.get(joined, "leaves the published set")
    relative = posixpath.relpath(published, posixpath.dirname(page))
    return quote(relative, safe=_SAFE) + (f"#{quote(fragment, safe=_SAFE)}" if fragment else ""), ""
