"""Reading and judging the literal values of a spec: strings, names, patterns, digests.

Pure functions over token text, shared by the transformer and the reference checks.
"""

from __future__ import annotations

import re

from lark import Token

from assay.grammar.pattern_errors import Refusal
from assay.grammar.user_patterns import compiled
from assay.spec.source import Span

SHA256 = re.compile(r"[0-9a-fA-F]{64}")


def unquote(raw: str) -> str:
    """A STRING token's text: quotes removed, ``\\"`` read as ``"``, other backslashes kept."""
    # Inside a token every quote is escaped, so each ``\\"`` is one escape: a plain
    # replace, where a substitution with a function built a piece per backslash.
    return raw[1:-1].replace('\\"', '"')


def token_text(token: Token) -> str:
    """A WORD as written, or a STRING unquoted."""
    return unquote(token.value) if token.type == "STRING" else str(token.value)


def name_key(name: str) -> str:
    """How names compare: case-insensitive, runs of whitespace as one space."""
    return " ".join(name.casefold().split())


def head(span: Span, keyword: str) -> Span:
    """The span of the ASCII keyword a statement starts with."""
    n = len(keyword)
    return Span(span.start, span.start + n, span.line, span.column, span.line, span.column + n)


def start_of(token: Token) -> int:
    """Where a token starts; Lark types positions as optional, lexed tokens have them."""
    assert token.start_pos is not None
    return token.start_pos


def end_of(token: Token) -> int:
    """Where a token ends (exclusive)."""
    assert token.end_pos is not None
    return token.end_pos


def pattern_error(raw: str) -> tuple[str, int | None] | None:
    """Why RE2 refuses the pattern in STRING token text ``raw``, and where.

    The position is an offset into ``raw`` (quotes included), or None when the error
    has no position inside the string.  None when the pattern compiles.
    """
    regexp = compiled(unquote(raw))
    if isinstance(regexp, Refusal):
        return regexp.message, _raw_index(raw, regexp.at)
    return None


def _raw_index(raw: str, index: int | None) -> int | None:
    """Offset in a STRING token of character ``index`` of its unquoted text, if inside."""
    if index is None:
        return None
    i = 1  # past the opening quote
    end = len(raw) - 1  # the closing quote
    for _ in range(index):
        if i >= end:
            return None
        i += 2 if raw.startswith('\\"', i) else 1
    return i if i < end else None
