"""Normalized heading text: what section names and field keys are matched against."""

from __future__ import annotations

import re
from bisect import bisect_left

from assay.grammar.memo import remember_short

# A numeric prefix: "1.", "1.2", "3)", "(4)", "IV." is left alone (rare and ambiguous).
_NUMBER = re.compile(r"^(?:\(?\d+(?:\.\d+)*[.)]?)(?:[ \t]+|$)")
_TRAILING_COMMENT = re.compile(r"[ \t]*<!--.*?-->[ \t]*$", re.DOTALL)
_MARKUP = re.compile(r"(?<![\\\w])(\*\*|__|\*|_|~~)(?=\S)(.+?)(?<=\S)\1(?!\w)")
_CODE = re.compile(r"`+([^`]*)`+")
#: The most passes ``heading_text`` makes for emphasis, one per layer of nesting.
MAX_LAYERS = 32
# `_MARKUP`'s delimiters, in the order its alternation tries them.
_DELIMITERS = ("**", "__", "*", "_", "~~")
_MARKS = re.compile(r"[*_~]")
_NEWLINE = re.compile("\n")


def without_emphasis(text: str) -> str:
    """``_MARKUP.sub(r"\\2", text)`` in time linear in the text.

    The pattern's lazy ``(.+?)`` scanned to the end of the line for each opener no
    delimiter closed (``*a *a *a …``).  Here the closers of each delimiter are listed
    once, and each opener takes the first closer past its first character (on its
    line), as the lazy group did; the openers advance, so each list is walked once.
    """
    marks = [m.start() for m in _MARKS.finditer(text)]
    if not marks:
        return text
    closers = {d: [q for q in marks if _closes(text, q, d)] for d in _DELIMITERS}
    walked = dict.fromkeys(_DELIMITERS, 0)
    newlines = [m.start() for m in _NEWLINE.finditer(text)] if "\n" in text else []
    pieces: list[str] = []
    cursor = 0
    for at in marks:
        if at < cursor or (at and (text[at - 1] == "\\" or _is_word(text[at - 1]))):
            continue
        span = _closed_span(text, at, closers, walked, newlines)
        if span is not None:
            inside, close, after = span
            pieces += (text[cursor:at], text[inside:close])
            cursor = after
    pieces.append(text[cursor:])
    return "".join(pieces)


def _closed_span(
    text: str, at: int, closers: dict[str, list[int]], walked: dict[str, int], newlines: list[int]
) -> tuple[int, int, int] | None:
    """The emphasis the opener at ``at`` starts, tried delimiter by delimiter: where
    its text starts and ends and where its closer ends; None when no closer on its
    line closes it.  Advances ``walked`` past the closers it passes."""
    for delimiter in _DELIMITERS:
        inside = at + len(delimiter)
        if not text.startswith(delimiter, at) or inside >= len(text) or text[inside].isspace():
            continue
        found, k = closers[delimiter], walked[delimiter]
        while k < len(found) and found[k] <= inside:
            k += 1
        walked[delimiter] = k
        line_end = _line_end(newlines, inside, len(text))
        if k < len(found) and found[k] <= line_end:
            return inside, found[k], found[k] + len(delimiter)
    return None


def _is_word(char: str) -> bool:
    """``\\w`` of a str pattern: what ``isalnum`` admits, and the underscore."""
    return char.isalnum() or char == "_"


def _closes(text: str, at: int, delimiter: str) -> bool:
    """True when ``delimiter`` at ``at`` may close: after a non-space, before no word."""
    after = at + len(delimiter)
    return (
        text.startswith(delimiter, at)
        and at > 0
        and not text[at - 1].isspace()
        and (after == len(text) or not _is_word(text[after]))
    )


def _line_end(newlines: list[int], at: int, length: int) -> int:
    """The offset of the first newline at or after ``at``; ``length`` when none."""
    k = bisect_left(newlines, at)
    return newlines[k] if k < len(newlines) else length


def without_trailing_comment(text: str) -> str:
    """``_TRAILING_COMMENT.sub("", text)`` without its cost: the pattern tried each
    `<!--` (and each space before one) against the rest of the text, quadratic in
    the number of openers.  Only the leftmost opener can start the match, and `$`
    matches at the end or before a final newline, which stays."""
    opener = text.find("<!--")
    if opener < 0:
        return text
    end = len(text) - 1 if text.endswith("\n") else len(text)
    body_end = len(text[:end].rstrip(" \t"))
    if not text.endswith("-->", 0, body_end) or opener + 4 > body_end - 3:
        return text
    return text[:opener].rstrip(" \t") + text[end:]


#: Headings up to this long are remembered; a longer one (a generated document's may
#: be as long as the file) is normalized each time rather than held by the cache.
CACHED_LONGEST = 200


# Records of one kind repeat their headings ("Context", "Decision"): remember them.
# Without it a cold check executes 2.2 % more instructions per record (9.51 M against
# 9.30 M, benchmarks/check_instructions.py's count).
@remember_short(longest=CACHED_LONGEST)
def heading_text(raw: str) -> str:
    """Strip a trailing HTML comment, emphasis markup, a numeric prefix and a trailing colon.

    Emphasis nested more than ``MAX_LAYERS`` deep keeps its outer layers: each layer
    is one more pass over the text, and a hostile heading must cost linear time.

    >>> heading_text("**1. Status:** <!-- required -->")
    'Status'
    """
    text = raw
    while True:
        stripped = without_trailing_comment(text)
        if stripped == text:
            break
        text = stripped
    for _ in range(MAX_LAYERS):
        stripped = without_emphasis(text)
        if stripped == text:
            break
        text = stripped
    text = _CODE.sub(r"\1", text).strip()
    text = _NUMBER.sub("", text, count=1)
    text = text.rstrip()
    if text.endswith(":"):
        text = text[:-1].rstrip()
    return " ".join(text.split())
