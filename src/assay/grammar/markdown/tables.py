"""GFM tables: when a line and the delimiter row under it start one (as markdown-it reads them)."""

from __future__ import annotations

import re

_DELIMITER_ROW = re.compile(r"[|:-][|: \t-]*$")
_DELIMITER_CELL = re.compile(r":?-+:?$")
_CELL_BOUNDARY = re.compile(r"(?<!\\)\|")


def table_header(header: str, row: str) -> bool:
    """Whether ``row`` (from its first non-blank character) is a delimiter row that
    makes the line ``header`` a table's header row: as many columns in both."""
    # markdown-it wants two characters at least ("|" alone is no delimiter row), and
    # a "-" then a space is a list item.
    if len(row) < 2 or not _DELIMITER_ROW.match(row) or "|" not in header:
        return False
    if row[0] == "-" and row[1] in " \t":
        return False
    cells = row.strip().split("|")
    aligns = 0
    for i, cell in enumerate(cells):
        cell = cell.strip(" \t")
        if not cell:
            if i in (0, len(cells) - 1):
                continue
            return False
        if not _DELIMITER_CELL.match(cell):
            return False
        aligns += 1
    # A table has one column at least.
    return aligns > 0 and header_cells(header.strip(" \t")) == aligns


def header_cells(row: str) -> int:
    """How many cells a table row has, as markdown-it counts them (``\\|`` escapes)."""
    cells = _CELL_BOUNDARY.split(row)
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return len(cells)
