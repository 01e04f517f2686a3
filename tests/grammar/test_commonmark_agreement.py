"""assay's Markdown reader agrees with markdown-it (CommonMark + GFM tables) on structure.

Compared per document, in order:

(a) headings at the top level (the ones that become sections): level and text;
(b) fenced code blocks anywhere: their 0-based ``[start, end)`` line range;
(c) link and image destinations, autolinks included, in document order;
(d) GFM tables anywhere: line range, header cells and rows;
(e) the block tree: every paragraph, heading, code block, HTML block, thematic break
    and table with its first line, lists (ordered, start) with their items, and block
    quotes, each with what it holds, in order — containers and sections nest as the
    renderer nests them.

Besides the hand-written cases and generated documents, every Markdown record of the
ecosystem corpus (``tests/ecosystem/repos``) is compared whole, save those that reach
one of the places below where markdown-it reads otherwise.

The oracle is markdown-it-py's ``commonmark`` preset with its ``table`` rule enabled:
the reader follows CommonMark 0.31 for blocks and markdown-it's table rule for tables.

Where markdown-it leaves the CommonMark spec
--------------------------------------------
markdown-it passes the spec's examples, but generated documents reach corners where it
does not do what the spec (and cmark, the reference implementation) does.  Generated
documents that reach one are excluded from the comparison by a named filter on the
generator (:func:`follows_the_spec`), which instruments markdown-it to notice the
deviation as it parses.  Each is a construct, named here with a minimal example and
what the spec says:

``indented-quote-marker``
    ``">\n    > a"``: a ``>`` indented 4+ columns past its container still continues an
    open block quote in markdown-it; in CommonMark it is indented code (or lazy text).
``eager-definition``
    ``"[a]: /u\n    b"``: markdown-it takes a link reference definition out of the
    block stream before the paragraph it opens is done, so the next line starts
    afresh (here indented code; likewise ``2.`` lists, ``-`` items and lazy lines);
    CommonMark reads the line as the paragraph's continuation. Likewise ``"[a]:\n==="``:
    markdown-it takes ``===`` for the destination, CommonMark for a heading's underline.
``table-first``
    ``"- a|b\n  -|-"``: markdown-it tries its table rule before every other block
    rule, so a header line that opens a list item, a quote, a heading, a fence or an
    HTML block becomes a table header (a cell ``- a``); GFM takes a header row only
    from paragraph text, so the other block opens there.
``nested-label``
    ``"[a][[b]]"``: markdown-it reads ``[[b]]`` as a (nested) link label; CommonMark
    labels cannot hold brackets, so ``[a]`` is a shortcut reference.
``nested-quote-tab``
    ``">>1)\t a"``: inside two block quotes markdown-it loses the outer quote's columns
    when expanding tabs, so tab stops fall elsewhere than CommonMark's.
``empty-item-blank-lines``
    ``"-\n\n\n-"``: an empty list item followed by two blank lines ends the list in
    markdown-it, so the next item starts another; in CommonMark the empty item ends at
    the first blank line and the next item belongs to the same list.
``footnote-definition``
    ``"[^1]: <https://x.example>"``: a GFM footnote definition, which GitHub reads
    as one and assay, as GitHub does, as no link reference definition (its text is a
    paragraph); markdown-it's CommonMark preset takes it for a link reference
    definition, since CommonMark has no footnotes.
``outdented-lazy-line``
    ``"1.   a\n    # b"``: a line short of the list item's content column that starts
    no block where it stands (here 4 columns past the enclosing container) is a lazy
    continuation in CommonMark; markdown-it judges it against the item (or takes it
    for a table header) and ends the paragraph and the item.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.rules_block.state_block import StateBlock
from markdown_it.token import Token

from assay import parse_document
from assay.grammar.locate import Locator
from assay.grammar.markdown.frontmatter import front_matter_lines
from assay.spec.document import (
    Block,
    BlockQuote,
    CodeBlock,
    Document,
    Heading,
    HtmlBlock,
    ListBlock,
    Paragraph,
    Section,
    Table,
    ThematicBreak,
)
from tests.conftest import ROOT
from tests.grammar.markdown_strategies import documents, markdown_lines

CASES = Path(__file__).parent / "cases" / "markdown"
CASE_FILES = sorted(CASES.glob("*.md"))
BOM = b"\xef\xbb\xbf"

Outline = dict[str, list[Any]]


def _oracle() -> MarkdownIt:
    md = MarkdownIt("commonmark").enable("table")
    # markdown-it drops links whose destination starts with javascript:, vbscript:,
    # file: or data: (a rendering safety policy, not CommonMark); assay reports every
    # link, so the oracle must see them all.
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    return md


MD = _oracle()


def markdown_it_outline(text: str) -> Outline:
    """Headings, fences, link destinations and tables as markdown-it reads ``text``."""
    # Nesting is bounded by the number of characters, so this limit is never reached
    # and never truncates the oracle's reading.
    MD.options["maxNesting"] = len(text) + 20
    tokens = MD.parse(text)
    headings = []
    fences = []
    links: list[str] = []
    tables: list[list[int]] = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.level == 0:
            headings.append((int(token.tag[1]), tokens[index + 1].content))
        elif token.type == "fence":
            assert token.map is not None
            fences.append(tuple(token.map))
        elif token.type == "inline":
            links.extend(_destinations(token.children or []))
        elif token.type == "table_open":
            assert token.map is not None
            tables.append([*token.map, 0, 0])
        elif token.type == "tr_open":
            tables[-1][3] += 1
        elif token.type == "th_open":
            tables[-1][2] += 1
    return {
        "headings": headings,
        "fences": fences,
        "links": links,
        "tables": [tuple(t) for t in tables],
        "blocks": markdown_it_tree(tokens),
    }


#: markdown-it's leaf block tokens, and the opening tokens of what holds others.
_LEAVES = {"fence": "code", "code_block": "code", "html_block": "html", "hr": "hr"}
_OPENINGS = {
    "paragraph_open": "p",
    "heading_open": "h",
    "table_open": "table",
    "blockquote_open": "quote",
    "list_item_open": "item",
    "bullet_list_open": "list",
    "ordered_list_open": "list",
}


def markdown_it_tree(tokens: list[Token]) -> list[Any]:
    """The block tree markdown-it's tokens describe (``assay_tree``'s shape)."""
    top: list[Any] = []
    holders = [top]
    inside = 0  # the depth inside a paragraph, heading or table: their tokens are theirs
    for token in tokens:
        if inside:
            inside += token.nesting
            continue
        line = token.map[0] if token.map else -1
        kind = _LEAVES.get(token.type) or _OPENINGS.get(token.type)
        if kind in ("code", "html", "hr", "p", "table"):
            holders[-1].append((kind, line))
            inside = 1 if token.nesting == 1 else 0
        elif kind == "h":
            holders[-1].append(("h", int(token.tag[1]), line))
            inside = 1
        elif kind == "list":
            ordered = token.type == "ordered_list_open"
            start = int(token.attrs.get("start", 1)) if ordered else None
            holders[-1].append(("list", ordered, start, line, held := []))
            holders.append(held)
        elif kind is not None:
            holders[-1].append((kind, line, held := []))
            holders.append(held)
        elif token.nesting == -1:
            holders.pop()
    return top


def _destinations(children: list[Token]) -> Iterator[str]:
    for child in children:
        if child.type == "link_open":
            yield str(child.attrs["href"])
        elif child.type == "image":
            yield str(child.attrs["src"])
            yield from _destinations(child.children or [])


_TEXT_BRACKET = re.compile(r"(?<!\\)\[")
#: markdown-it's tokens that close a container.
_CONTAINER_ENDS = ("bullet_list_close", "ordered_list_close", "blockquote_close")
#: An empty list item followed by two blank lines or more.
_EMPTY_ITEM = re.compile(r"^[ \t>]*(?:[-+*]|\d{1,9}[.)])[ \t]*\r?\n(?:[ \t>]*\r?\n){2}", re.M)
#: A setext heading's underline.
_UNDERLINE = re.compile(r" {0,3}(?:=+|-+)[ \t]*(?:\n|$)")
#: Where tabs decide block structure: indentation, quote markers and list markers.
_PREFIX = re.compile(r"(?:[ \t>]|[-+*](?=[ \t])|[0-9]{1,9}[.)](?=[ \t]))*")


class _Deviations:
    """markdown-it, instrumented to name the places where it leaves CommonMark's path."""

    def __init__(self) -> None:
        self.md = _oracle()
        self.found: set[str] = set()
        self.definitions: list[tuple[int, int]] = []
        self.frames: list[tuple[int, bool]] = []
        self.quotes = 0
        ruler = self.md.block.ruler
        for name, wrap in (
            ("blockquote", self._blockquote),
            ("reference", self._reference),
            ("table", self._table),
        ):
            rule = ruler.__rules__[ruler.__find__(name)]
            ruler.at(name, wrap(rule.fn), {"alt": list(rule.alt)})
        #: The rules of blocks that can start on a line of paragraph text, tables aside.
        self._starts = [
            ruler.__rules__[ruler.__find__(name)].fn
            for name in ("fence", "blockquote", "hr", "list", "html_block", "heading")
        ]
        self._tokenize = self.md.block.tokenize
        self.md.block.tokenize = self._tokenize_frame  # type: ignore[method-assign]
        helpers = self.md.helpers
        self._parse_label = helpers.parseLinkLabel
        self.md.helpers = SimpleNamespace(  # type: ignore[assignment]
            parseLinkLabel=self._label,
            parseLinkDestination=helpers.parseLinkDestination,
            parseLinkTitle=helpers.parseLinkTitle,
        )

    def __call__(self, text: str) -> set[str]:
        self.found = {"empty-item-blank-lines"} if _EMPTY_ITEM.search(text) else set()
        self.definitions = []
        self.md.options["maxNesting"] = len(text) + 20
        tokens = self.md.parse(text)
        for line, level in self.definitions:
            if not any(
                t.type in ("paragraph_open", "heading_open")
                and t.map
                and t.map[0] == line
                and t.level == level
                for t in tokens
            ):
                self.found.add("eager-definition")
        return self.found

    def _blockquote(self, rule: Any) -> Any:
        def blockquote(state: StateBlock, start: int, end: int, silent: bool) -> bool:
            if silent:
                return bool(rule(state, start, end, silent))
            s_count, b_marks, t_shift = list(state.sCount), list(state.bMarks), list(state.tShift)
            self.quotes += 1
            try:
                ok = rule(state, start, end, silent)
            finally:
                self.quotes -= 1
            for line in range(start, state.line if ok else start):
                pos = b_marks[line] + t_shift[line]
                if (
                    line > start
                    and state.src[pos : pos + 1] == ">"
                    and s_count[line] - state.blkIndent >= 4
                ):
                    self.found.add("indented-quote-marker")
                prefix = _PREFIX.match(state.src, b_marks[line]).group(0)  # type: ignore[union-attr]
                if self.quotes >= 1 and "\t" in prefix[prefix.find(">") + 1 :] and ">" in prefix:
                    self.found.add("nested-quote-tab")
            return bool(ok)

        return blockquote

    def _reference(self, rule: Any) -> Any:
        def reference(state: StateBlock, start: int, end: int, silent: bool) -> bool:
            ok = bool(rule(state, start, end, silent))
            first = state.bMarks[start] + state.tShift[start]
            if ok and state.src.startswith("[^", first):
                self.found.add("footnote-definition")
            after = state.line
            last = len(state.bMarks) - 1
            if (
                ok
                and not silent
                and any(
                    _UNDERLINE.match(state.src, state.bMarks[line])
                    for line in range(start + 1, after)
                )
            ):
                # A line the definition took for its destination or title is a setext
                # underline in CommonMark, which settles the paragraph (a heading)
                # before any definition is read out of it.
                self.found.add("eager-definition")
            if ok and not silent and after < last and not state.isEmpty(after):
                # The definition's paragraph may go on lazily on a line short of the
                # item, where markdown-it's paragraph rule never looks.
                self._outdented_lazy(state, after, last, state.blkIndent)
            # Another definition right after is read as CommonMark reads it.
            if (
                ok
                and not silent
                and self._continues_paragraph(state, after, end)
                and not rule(state, after, end, True)
            ):
                self.definitions.append((after, state.level))
            elif (
                ok
                and not silent
                and state.level > 0
                and state.lineMax <= after < len(state.bMarks) - 1
                and not state.isEmpty(after)
            ):
                # Inside a container, the line after the definition lies past the
                # container's range: CommonMark may continue the definition's paragraph
                # there lazily, which markdown-it cannot see.  Counted as this
                # deviation, conservatively (an interrupting block would not be lazy).
                self.found.add("eager-definition")
            return ok

        return reference

    def _continues_paragraph(self, state: StateBlock, line: int, end: int) -> bool:
        """Whether a paragraph open before ``line`` would go on there (markdown-it's test)."""
        if line >= state.lineMax or state.isEmpty(line):
            return False
        if state.sCount[line] - state.blkIndent > 3 or state.sCount[line] < 0:
            return True
        parent, state.parentType = state.parentType, "paragraph"
        try:
            rules = state.md.block.ruler.getRules("paragraph")
            return not any(rule(state, line, end, True) for rule in rules)
        finally:
            state.parentType = parent

    def _table(self, rule: Any) -> Any:
        def table(state: StateBlock, start: int, end: int, silent: bool) -> bool:
            closed = state.tokens[-1].type if state.tokens else ""  # before the table's
            ok = bool(rule(state, start, end, silent))
            after_text = start > 0 and not state.isEmpty(start - 1)
            if ok and not silent and after_text and closed in _CONTAINER_ENDS:
                # Right after a list or quote that held a paragraph: CommonMark reads
                # the header line as that paragraph's lazy continuation.
                self.found.add("outdented-lazy-line")
            if (
                ok
                and not silent
                and self._starts_block(state, start, end, state.blkIndent, after_text)
            ):
                self.found.add("table-first")
            return ok

        return table

    def _tokenize_frame(self, state: StateBlock, start: int, end: int) -> None:
        # The list rule tokenizes its items: the first with the parent type "list", the
        # next ones with "paragraph" (markdown-it-py leaves the first item's there).
        item = state.parentType in ("list", "paragraph")
        self.frames.append((state.blkIndent, state.parentType == "blockquote"))
        try:
            self._tokenize(state, start, end)
        finally:
            indent, _ = self.frames.pop()
        line = state.line
        # The line the item stops at (its range's end included: markdown-it may end an
        # item where CommonMark's paragraph goes on lazily).
        last = len(state.bMarks) - 1
        if not item or line > end or line >= last or line == 0 or state.isEmpty(line - 1):
            return
        self._outdented_lazy(state, line, end, indent)

    def _outdented_lazy(self, state: StateBlock, line: int, end: int, indent: int) -> None:
        """Note ``outdented-lazy-line`` when ``line``, short of ``indent`` (the item's
        content column), starts no block where it stands."""
        column = state.sCount[line]
        if not 0 <= column < indent:
            return
        enclosing = 0
        for frame_indent, scope in reversed(self.frames):
            if frame_indent <= column:
                enclosing = max(enclosing, frame_indent)
            if scope:
                break
        if not self._starts_block(state, line, end, enclosing, False):
            self.found.add("outdented-lazy-line")

    def _starts_block(
        self, state: StateBlock, line: int, end: int, indent: int, interrupts: bool
    ) -> bool:
        """Whether a block other than a table starts on ``line`` in a container at ``indent``.

        With ``interrupts``, the block must be one that can interrupt a paragraph.
        """
        saved = state.blkIndent, state.parentType
        state.blkIndent, state.parentType = indent, "paragraph" if interrupts else "list"
        try:
            return any(rule(state, line, end, True) for rule in self._starts)
        finally:
            state.blkIndent, state.parentType = saved

    def _label(self, state: Any, start: int, disable_nested: bool = False) -> int:
        end = int(self._parse_label(state, start, disable_nested))
        second = not disable_nested and start > 0 and state.src[start - 1] == "]"
        if end >= 0 and second and _TEXT_BRACKET.search(state.src[start + 1 : end]):
            self.found.add("nested-label")
        return end


DEVIATIONS = _Deviations()


def follows_the_spec(text: str) -> bool:
    """Whether markdown-it reads ``text`` without reaching a corner where it leaves the spec."""
    return not DEVIATIONS(oracle_text(text.encode("utf-8")))


def _blocks(blocks: tuple[Block, ...]) -> Iterator[Block]:
    for block in blocks:
        yield block
        if isinstance(block, ListBlock):
            for item in block.items:
                yield from _blocks(item.blocks)
        elif isinstance(block, BlockQuote):
            yield from _blocks(block.blocks)


def all_blocks(doc: Document) -> Iterator[Block]:
    """Every block of the document, containers' contents included, in document order."""
    yield from _blocks(doc.preamble)
    for section in doc.walk_sections():
        yield section.heading
        yield from _blocks(section.blocks)


def assay_outline(doc: Document) -> Outline:
    """Headings, fences, link destinations and tables as assay reads the document."""
    headings = [(s.heading.level, s.heading.raw) for s in doc.walk_sections()]
    fences = [
        (b.span.line - 1, b.span.end_line)
        for b in sorted(all_blocks(doc), key=lambda b: b.span.start)
        if isinstance(b, CodeBlock) and b.fence
    ]
    # markdown-it makes no link of raw HTML (`<a href>` is an html token): neither here.
    links = [MD.normalizeLink(link.destination) for link in doc.links if link.kind != "html"]
    tables = [
        (b.span.line - 1, b.span.end_line, len(b.rows[0].cells), len(b.rows))
        for b in sorted(all_blocks(doc), key=lambda b: b.span.start)
        if isinstance(b, Table)
    ]
    return {
        "headings": headings,
        "fences": fences,
        "links": links,
        "tables": tables,
        "blocks": assay_tree(doc),
    }


def assay_tree(doc: Document) -> list[Any]:
    """The document's block tree: its preamble, then each section's heading, blocks and
    the sections below it (link reference definitions, which markdown-it keeps out of
    its tokens, left out)."""
    return [*_tree(doc.preamble), *_sections(doc.sections)]


def _sections(sections: tuple[Section, ...]) -> Iterator[Any]:
    for section in sections:
        heading = section.heading
        yield ("h", heading.level, heading.span.line - 1)
        yield from _tree(section.blocks)
        yield from _sections(section.children)


_KINDS = {Paragraph: "p", CodeBlock: "code", HtmlBlock: "html", ThematicBreak: "hr", Table: "table"}


def _tree(blocks: tuple[Block, ...]) -> list[Any]:
    found: list[Any] = []
    for block in blocks:
        line = block.span.line - 1
        kind = _KINDS.get(type(block))
        if kind is not None:
            found.append((kind, line))
        elif isinstance(block, Heading):
            found.append(("h", block.level, line))
        elif isinstance(block, ListBlock):
            items = [("item", i.span.line - 1, _tree(i.blocks)) for i in block.items]
            found.append(("list", block.ordered, block.start, line, items))
        elif isinstance(block, BlockQuote):
            found.append(("quote", line, _tree(block.blocks)))
    return found


def _normalize_heading(text: str) -> str:
    # A setext heading's continuation lines keep their indentation in markdown-it's
    # inline content, which its inline parsing strips later (CommonMark: "initial and
    # final spaces or tabs are stripped"); assay strips it when it reads the lines.
    # Compare the lines without it.
    return "\n".join(line.strip(" \t") for line in text.split("\n"))


def oracle_text(raw: bytes) -> str:
    """What markdown-it is given: the text without BOM, front matter lines blanked.

    A last line without a line ending gets one: CommonMark reads a line the same
    either way, but markdown-it drops a last line of only spaces or tabs when no line
    ending follows it (an unclosed fence then ends a line early).
    """
    text = raw.removeprefix(BOM).decode("utf-8")
    if text and not text.endswith(("\n", "\r")):
        text += "\n"
    locator = Locator(text)
    skip = front_matter_lines(locator)
    if skip:  # keep the line numbers, drop the YAML
        text = (
            "\n" * skip + text[locator.line_starts[skip] :]
            if skip < len(locator.line_starts)
            else "\n" * skip
        )
    return text


def assert_agrees(raw: bytes) -> None:
    """Fail, showing both readings, when assay and markdown-it disagree on ``raw``."""
    parsed = parse_document(raw, "case.md")
    assert parsed.value is not None, parsed.diagnostics
    ours = assay_outline(parsed.value)
    theirs = markdown_it_outline(oracle_text(raw))
    ours["headings"] = [(level, _normalize_heading(text)) for level, text in ours["headings"]]
    theirs["headings"] = [(level, _normalize_heading(text)) for level, text in theirs["headings"]]
    for key in ("headings", "fences", "links", "tables", "blocks"):
        assert ours[key] == theirs[key], (
            f"{key} differ for {raw!r}\n"
            f"  assay:       {ours[key]!r}\n"
            f"  markdown-it: {theirs[key]!r}"
        )


def test_cases_cover_the_constructs() -> None:
    """There is one hand-written case file per construct, at least 25 of them."""
    assert len(CASE_FILES) >= 25


@pytest.mark.parametrize("case", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_case_agrees_with_markdown_it(case: Path) -> None:
    """Each hand-written tricky case reads as markdown-it reads it."""
    assert_agrees(case.read_bytes())


@settings(deadline=None)
@given(documents().filter(follows_the_spec), st.booleans())
def test_generated_documents_agree_with_markdown_it(text: str, bom: bool) -> None:
    """Realistic generated documents read as markdown-it reads them."""
    assert_agrees((BOM if bom else b"") + text.encode("utf-8"))


@settings(deadline=None)
@given(markdown_lines().filter(follows_the_spec))
def test_markdown_character_soup_agrees_with_markdown_it(text: str) -> None:
    """Lines of Markdown-significant characters read as markdown-it reads them."""
    assert_agrees(text.encode("utf-8"))


REAL = sorted(ROOT.joinpath("tests", "ecosystem", "repos").rglob("*.md"))


def _comparable(raw: bytes) -> bool:
    try:
        return follows_the_spec(raw.removeprefix(BOM).decode("utf-8"))
    except UnicodeDecodeError:
        return False


def test_the_ecosystem_corpus_has_records_to_compare() -> None:
    compared = [p for p in REAL if _comparable(p.read_bytes())]
    assert len(REAL) > 1500 and len(compared) > 0.9 * len(REAL)


@pytest.mark.parametrize("shard", range(8))
def test_real_records_read_as_markdown_it_reads_them(shard: int) -> None:
    """Every comparable Markdown record of real repositories, whole (in eight shards)."""
    for path in REAL[shard::8]:
        raw = path.read_bytes()
        if _comparable(raw):
            assert_agrees(raw)
