"""Normalized heading text: what section names and field keys are matched against."""

from __future__ import annotations

import re
from functools import lru_cache

# A numeric prefix: "1.", "1.2", "3)", "(4)", "IV." is left alone (rare and ambiguous).
_NUMBER = re.compile(r"^(?:\(?\d+(?:\.\d+)*[.)]?)(?:[ \t]+|$)")
_TRAILING_COMMENT = re.compile(r"[ \t]*<!--.*?-->[ \t]*$", re.DOTALL)
_MARKUP = re.compile(r"(?<![\\\w])(\*\*|__|\*|_|~~)(?=\S)(.+?)(?<=\S)\1(?!\w)")
_CODE = re.compile(r"`+([^`]*)`+")


def without_trailing_comment(text: str) -> str:
    """``_TRAILING_COMMENT.sub("", text)`` without its cost: the pattern tried each
    `<!--` (and each space before one) against the rest of the text, quadratic in
    the number of openers.  Only the leftmost opener can start the match."""
    if "\n" in text:  # `$` also matches before a final newline: leave that to the pattern
        return _TRAILING_COMMENT.sub("", text)
    body = text.rstrip(" \t")
    opener = text.find("<!--")
    if not body.endswith("-->") or opener < 0 or opener + 4 > len(body) - 3:
        return text
    return text[:opener].rstrip(" \t")


# Records of one kind repeat their headings ("Context", "Decision"): remember them.
@lru_cache(maxsize=4096)
def heading_text(raw: str) -> str:
    """Strip a trailing HTML comment, emphasis markup, a numeric prefix and a trailing colon.

    >>> heading_text("**1. Status:** <!-- required -->")
    'Status'
    """
    text = raw
    while True:
        stripped = without_trailing_comment(text)
        if stripped == text:
            break
        text = stripped
    previous = None
    while previous != text:
        previous = text
        text = _MARKUP.sub(r"\2", text)
    text = _CODE.sub(r"\1", text).strip()
    text = _NUMBER.sub("", text, count=1)
    text = text.rstrip()
    if text.endswith(":"):
        text = text[:-1].rstrip()
    return " ".join(text.split())
