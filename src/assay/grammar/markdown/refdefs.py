"""Link reference definitions, split off the start of a paragraph as CommonMark does.

A definition (``[label]: destination "title"``) may span up to three lines: the
destination may sit on the line after the label, the title on the line after that.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assay.grammar.markdown.escapes import normalize_label, unescape

if TYPE_CHECKING:
    from assay.grammar.markdown.scanstate import Leaf

_SPACE = " \t"


def _skip_space(s: str, i: int, *, newline: bool) -> tuple[int, int]:
    """Skip spaces and tabs, and at most one line ending when ``newline``; return (pos, lines)."""
    n = len(s)
    lines = 0
    while i < n:
        ch = s[i]
        if ch in _SPACE:
            i += 1
        elif ch == "\n" and newline and lines == 0:
            lines = 1
            i += 1
        else:
            break
    return i, lines


def parse_label(s: str, i: int) -> int:
    """End (past ``]``) of a link label starting at ``s[i] == "["``, or -1."""
    n = len(s)
    j = i + 1
    while j < n and j - i <= 1000:
        ch = s[j]
        if ch == "\\" and j + 1 < n and s[j + 1] in "[]\\":
            j += 2
            continue
        if ch == "[":
            return -1
        if ch == "]":
            if not s[i + 1 : j].strip(" \t\n"):
                return -1
            return j + 1 if j - i - 1 <= 999 else -1
        j += 1
    return -1


def parse_destination(s: str, i: int) -> tuple[str, int] | None:
    """A link destination at ``i``: (raw destination, end) or None."""
    n = len(s)
    if i < n and s[i] == "<":
        j = i + 1
        while j < n:
            ch = s[j]
            if ch == "\\" and j + 1 < n:
                j += 2
                continue
            if ch in "\n<":
                return None
            if ch == ">":
                return s[i + 1 : j], j + 1
            j += 1
        return None
    depth = 0
    j = i
    while j < n:
        ch = s[j]
        if ch == "\\" and j + 1 < n and s[j + 1] in _PUNCTUATION:
            j += 2
            continue
        if ch <= " " or ch == "\x7f":
            break
        if ch == "(":
            depth += 1
            if depth > 32:
                return None
        elif ch == ")":
            if depth == 0:
                break
            depth -= 1
        j += 1
    if j == i or depth != 0:
        return None
    return s[i:j], j


def parse_title(s: str, i: int) -> tuple[str, int] | None:
    """A link title at ``i`` (``"…"``, ``'…'`` or ``(…)``): (raw title, end) or None."""
    if i >= len(s) or s[i] not in "\"'(":
        return None
    close = ")" if s[i] == "(" else s[i]
    j = i + 1
    n = len(s)
    while j < n:
        ch = s[j]
        if ch == "\\" and j + 1 < n:
            j += 2
            continue
        if ch == close:
            return s[i + 1 : j], j + 1
        if close == ")" and ch == "(":
            return None
        if ch == "\n" and j + 1 < n and s[j + 1] == "\n":
            return None  # a blank line ends the title
        j += 1
    return None


def _line_end(s: str, i: int) -> int:
    """Past the line ending at or after ``i`` if only spaces are between, else -1."""
    i, _ = _skip_space(s, i, newline=False)
    if i >= len(s):
        return i
    return i + 1 if s[i] == "\n" else -1


def parse_definition(s: str, i: int) -> tuple[str, str, str | None, int] | None:
    """One definition at ``i``: (label, destination, title, end past its line) or None."""
    if i >= len(s) or s[i] != "[":
        return None
    end_label = parse_label(s, i)
    if end_label < 0 or end_label >= len(s) or s[end_label] != ":":
        return None
    label = s[i + 1 : end_label - 1]
    if label.startswith("^"):
        return None  # a footnote definition (GFM), not a link
    j, _ = _skip_space(s, end_label + 1, newline=True)
    dest = parse_destination(s, j)
    if dest is None:
        return None
    raw_dest, j = dest
    after_dest = j
    k, _ = _skip_space(s, j, newline=True)
    title = parse_title(s, k) if k > j else None
    if title is not None:
        end = _line_end(s, title[1])
        if end >= 0:
            return label, unescape(raw_dest), unescape(title[0]), end
    end = _line_end(s, after_dest)
    if end < 0:
        return None
    return label, unescape(raw_dest), None, end


def split_definitions(para: Leaf) -> list[Leaf]:
    """Remove definitions from the start of a paragraph; return them as leaves.

    The paragraph keeps its remaining lines (possibly none).
    """
    from assay.grammar.markdown.scanstate import Leaf

    segments = para.segments
    if not segments or not segments[0].text.startswith("["):
        return []
    content = "\n".join(seg.text for seg in segments)
    found: list[Leaf] = []
    pos = 0
    used = 0  # segments consumed
    while pos < len(content) and content[pos] == "[":
        parsed = parse_definition(content, pos)
        if parsed is None:
            break
        label, destination, title, end = parsed
        # ``end`` is past a line ending, or at the end of the paragraph's last line.
        consumed = content.count("\n", pos, end) + (1 if end >= len(content) else 0)
        first = segments[used]
        last = segments[used + max(consumed, 1) - 1]
        leaf = Leaf("def", first.line, first.start)
        leaf.end = last.start + len(last.text) - last.virtual
        leaf.extra = (label, normalize_label(label), destination, title)
        found.append(leaf)
        used += max(consumed, 1)
        pos = end
    if found:
        del segments[:used]
        if segments:
            para.start = segments[0].start
            para.line = segments[0].line
    return found


_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
__all__ = [
    "parse_definition",
    "parse_destination",
    "parse_label",
    "parse_title",
    "split_definitions",
]
