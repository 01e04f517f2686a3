"""What the fast lane's readers share: the line patterns they test, and the hand-on of a
finished block as the token the line procedure would make.

The patterns err on the side of "not sure": a line they match goes to the procedure.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assay.grammar.markdown.scanstate import RUN_TOKENS, BlockToken

if TYPE_CHECKING:
    from assay.grammar.markdown.block_tree import BlockTree

#: Line breaks ``str.splitlines`` knows and CommonMark does not.
ODD_BREAKS = re.compile("[\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
#: A line that may start a block where nothing is open (or in a list item's first
#: line): indentation, quotes, headings, fences, HTML, list items, thematic breaks.
#: ``[`` too: a paragraph starting with one may hold link definitions.
STARTS_BLOCK = re.compile(
    r"[ \t>\[<]|#{1,6}(?:[ \t]|$)|`{3}|~{3}|[*+-](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)"
    r"|(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$|(?:-[ \t]*){3,}$"
)
#: A line that may end an open paragraph or change what it is (a setext underline or
#: a table's delimiter row after it), or that continues it with indentation.
MAY_INTERRUPT = re.compile(r"[ \t>#`~<=|:+-]|\*(?:[ \t]|$|\*[ \t]*\*)|_[ \t]*_[ \t]*_|\d{1,9}[.)]")
#: First characters of a line that may start a table's delimiter row.
DELIMITER_FIRST = frozenset("|:-")
#: First characters of a line after a table that may start a block instead of a row.
ROW_UNSURE = frozenset("#`~*+_=<>-0123456789 \t:")
#: The start of an item's text that may be more than a paragraph (``[`` only when the
#: line may hold a link definition).
ITEM_UNSURE = re.compile(
    r"[ \t>]|\[(?=.*\]:)|<|#{1,6}(?:[ \t]|$)|`{3}|~{3}|[*+-](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)"
    r"|(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$|(?:-[ \t]*){3,}$"
)
#: First characters of a line at the left margin that may not continue an item lazily.
LAZY_UNSURE = frozenset("#`~*+_=<>-0123456789 \t:|[")
ATX = re.compile(r"#{1,6}(?:[ \t]+|$)")
FENCE = re.compile(r"`{3,}(?!.*`)|~{3,}")
CLOSING_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})[ \t]*$")
#: A list item whose marker is followed by one space and then text.
ITEM = re.compile(r"(?:([*+-])|(\d{1,9})([.)])) (?=[^ \t])")
#: First characters of a list item's marker.
ITEM_FIRST = frozenset("*+-0123456789")
ANY_ITEM = re.compile(r"[*+-](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)")


def close_block(
    scanner: BlockTree, kind: str, start: int, end: int, line: int, model: object
) -> None:
    """Hand on a finished block, as the procedure's ``emit`` does; consecutive blocks
    that are never sections go as one ``RUN`` token, as ``blockscan._runs`` would
    merge them.  (The procedure also widens the document's own container; nothing
    reads that.)
    """
    tokens = scanner.out.tokens
    if kind in RUN_TOKENS:
        if tokens and tokens[-1].type == "RUN":
            tokens[-1].node.append(model)
            return
        tokens.append(BlockToken("RUN", "", start, line + 1, end, [model]))
        return
    tokens.append(BlockToken(kind, "", start, line + 1, end, model))
