"""Where a key (or a string in its value) stands in a TOML file.

``tomllib`` gives values without positions, and a config error without a line makes
the user search.  This scan finds the line and column of a key by its path (``("severity",
"DOC001")``), through ``[table]`` headers and dotted keys, bare or quoted.  It reads
only what assay's configuration uses: a key inside an inline table is placed at the
table's key, and where it cannot follow at all it finds nothing (the error then names
the file alone).
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

Position = tuple[int, int]


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
