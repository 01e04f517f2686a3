"""Where a key (or a string in its value) stands in a TOML file.

``tomllib`` gives values without positions, and a config error without a line makes
the user search.  This scan finds the line and column of a key by its path (``("severity",
"DOC001")``), through ``[table]`` headers and dotted keys, bare or quoted.  It reads
only what assay's configuration uses: a key inside an inline table is placed at the
table's key, and where it cannot follow at all it finds nothing (the error then names
the file alone).  ``top_level`` places the keys and values above the first table
header, for a manifest read as fields (an analysis run's ``run.toml``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: One key part: bare, "basic" or 'literal' (escapes are rare in config keys: kept as
#: written, so a key with an escape is simply not found).
_PART = r"""(?:[A-Za-z0-9_-]+|"[^"\\\n]*"|'[^'\n]*')"""
_DOTTED = rf"{_PART}(?:[ \t]*\.[ \t]*{_PART})*"
_HEADER = re.compile(rf"[ \t]*\[\[?[ \t]*(?P<key>{_DOTTED})[ \t]*\]\]?[ \t]*(?:#.*)?$")
_ASSIGNMENT = re.compile(rf"[ \t]*(?P<key>{_DOTTED})[ \t]*=")
_PARTS = re.compile(_PART)
_LINES = re.compile(r"[^\n]*\n|[^\n]+\Z")

Position = tuple[int, int]

#: The most parts one dotted key (or table header) may have.  ``tomllib`` is quadratic
#: in the parts of one key (100,000 take over a minute); assay's own keys have two.
MAX_KEY_PARTS = 32
# MAX_KEY_PARTS + 1 parts joined by dots, starting where no part could go on: anchored
# so that a search tries each start once and stops after a fixed number of parts,
# which keeps the scan linear in the file's size.
_TOO_MANY_PARTS = re.compile(
    rf"(?<![A-Za-z0-9_\-\"'])(?:{_PART}[ \t]*\.[ \t]*){{{MAX_KEY_PARTS}}}{_PART}"
)


def too_many_parts(text: str) -> Position | None:
    """1-based line and column of the first dotted key of more than ``MAX_KEY_PARTS``
    parts, or None; checked before ``tomllib`` sees the text.  (A string value of that
    many names joined by dots is found too: no TOML assay reads holds one.)"""
    found = _TOO_MANY_PARTS.search(text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    return line, found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1


def _parts(dotted: str) -> tuple[str, ...]:
    return tuple(part[1:-1] if part[0] in "\"'" else part for part in _PARTS.findall(dotted))


def key_position(text: str, path: Sequence[str]) -> Position | None:
    """1-based line and column of the key at ``path`` (its last part), or None."""
    wanted = tuple(path)
    table: tuple[str, ...] = ()
    enclosing = None  # `a = { b = 1 }`, when `a.b` is wanted: the inline table's key
    for number, line in enumerate(text.splitlines(), start=1):
        if header := _HEADER.match(line):
            table = _parts(header["key"])
            if table == wanted:
                return number, line.index("[") + 1
            continue
        if assignment := _ASSIGNMENT.match(line):
            full = table + _parts(assignment["key"])
            if full[: len(wanted)] == wanted:  # `a.b = 1` places `a`, when `a` is wanted
                return number, assignment.start("key") + 1
            if enclosing is None and wanted[: len(full)] == full:
                enclosing = number, assignment.start("key") + 1
    return enclosing


def string_position(text: str, path: Sequence[str], value: str) -> Position | None:
    """1-based line and column of the string ``value`` in the value of the key at
    ``path`` (a list entry, say); the key's own position when the string is not
    found; None when the key is not found either."""
    at = key_position(text, path)
    if at is None:
        return None
    lines = text.splitlines()
    line, column = at
    for quoted in (f'"{value}"', f"'{value}'"):
        for index in range(line - 1, len(lines)):
            start = lines[index].find(quoted, column - 1 if index == line - 1 else 0)
            if start >= 0:
                return index + 1, start + 1
            following = lines[index]
            if index > line - 1 and (_ASSIGNMENT.match(following) or _HEADER.match(following)):
                break  # the next key: the value has ended
    return at


#: Character offsets of a top-level key and of its value: key start and end, value start
#: and end (the value as written: a string with its quotes).
Extent = tuple[int, int, int, int]


def top_level(text: str) -> dict[str, Extent]:
    """Where each one-part key before the first table header stands, and its value.

    For TOML that ``tomllib`` accepted: a string value ends at its closing quote (a
    multi-line one too), any other value at a comment or the end of its line (an array
    over several lines is placed by its first line).
    """
    found: dict[str, Extent] = {}
    offset = 0
    lines = _LINES.findall(text)  # TOML ends lines at `\n` only (U+2028 may be in a string)
    index = 0
    while index < len(lines):
        line = lines[index]
        start = offset
        offset += len(line)
        index += 1
        if _HEADER.match(line):
            break
        assignment = _ASSIGNMENT.match(line)
        if assignment is None:
            continue
        parts = _parts(assignment["key"])
        if len(parts) != 1 or parts[0] in found:
            continue
        after = assignment.end()
        value_start = after + len(line[after:]) - len(line[after:].lstrip(" \t"))
        quote = next((q for q in _QUOTES if line.startswith(q, value_start)), None)
        if quote is not None:
            end = _string_end(text, start + value_start + len(quote), quote)
            while offset < end and index < len(lines):  # a multi-line string's lines
                offset += len(lines[index])
                index += 1
        else:
            rest = line[value_start:].split("#", 1)[0].rstrip()
            end = start + value_start + len(rest)
        found[parts[0]] = (
            start + assignment.start("key"),
            start + assignment.end("key"),
            start + value_start,
            end,
        )
    return found


#: Deeper than any config needs (three levels), far below what ends Python's stack.
MAX_NESTING = 100
_QUOTES = ('"""', "'''", '"', "'")


def too_deep(text: str) -> Position | None:
    """1-based line and column of the first ``[`` or ``{`` inside a value that opens
    level ``MAX_NESTING + 1``, or None.  Strings and comments are passed over; table
    headers (``[a]``, ``[[a]]``) open and close on their line, so they never get deep."""
    depth = 0
    line, line_start = 1, 0
    index, size = 0, len(text)
    while index < size:
        char = text[index]
        if char == "\n":
            line, line_start = line + 1, index + 1
        elif char == "#":
            end = text.find("\n", index)
            index = size if end < 0 else end
            continue
        elif char in "\"'":
            quote = next(q for q in _QUOTES if text.startswith(q, index))
            end = _string_end(text, index + len(quote), quote)
            newlines = text.count("\n", index, end)  # a multi-line string moves lines on
            if newlines:
                line, line_start = line + newlines, text.rindex("\n", index, end) + 1
            index = end
            continue
        elif char in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return line, index - line_start + 1
        elif char in "]}":
            depth = max(0, depth - 1)
        index += 1
    return None


def _string_end(text: str, start: int, quote: str) -> int:
    """The offset just past the string whose body starts at ``start``."""
    index = start
    while True:
        end = text.find(quote, index)
        if end < 0:
            return len(text)
        if quote[0] == '"' and _escaped(text, end):
            index = end + 1
            continue
        if len(quote) == 1 and "\n" in text[start:end]:
            return text.index("\n", start)  # a one-line string cannot go on: TOML's error
        return end + len(quote)


def _escaped(text: str, at: int) -> bool:
    backslashes = 0
    while at - backslashes - 1 >= 0 and text[at - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def too_long(text: str) -> Position | None:
    """1-based line and column of the first decimal integer (``_`` allowed between
    digits) longer than Python converts, or None."""
    import sys

    limit = sys.get_int_max_str_digits()
    if not limit:  # no limit set: no integer is too long
        return None
    for number, line in enumerate(text.splitlines(), start=1):
        for match in _DIGITS.finditer(line):
            if len(match[0].replace("_", "")) > limit:
                return number, match.start() + 1
    return None


_DIGITS = re.compile(r"(?<![0-9A-Za-z_])[0-9](?:_?[0-9])*")
