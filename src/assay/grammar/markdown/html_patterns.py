"""CommonMark's HTML patterns: block starts and ends, inline tags and comments."""

from __future__ import annotations

import re

_BLOCK_NAMES = (
    "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|"
    "details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|"
    "h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|"
    "optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|"
    "track|ul"
)
_ATTRIBUTE = (
    r"(?:\s+[a-zA-Z_:][a-zA-Z0-9:._-]*"
    r"(?:\s*=\s*(?:[^\"'=<>`\x00-\x20]+|'[^']*'|\"[^\"]*\"))?)"
)
OPEN_TAG = r"<[A-Za-z][A-Za-z0-9-]*" + _ATTRIBUTE + r"*\s*/?>"
CLOSE_TAG = r"</[A-Za-z][A-Za-z0-9-]*\s*>"

#: HTML block start conditions 1-7, tried in order on the line's first non-space.
BLOCK_STARTS: tuple[re.Pattern[str], ...] = (
    re.compile(r"<(?:script|pre|textarea|style)(?:[ \t\f\v]|>|$)", re.IGNORECASE),
    re.compile(r"<!--"),
    re.compile(r"<\?"),
    re.compile(r"<![A-Za-z]"),
    re.compile(r"<!\[CDATA\["),
    re.compile(r"</?(?:" + _BLOCK_NAMES + r")(?:[ \t\f\v]|/?>|$)", re.IGNORECASE),
    re.compile(r"(?:" + OPEN_TAG + "|" + CLOSE_TAG + r")[ \t\f\v]*$"),
)

#: End conditions of HTML block types 1-5 (6 and 7 end at a blank line).
BLOCK_ENDS: dict[int, re.Pattern[str]] = {
    1: re.compile(r"</(?:script|pre|textarea|style)>", re.IGNORECASE),
    2: re.compile(r"-->"),
    3: re.compile(r"\?>"),
    4: re.compile(r">"),
    5: re.compile(r"\]\]>"),
}

#: Inline raw HTML, anchored at ``<``; a comment is captured in group ``comment``.
INLINE_HTML = re.compile(
    r"(?:"
    + OPEN_TAG
    + "|"
    + CLOSE_TAG
    + r"|(?P<comment><!---?>|<!--(?:[^-]|-[^-]|--[^>])*-->)"
    + r"|<\?[\s\S]*?\?>|<![A-Za-z][^>]*>|<!\[CDATA\[[\s\S]*?\]\]>)"
)

#: Every comment inside a raw HTML block.
COMMENT = re.compile(r"<!--(?P<body>[\s\S]*?)(?:-->|\Z)")
