"""Links written in raw HTML: the ``href`` and ``src`` of its tags.

``<a href="../../README.md">`` links as surely as ``[x](../../README.md)`` once the
page is rendered, so it is checked and moved like one (LNK001 to LNK007, the review's
rewrite). A link found here is a ``Link`` of kind ``html`` whose span covers the
attribute's value only, without its quotes: what a rewrite replaces.

Tags are found with CommonMark's open-tag pattern (``html_patterns.OPEN_TAG``), not
``html.parser``, whose handling of malformed markup costs quadratic time on Python
3.11; every scan here moves forward through the text, so a block costs time linear in
its length. The value is read as a browser reads an attribute: character references
decoded (``&amp;`` is ``&``, but ``&copy=1`` in a query stays as written), then the
URL's surrounding whitespace and its tabs and newlines dropped.
"""

from __future__ import annotations

import html
import re
from html.entities import html5
from typing import TYPE_CHECKING

from assay.grammar.markdown.html_patterns import OPEN_TAG
from assay.spec.document import Link

if TYPE_CHECKING:
    from assay.grammar.locate import Locator
    from assay.grammar.markdown.segments import Joined

__all__ = ["attribute_value", "block_links", "tag_links", "url_of"]

_OPEN_TAG = re.compile(OPEN_TAG)
_TAG_NAME = re.compile(r"<([A-Za-z][A-Za-z0-9-]*)")
#: One attribute of a tag that ``OPEN_TAG`` matched, with its value's spelling: taken
#: one after another they read the tag as the pattern did (both are greedy alike).
_ATTRIBUTE = re.compile(
    r"\s+([a-zA-Z_:][a-zA-Z0-9:._-]*)"
    r"(?:\s*=\s*(?:([^\"'=<>`\x00-\x20]+)|'([^']*)'|\"([^\"]*)\"))?"
)
#: The attributes that link: followed (``href``) or embedded (``src``, an image's).
_LINKING = ("href", "src")
#: Elements whose content is text to a browser, not tags: a ``<a`` in a script is not
#: a link. ``plaintext`` never ends.
_RAW_TEXT = frozenset(
    ("script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes")
)
_REFERENCE = re.compile(r"&(?:#([0-9]+|[xX][0-9a-fA-F]+);?|([A-Za-z][A-Za-z0-9]{0,31})(;?))")
_RAW_TEXT_ENDS = {name: re.compile("</" + name, re.IGNORECASE) for name in _RAW_TEXT}
_URL_SPACE = re.compile(r"[\t\n\r]")
_C0_AND_SPACE = "".join(chr(c) for c in range(0x21))


def attribute_value(raw: str) -> str:
    """``raw``, an attribute's value as written, with its character references decoded
    the way HTML decodes them in an attribute."""
    if "&" not in raw:
        return raw
    return _REFERENCE.sub(lambda m: _reference(m, raw), raw)


def _reference(m: re.Match[str], raw: str) -> str:
    number, name, semicolon = m.group(1), m.group(2), m.group(3)
    if number is not None:  # always decoded; what is no character reads as U+FFFD
        hexadecimal = number[0] in "xX"
        digits = (number[1:] if hexadecimal else number).lstrip("0") or "0"
        if len(digits) > 8:  # past U+10FFFF whatever it is, and `int` refuses huge ones
            return "\ufffd"
        return html.unescape(f"&#{'x' if hexadecimal else ''}{digits};")
    if semicolon and name + ";" in html5:
        return html5[name + ";"]
    # A legacy reference without its `;` (`&copy`) is decoded in an attribute only when
    # what follows is neither `=` nor alphanumeric: `?a=1&copy=2` keeps its `&copy`.
    after = raw[m.end() : m.end() + 1]
    ends = not (after == "=" or (after.isascii() and after.isalnum()))
    if not semicolon and name in html5 and ends:
        return html5[name]
    return m.group(0)


def url_of(value: str) -> str:
    """The URL a decoded attribute value names: tabs and newlines dropped, and the
    spaces and control characters around it (as a browser's URL parser does)."""
    return _URL_SPACE.sub("", value).strip(_C0_AND_SPACE)


def tag_links(s: str, start: int, end: int, joined: Joined, locator: Locator) -> list[Link]:
    """The links of the open tag ``s[start:end]`` (matched by ``OPEN_TAG``): its first
    ``href`` and its first ``src`` (a browser ignores an attribute written again)."""
    name = _TAG_NAME.match(s, start)
    if name is None:  # pragma: no cover - an open tag starts with its name
        return []
    found: list[Link] = []
    seen: set[str] = set()
    at = name.end()
    while (m := _ATTRIBUTE.match(s, at, end)) is not None:
        at = m.end()
        attribute = m.group(1).lower()
        if attribute not in _LINKING or attribute in seen:
            continue
        seen.add(attribute)
        group = next((g for g in (2, 3, 4) if m.group(g) is not None), None)
        if group is None:
            continue  # `<a href>`: no value, no link
        value = m.group(group)
        span = locator.span(joined.source(m.start(group)), joined.end_source(m.end(group)))
        destination = url_of(attribute_value(value))
        found.append(Link("html", attribute == "src", "", destination, None, None, span))
    return found


def block_links(joined: Joined, locator: Locator) -> list[Link]:
    """The links of an HTML block's tags, as a browser reads the block: none in
    comments, ``<!…>`` and ``<?…>`` (each ends at its first ``>``), or in the content
    of an element that holds text (``<script>``, ``<style>``, ``<textarea>``, …)."""
    s = joined.text
    found: list[Link] = []
    i = s.find("<")
    while i >= 0:
        if s.startswith("<!--", i):
            close = s.find("-->", i + 2)  # `<!-->` is a whole comment, as in HTML
            nxt = -1 if close < 0 else close + 3
        elif s.startswith(("<!", "<?"), i):
            close = s.find(">", i + 2)
            nxt = -1 if close < 0 else close + 1
        else:
            nxt = i + 1
            tag = _OPEN_TAG.match(s, i)
            if tag is not None:
                found.extend(tag_links(s, i, tag.end(), joined, locator))
                nxt = tag.end()
                name = _TAG_NAME.match(s, i)
                element = name.group(1).lower() if name is not None else ""
                if element == "plaintext":
                    break
                if element in _RAW_TEXT:
                    ends = _RAW_TEXT_ENDS[element].search(s, nxt)
                    nxt = -1 if ends is None else ends.end()
        if nxt < 0:
            break  # unclosed: the rest of the block is inside it
        i = s.find("<", nxt)
    return found
