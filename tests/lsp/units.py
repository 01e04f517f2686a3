"""The test's own reading of the protocol's positions, written apart from the server's
(``assay.lsp.positions``): a column is cut from the line's bytes in the agreed encoding
by Python's codec, so a range that splits a character fails to decode."""

from __future__ import annotations

import re

from lsprotocol import types

#: The codec and the bytes of one code unit, per position encoding.
_CODECS = {"utf-8": ("utf-8", 1), "utf-16": ("utf-16-le", 2), "utf-32": ("utf-32-le", 4)}


def units(text: str, encoding: str) -> int:
    """How many code units ``text`` is in ``encoding``."""
    codec, width = _CODECS[encoding]
    return len(text.encode(codec)) // width


def index(line: str, character: int, encoding: str) -> int:
    """The code-point index on ``line`` of the protocol's ``character``."""
    codec, width = _CODECS[encoding]
    raw = line.encode(codec)
    assert character * width <= len(raw), (line, character, encoding)
    return len(raw[: character * width].decode(codec))  # strict: a cut character raises


def offset(text: str, position: types.Position, encoding: str) -> int:
    """The code-point offset in ``text`` of ``position``."""
    # The protocol's line endings, kept, so that each line's start is counted exactly.
    parts = re.split(r"(\r\n|\r|\n)", text)
    lines, endings = parts[::2], parts[1::2]
    start = sum(len(lines[i]) + len(endings[i]) for i in range(position.line))
    return start + index(lines[position.line], position.character, encoding)


def applied(text: str, edit: types.TextEdit, encoding: str) -> str:
    """``text`` with ``edit`` made, as an editor makes it."""
    start = offset(text, edit.range.start, encoding)
    end = offset(text, edit.range.end, encoding)
    assert start <= end, edit
    return text[:start] + edit.new_text + text[end:]


def selected(text: str, where: types.Range, encoding: str) -> str:
    """The text ``where`` covers."""
    return text[offset(text, where.start, encoding) : offset(text, where.end, encoding)]
