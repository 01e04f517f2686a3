"""The inline pass: links, images, autolinks, raw HTML's links and comments in text.

Inline text stays opaque except for what assay needs from it.  Code spans, raw HTML
and autolinks bind tighter than links, so they are skipped first, left to right;
brackets then match as CommonMark's "look for link or image" procedure says, with
reference links resolved against every definition in the document.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assay.grammar.markdown.escapes import normalize_label, unescape
from assay.grammar.markdown.html_links import tag_links
from assay.grammar.markdown.html_patterns import INLINE_HTML
from assay.grammar.markdown.refdefs import parse_destination, parse_label, parse_title
from assay.spec.document import Comment, Link

if TYPE_CHECKING:
    from assay.grammar.locate import Locator
    from assay.grammar.markdown.segments import Joined

_SPECIAL = re.compile(r"[\\`<\[\]!]")
_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_URI_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\x00-\x20]*)>")
_EMAIL_AUTOLINK = re.compile(
    r"<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>"
)
_SPACE = " \t\n"

Definitions = dict[str, tuple[str, str | None]]


class _Opener:
    __slots__ = ("active", "after", "image", "pos")

    def __init__(self, pos: int, image: bool) -> None:
        self.pos = pos  # of "[" or of "!" for an image
        self.image = image
        self.active = True
        self.after = False  # another "[" followed it: no shortcut reference then


class _Openers(list[_Opener]):
    """The open brackets, innermost last, and how many from the bottom a link has
    deactivated already (``settled``): each is deactivated once, so a paragraph of
    brackets that never close, each followed by a link, costs linear time."""

    __slots__ = ("settled",)

    def __init__(self) -> None:
        super().__init__()
        self.settled = 0

    def pop_top(self) -> None:
        """Take the innermost bracket off."""
        self.pop()
        self.settled = min(self.settled, len(self))

    def link_made(self) -> None:
        """Links do not nest: no bracket before a link's can open one now (an image's
        can: an image may hold a link)."""
        for earlier in self[self.settled :]:
            if not earlier.image:
                earlier.active = False
        self.settled = len(self)


def _skip_space(s: str, i: int) -> int:
    while i < len(s) and s[i] in _SPACE:
        i += 1
    return i


def _inline_target(s: str, i: int) -> tuple[str, str | None, int] | None:
    """``(destination "title")`` at ``s[i] == "("``: (destination, title, end) or None."""
    j = _skip_space(s, i + 1)
    destination = ""
    if j < len(s) and s[j] != ")":
        parsed = parse_destination(s, j)
        if parsed is None:
            return None
        destination, j = parsed
    k = _skip_space(s, j)
    title = None
    if k > j and k < len(s) and s[k] in "\"'(":
        parsed_title = parse_title(s, k)
        if parsed_title is None:
            return None
        title, k = parsed_title
        k = _skip_space(s, k)
    if k >= len(s) or s[k] != ")":
        return None
    return unescape(destination), None if title is None else unescape(title), k + 1


def _code_span_end(s: str, i: int) -> int:
    """Past the code span opening at ``i``, or past the backtick run if it never closes."""
    run = i
    while run < len(s) and s[run] == "`":
        run += 1
    width = run - i
    j = run
    while True:
        j = s.find("`", j)
        if j < 0:
            return run
        k = j
        while k < len(s) and s[k] == "`":
            k += 1
        if k - j == width:
            return k
        j = k


def may_hold_links(text: str) -> bool:
    """Whether ``text`` has any character a link, autolink or comment needs."""
    return _SPECIAL.search(text) is not None


def scan_inline(
    joined: Joined,
    locator: Locator,
    definitions: Definitions,
    links: list[Link],
    comments: list[Comment],
) -> None:
    """Find the links and comments of one block's text."""
    s = joined.text
    openers = _Openers()
    closers: dict[str, int] | None = None
    search = _SPECIAL.search
    i = 0
    while True:
        m = search(s, i)
        if m is None:
            return
        i = m.start()
        ch = s[i]
        if ch == "\\":
            i += 2 if i + 1 < len(s) and s[i + 1] in _PUNCTUATION else 1
        elif ch == "`":
            i = _code_span_end(s, i)
        elif ch == "<":
            if closers is None:  # found once per text, at its first `<`
                closers = _last_closers(s)
            i = _angle(s, i, joined, locator, links, comments, closers)
        elif ch == "!":
            if i + 1 < len(s) and s[i + 1] == "[":
                if openers:
                    openers[-1].after = True
                openers.append(_Opener(i, True))
                i += 2
            else:
                i += 1
        elif ch == "[":
            if openers:
                openers[-1].after = True
            openers.append(_Opener(i, False))
            i += 1
        else:  # "]"
            i = _close(s, i, openers, joined, locator, definitions, links)


# What closes each kind of raw HTML, the offset its closer may start at, at the
# earliest, and where in the opener that offset is counted from.
_CLOSERS = (("<!--", "-->", 2), ("<?", "?>", 2), ("<![CDATA[", "]]>", 9), ("<", ">", 1))


def _last_closers(s: str) -> dict[str, int]:
    """Where the last of each raw-HTML closer starts in ``s`` (-1 when absent)."""
    return {closer: s.rfind(closer) for _, closer, _ in _CLOSERS}


def _may_close(s: str, i: int, closers: dict[str, int]) -> bool:
    """False when no closer follows the raw-HTML opener at ``i``, so it cannot match.

    Without this, each unclosed ``<!--``, ``<?``, ``<![CDATA[`` or ``<!x`` made the
    pattern scan to the end of the text: a paragraph of them cost quadratic time.
    The first opener ``s`` has at ``i`` decides: no other alternative starts so.
    """
    for opener, closer, earliest in _CLOSERS:
        if s.startswith(opener, i):
            return closers[closer] >= i + earliest
    return True  # pragma: no cover - called at a `<`


def _angle(
    s: str,
    i: int,
    joined: Joined,
    locator: Locator,
    links: list[Link],
    comments: list[Comment],
    closers: dict[str, int],
) -> int:
    m = _URI_AUTOLINK.match(s, i)
    email = None
    if m is None:
        email = _EMAIL_AUTOLINK.match(s, i)
    if m is not None or email is not None:
        found = m or email
        assert found is not None
        target = found.group(1) if m is not None else "mailto:" + found.group(1)
        span = locator.span(joined.source(i), joined.end_source(found.end()))
        links.append(Link("autolink", False, found.group(1), target, None, None, span))
        return found.end()
    html = INLINE_HTML.match(s, i) if _may_close(s, i, closers) else None
    if html is None:
        return i + 1
    if html.group("comment") is not None:
        body = html.group("comment")[4:-3] if len(html.group("comment")) >= 7 else ""
        span = locator.span(joined.source(i), joined.end_source(html.end()))
        comments.append(Comment(body, span))
    elif s[i + 1].isascii() and s[i + 1].isalpha():  # an open tag: its href and src link
        links.extend(tag_links(s, i, html.end(), joined, locator))
    return html.end()


def _close(
    s: str,
    i: int,
    openers: _Openers,
    joined: Joined,
    locator: Locator,
    definitions: Definitions,
    links: list[Link],
) -> int:
    if not openers:
        return i + 1
    opener = openers[-1]
    if not opener.active:
        openers.pop_top()
        return i + 1
    text_start = opener.pos + (2 if opener.image else 1)
    text = s[text_start:i]
    j = i + 1
    kind = "inline"
    label: str | None = None
    target = _inline_target(s, j) if j < len(s) and s[j] == "(" else None
    if target is not None:
        destination, title, end = target
    else:
        kind = "reference"
        end = j
        reference = None
        n = parse_label(s, j) if j < len(s) and s[j] == "[" else -1
        if n > j + 2:
            reference = s[j + 1 : n - 1]
            end = n
        elif not opener.after:
            reference = text
            if s.startswith("[]", j):
                end = j + 2  # collapsed: "[text][]" ("[]" is no label, so parse_label refuses it)
        found = definitions.get(normalize_label(reference)) if reference is not None else None
        if found is None or reference is None or len(reference) > 999:
            openers.pop_top()
            return i + 1
        destination, title = found
        label = reference
    span = locator.span(joined.source(opener.pos), joined.end_source(end))
    links.append(Link(kind, opener.image, text, destination, title, label, span))  # type: ignore[arg-type]
    openers.pop_top()
    if not opener.image:
        openers.link_made()
    return end
