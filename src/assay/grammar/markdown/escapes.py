"""Backslash escapes, entity references and link-label matching, as CommonMark defines them."""

from __future__ import annotations

import re

_ESCAPABLE = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
_ESCAPE_OR_ENTITY = re.compile(
    r"\\([" + re.escape(_ESCAPABLE) + r"])"
    r"|&(#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)"
)
_WHITESPACE = re.compile(r"[ \t\r\n]+")


def _replace(match: re.Match[str]) -> str:
    if match.group(1) is not None:
        return match.group(1)
    entity = match.group(2)
    if entity[0] == "#":
        number = int(entity[2:-1], 16) if entity[1] in "xX" else int(entity[1:-1])
        if number == 0 or number > 0x10FFFF or 0xD800 <= number <= 0xDFFF:
            return "\ufffd"
        return chr(number)
    from html.entities import html5  # 2,000 names: loaded for the first named entity

    return html5.get(entity, "&" + entity)


def unescape(text: str) -> str:
    """Resolve backslash escapes and entity references (only those CommonMark knows)."""
    if "\\" not in text and "&" not in text:
        return text
    return _ESCAPE_OR_ENTITY.sub(_replace, text)


def normalize_label(label: str) -> str:
    """The form under which link labels match: case-folded, inner whitespace collapsed."""
    return _WHITESPACE.sub(" ", label.strip(" \t\r\n")).casefold()
