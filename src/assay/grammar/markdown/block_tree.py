"""The block tree being built: the open containers, the open leaf, and the tokens emitted.

A container (block quote, list, list item) opens and closes around its content; a
leaf block (paragraph, heading, code, HTML, table, break) gathers its lines, then
becomes one token with its model.  A list item holding at most one leaf, and a list of
such items, become one token each: most lists are like that, and fewer tokens make
parsing cheaper.  Shared by the line procedure (``blockscan``) and the fast lane
(``fastlane``), which both build the same tree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assay.grammar.markdown.html_patterns import BLOCK_ENDS
from assay.grammar.markdown.leaves import list_model, to_model
from assay.grammar.markdown.line_cursor import LineCursor
from assay.grammar.markdown.refdefs import split_definitions
from assay.grammar.markdown.scanstate import LEAF_TOKENS, BlockToken, Container, Leaf, Scan, Segment
from assay.spec.document import ListItem

if TYPE_CHECKING:
    from assay.grammar.locate import Locator


class BlockTree(LineCursor):
    """The containers open on the current line, the leaf being read, and the output."""

    def __init__(self, locator: Locator) -> None:
        super().__init__()
        self.locator = locator
        self.text = locator.text
        self.starts = locator.line_starts
        self.out = Scan()
        self.stack: list[Container] = [Container("document", 0, 0)]
        self.tip: Leaf | None = None

    def emit(self, kind: str, node: Leaf | Container, start: int, end: int, line: int) -> None:
        """Append the token for ``node`` (a leaf's model, or a container's edge)."""
        model: object
        if isinstance(node, Leaf):
            value, model = "", to_model(node, self.locator, self.out.collected)
        elif kind.endswith("_OPEN"):
            value, model = node.marker, None
        else:
            value, model = node.marker, self.locator.span(node.start, node.end)
        self.out.tokens.append(BlockToken(kind, value, start, line + 1, end, model))

    def emit_definitions(self, definitions: list[Leaf]) -> None:
        """Emit link reference definitions and record each under its label."""
        for leaf in definitions:
            self.emit("DEF", leaf, leaf.start, leaf.end, leaf.line)
            self.out.definitions.append((leaf.extra[1], self.out.tokens[-1].node))  # type: ignore[index]

    def close_leaf(self) -> None:
        """Finish the open leaf block, if any, and emit it."""
        leaf = self.tip
        if leaf is None:
            return
        self.tip = None
        # The leaf's last line may not have gone through add_line (a closing fence, an
        # ATX heading, a setext underline): its container must still reach it.
        container = self.stack[-1]
        container.end = max(container.end, leaf.end)
        finish_leaf(self, leaf)

    def close_container(self) -> None:
        """Close the innermost container (and its open leaf), emitting its edges."""
        self.close_leaf()
        node = self.stack.pop()
        if (node.kind == "item" and self.simple_item(node)) or (
            node.kind == "list" and self.simple_list(node)
        ):
            pass
        else:
            kind = {"quote": "QUOTE_CLOSE", "list": "LIST_CLOSE", "item": "ITEM_CLOSE"}[node.kind]
            self.emit(kind, node, node.end, node.end, node.line)
        parent = self.stack[-1]
        parent.end = max(parent.end, node.end)

    def simple_item(self, node: Container) -> bool:
        """Emit a list item that holds at most one leaf block as one ``ITEM`` token.

        Most list items are one paragraph; three tokens for each would make the parser
        the slowest stage.  The sectioner reads ``ITEM`` wherever an item may stand.
        """
        tokens = self.out.tokens
        if tokens[-1].type == "ITEM_OPEN":
            blocks: tuple[Any, ...] = ()
            del tokens[-1]
        elif tokens[-1].type in LEAF_TOKENS and len(tokens) > 1 and tokens[-2].type == "ITEM_OPEN":
            blocks = (tokens[-1].node,)
            del tokens[-2:]
        else:
            return False
        span = self.locator.span(node.start, node.end)
        item = ListItem(node.marker, blocks, span)
        tokens.append(BlockToken("ITEM", node.marker, node.start, node.line + 1, node.end, item))
        return True

    def simple_list(self, node: Container) -> bool:
        """Emit a list whose items are all ``ITEM`` tokens as one ``LIST`` token."""
        tokens = self.out.tokens
        items = tokens[node.first_token + 1 :]
        if not items or any(t.type != "ITEM" for t in items):
            return False
        model = list_model(
            node.marker, [t.node for t in items], self.locator.span(node.start, node.end)
        )
        del tokens[node.first_token :]
        tokens.append(BlockToken("LIST", node.marker, node.start, node.line + 1, node.end, model))
        return True

    def open_container(self, node: Container) -> None:
        """Open a block quote, list or list item inside the right parent."""
        self.close_leaf()
        parent = self.stack[-1]
        if node.kind == "item":
            while parent.kind != "list":
                self.close_container()
                parent = self.stack[-1]
        else:
            while parent.kind == "list":
                self.close_container()
                parent = self.stack[-1]
        parent.has_children = True
        node.first_token = len(self.out.tokens)
        self.stack.append(node)
        kind = {"quote": "QUOTE_OPEN", "list": "LIST_OPEN", "item": "ITEM_OPEN"}[node.kind]
        self.emit(kind, node, node.start, node.start, node.line)

    def open_leaf(self, leaf: Leaf) -> None:
        """Start a leaf block, closing the open leaf and any list it cannot continue."""
        self.close_leaf()
        while self.stack[-1].kind == "list":
            self.close_container()
        self.stack[-1].has_children = True
        self.tip = leaf

    def close_unmatched(self, matched: int) -> None:
        """Close containers deeper than ``matched`` (an index into the stack)."""
        while len(self.stack) - 1 > matched:
            self.close_container()

    def take_line(self, leaf: Leaf | None) -> None:
        """Add the line to a block that takes lines verbatim; close HTML at its end marker."""
        assert leaf is not None
        self.add_line(leaf)
        if (
            leaf.kind == "html"
            and leaf.level <= 5
            and BLOCK_ENDS[leaf.level].search(self.line, self.offset)
        ):
            self.close_leaf()

    def add_line(self, leaf: Leaf) -> None:
        """Add the rest of the current line to the open leaf ``leaf``."""
        segment = self.rest()
        if leaf.kind in ("para", "table"):
            stripped = segment.text.lstrip(" \t")
            cut = len(segment.text) - len(stripped)
            real = max(0, cut - segment.virtual)
            segment = Segment(segment.line, segment.start + real, stripped, 0, self.indent)
        leaf.segments.append(segment)
        leaf.end = self.line_end()
        self.stack[-1].end = max(self.stack[-1].end, leaf.end)


def finish_leaf(scanner: BlockTree, leaf: Leaf) -> None:
    """Emit a leaf that has just closed, after its last-moment decisions."""
    kind = leaf.kind
    if kind == "para":
        scanner.emit_definitions(split_definitions(leaf))
        if leaf.segments:
            scanner.emit("PARA", leaf, leaf.start, leaf.end, leaf.line)
    elif kind == "heading":
        scanner.emit(f"H{leaf.level}", leaf, leaf.start, leaf.end, leaf.line)
    elif kind == "indented":
        while leaf.segments and not leaf.segments[-1].text.strip(" \t"):
            leaf.segments.pop()
        if leaf.segments:
            last = leaf.segments[-1]
            leaf.end = last.start + len(last.text) - last.virtual
        scanner.emit("INDENTED", leaf, leaf.start, leaf.end, leaf.line)
    else:
        token = {"fence": "FENCE", "html": "HTML", "table": "TABLE", "hr": "HR"}[kind]
        scanner.emit(token, leaf, leaf.start, leaf.end, leaf.line)
