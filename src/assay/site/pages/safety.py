"""Is a page safe? The HTML Python-Markdown makes of it, held against what Markdown
syntax itself makes.

MkDocs renders with Python-Markdown and the extensions ``toc``, ``tables`` and
``fenced_code`` (its built-ins, the only ones the site uses). Markdown syntax makes a
known set of elements, each with a known set of attributes; anything else (``script``,
``iframe``, ``style``, an ``on…`` handler) came from raw HTML. A link or image whose
URL runs script (``javascript:``, ``data:``) is refused too, though syntax made it.
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from typing import Any

__all__ = ["EXTENSIONS", "render", "unsafe_markup"]

#: The Markdown extensions of the site (MkDocs' built-ins): pages are verified with them.
EXTENSIONS = ("toc", "tables", "fenced_code")

_HEADING = frozenset({"id"})
#: Element -> the attributes Markdown syntax (with ``EXTENSIONS``) gives it.
ALLOWED: dict[str, frozenset[str]] = {
    **{tag: frozenset() for tag in ("p", "em", "strong", "ul", "li", "blockquote", "hr", "br")},
    **{tag: frozenset() for tag in ("table", "thead", "tbody", "tr")},
    **{f"h{n}": _HEADING for n in range(1, 7)},
    "ol": frozenset({"start"}),
    "a": frozenset({"href", "title"}),
    "img": frozenset({"src", "alt", "title"}),
    "code": frozenset({"class", "id"}),
    "pre": frozenset({"class", "id"}),
    "th": frozenset({"style"}),
    "td": frozenset({"style"}),
    "div": frozenset({"class"}),  # the `toc` extension's [TOC]
}
_ALIGN = re.compile(r"text-align: (left|right|center);")
_SAFE_SCHEMES = frozenset({"http", "https", "mailto", "ftp"})
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
#: What browsers drop from a URL before they read its scheme.
_IGNORED = re.compile(r"[\x00-\x20\x7f]")


def render(markdown_text: str) -> str:
    """``markdown_text`` as the site's Markdown makes it into HTML."""
    converter = _converter()
    html: str = converter.reset().convert(markdown_text)
    return html


@cache
def _converter() -> Any:
    """One converter for the process: building one costs as much as a page's render."""
    import markdown

    return markdown.Markdown(extensions=list(EXTENSIONS))


def unsafe_markup(html: str) -> list[str]:
    """What in ``html`` Markdown syntax did not make, one description each (empty: safe)."""
    found = _Audit()
    found.feed(html)
    found.close()
    return found.problems


def url_is_safe(url: str) -> bool:
    """True for a relative URL, a fragment, or an ``http(s)``, ``mailto``, ``ftp`` one."""
    scheme = _SCHEME.match(_IGNORED.sub("", url))
    return scheme is None or scheme[1].lower() in _SAFE_SCHEMES


class _Audit(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        allowed = ALLOWED.get(tag)
        if allowed is None:
            self.problems.append(f"element <{tag}>")
            return
        for name, value in attrs:
            if name not in allowed:
                self.problems.append(f"attribute {name} on <{tag}>")
            elif name == "style" and not _ALIGN.fullmatch(value or ""):
                self.problems.append(f"style {value!r} on <{tag}>")
            elif name in ("href", "src") and not url_is_safe(value or ""):
                self.problems.append(f"{name} {value!r} on <{tag}>")

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag: str) -> None:
        if tag not in ALLOWED:
            self.problems.append(f"element </{tag}>")

    def handle_comment(self, data: str) -> None:
        self.problems.append("an HTML comment")

    def handle_decl(self, decl: str) -> None:
        self.problems.append(f"declaration <!{decl}>")

    def handle_pi(self, data: str) -> None:
        self.problems.append(f"processing instruction <?{data}>")
