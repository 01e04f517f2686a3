"""Hypothesis strategies for Markdown documents, shared by the grammar tests.

Two families:

* :func:`documents` composes realistic ADR-ish Markdown from every block construct
  assay reads (ATX and setext headings, paragraphs with links, images, autolinks,
  code spans and comments, nested lists, block quotes, fences, indented code, HTML
  blocks of each kind, GFM tables, link reference definitions, footnotes), with
  whitespace-only blank lines, tabs and mixed line endings;
* :func:`markdown_lines` draws lines character by character from an alphabet of
  Markdown-significant characters, to reach the corners no template thinks of.

Neither generates YAML front matter: markdown-it, the oracle, does not read it.
Nesting stays shallow (lists up to three deep, a quote or two) so that generated
documents stay far from markdown-it's ``maxNesting`` limit.

Named exclusions, constructs the generators avoid because markdown-it (the
oracle) departs from the CommonMark spec there, are listed in
``tests/grammar/test_commonmark_agreement.py`` next to the comparison.
"""

from __future__ import annotations

from hypothesis import strategies as st

# -- inline content -------------------------------------------------------------------

WORDS = (
    "Context",
    "decision",
    "we",
    "use",
    "PostgreSQL",
    "ADR-0007",
    "naïve",
    "Zürich",
    "日本語",
    "🚀",
    "café",
    "x_y",
    "#hashtag",
    "*emphasis*",
    "**bold**",
    "_it_",
    "status:",
    "1.",
    "2)",
    "&amp;",
    "&copy;",
    "&#35;",
    "\\*",
    "\\[",
    "\\]",
    "\\<",
    "a\\|b",
    "(",
    ")",
    "!",
    "[^1]",
    "~~old~~",
    "+",
    "=",
    "a]b",
    "50%",
    "C#",
    "`",
    "<",
    "<br/>",
    '<span class="x">',
    "</span>",
    "e-mail",
    "🧪🔬",
)

#: Link destinations as written in inline links (angle brackets when they have spaces).
DESTINATIONS = (
    "https://example.com",
    "https://example.com/a_(b)",
    "./0002-choose-db.md",
    "../adr/0003.md#status",
    "/docs/x.md",
    "#decision",
    "mailto:team@example.com",
    "http://例え.jp/パス",
    "a%20b.md",
    "foo\\)bar",
    "x&amp;y",
    "q?x=1&y=2",
    "<my file.md>",
    "<a>",
    "<>",
    "ü.md",
    "https://example.com/&quot;q&quot;",
    "\\[x\\]",
    "<a\\>b>",
    "%",
    "a&b",
    "https://example.com/~user/",
    "&#x41;.md",
)

TITLES = ("", ' "Title"', " 'single'", " (paren)", ' "with \\" escape"', ' "&amp; entity"')

#: Labels of reference definitions, with case and whitespace variants that match.
LABELS = ("adr-1", "Foo Bar", "foo bar", "FOO  BAR", "x", "Ünïcode", "a\\]b", "ref 2")

AUTOLINKS = (
    "<https://example.com/x?y=1>",
    "<mailto:a@b.c>",
    "<someone@example.com>",
    "<irc://foo.bar:2233/baz>",
    "<a+b:c>",
    "<https://example.com/ü>",
    "<http://a/b c>",
    "<foo@bar.example.com>",
    "<not an autolink>",
    "<made-up-scheme://x>",
)

COMMENTS = (
    "<!-- note -->",
    "<!-- assay: disable-next-line LNK001 -- reason -->",
    "<!---->",
    "<!-- [not](a-link) -->",
    "<!-- # not a heading -->",
    "<!-- a -- b -->",
)


_LINK_WORDS = st.lists(
    st.sampled_from(("see", "ADR 2", "Foo Bar", "x", "`[a](b)`", "[nested]", "a\\]b")), max_size=3
)


@st.composite
def _link_text(draw: st.DrawFn, image: st.SearchStrategy[str] | None) -> str:
    """Bracketed text of a link or image: words, code, nested brackets, maybe an image."""
    parts = draw(_LINK_WORDS)
    if image is not None and draw(st.integers(0, 5)) == 0:
        parts.append(draw(image))
    return " ".join(parts)


@st.composite
def _inline_link(draw: st.DrawFn, text: st.SearchStrategy[str]) -> str:
    """``[text](destination "title")``."""
    return f"[{draw(text)}]({draw(st.sampled_from(DESTINATIONS))}{draw(st.sampled_from(TITLES))})"


@st.composite
def _image(draw: st.DrawFn, link: st.SearchStrategy[str] | None) -> str:
    """``![alt](source)``, whose alt text may hold a link."""
    alt = draw(st.sampled_from(("diagram", "", "C4 view", "🚀")))
    if link is not None and draw(st.booleans()):
        alt += " " + draw(link)
    return f"![{alt}]({draw(st.sampled_from(DESTINATIONS))}{draw(st.sampled_from(TITLES))})"


# Links and images nest one level: an image in a link's text, a link in an image's alt.
_PLAIN_TEXT = _link_text(None)
INLINE_LINK = _inline_link(_link_text(_image(None)))
IMAGE = _image(_inline_link(_PLAIN_TEXT))


@st.composite
def _reference_link(draw: st.DrawFn) -> str:
    """A full, collapsed or shortcut reference link, or one whose label is undefined."""
    label = draw(st.sampled_from((*LABELS, "undefined")))
    form = draw(st.integers(0, 3))
    if form == 0:
        return f"[{draw(_PLAIN_TEXT)}][{label}]"
    if form == 1:
        return f"[{label}][]"
    if form == 2:
        return f"[{label}]"
    return f"![{label}]"


REFERENCE_LINK = _reference_link()

#: One piece of inline text.
INLINE_PIECE = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(WORDS),
    INLINE_LINK,
    IMAGE,
    REFERENCE_LINK,
    st.sampled_from(AUTOLINKS),
    st.sampled_from(COMMENTS),
    st.sampled_from(("`code`", "``a ` b``", "`[x](y)`", "`<https://in.code>`", "`unclosed")),
)


_PIECES = st.lists(INLINE_PIECE, min_size=1, max_size=6)


@st.composite
def _inline_line(draw: st.DrawFn) -> str:
    """A line of inline content (never blank)."""
    pieces = draw(_PIECES)
    line = pieces[0]
    for piece in pieces[1:]:
        separator = draw(st.sampled_from((" ", " ", "", "  ", "\t")))
        if line.endswith("]") and piece.startswith("[") and not separator:
            separator = " "  # "[a][[b]]" is where markdown-it leaves the spec (nested-label)
        line += separator + piece
    return line if line.strip(" \t") else "text"


INLINE_LINE = _inline_line()

# -- leaf blocks --------------------------------------------------------------------------

Lines = list[str]
#: A block as generated: its kind and its lines.
Block = tuple[str, Lines]


_HEADING_TEXT = st.one_of(
    INLINE_LINE,
    st.sampled_from(
        (
            "1. Status",
            "**Decision:**",
            "Consequences <!-- required -->",
            "Title #",
            "C#",
            "a \\#",
            "#5",
        )
    ),
)
_TEXT_LINES = st.lists(INLINE_LINE, min_size=1, max_size=3)


@st.composite
def _atx_heading(draw: st.DrawFn) -> Block:
    """``## Title ##`` with optional indentation, closing sequence and trailing spaces."""
    indent = " " * draw(st.integers(0, 3))
    level = draw(st.integers(1, 6))
    if draw(st.integers(0, 9)) == 0:  # empty heading, or too many marks, or a #hashtag
        return "heading", [
            indent
            + draw(
                st.sampled_from(
                    ("#" * level, "#" * level + " ", "#######", "#hashtag", "#" * level + " #")
                )
            )
        ]
    text = draw(_HEADING_TEXT)
    closing = draw(st.sampled_from(("", "", " #", " ###", " #  ", "#", "  ")))
    return "heading", [
        indent + "#" * level + draw(st.sampled_from((" ", " ", "\t", "  "))) + text + closing
    ]


@st.composite
def _setext_heading(draw: st.DrawFn) -> Block:
    """One or two lines of text over a ``===`` or ``---`` underline."""
    lines = draw(_TEXT_LINES)[:2]
    char = draw(st.sampled_from("=-"))
    underline = (
        " " * draw(st.integers(0, 3))
        + char * draw(st.integers(1, 5))
        + draw(st.sampled_from(("", " ", "\t")))
    )
    return "heading", [*lines, underline]


@st.composite
def _paragraph(draw: st.DrawFn) -> Block:
    """One to three lines of inline content, some indented."""
    lines = draw(_TEXT_LINES)
    return "paragraph", [" " * draw(st.sampled_from((0, 0, 0, 1, 3))) + line for line in lines]


FENCE_BODY = (
    "# Not a heading",
    "- not a list",
    "",
    "  indented",
    "```",
    "~~~~",
    "<!-- not a comment -->",
    "[x]: /not-a-definition",
    "| a | b |",
    "\tcode with tab",
    "[link](inside.md)",
    "Title",
    "===",
    "    four",
    "````",
    "> not a quote",
)


@st.composite
def _fence(draw: st.DrawFn) -> Block:
    """A fenced code block; sometimes indented 4 (code), unclosed, or with a short closer."""
    char = draw(st.sampled_from("`~"))
    width = draw(st.integers(3, 5))
    opener = char * width
    info = draw(
        st.sampled_from(
            ("", "python", 'yaml title="x"', "js `bad`", "~~~ tilde", "c++ {.x}", " sh", "&amp;\\*")
        )
    )
    indent = draw(st.sampled_from((0, 0, 1, 2, 3, 4)))
    body = draw(st.lists(st.sampled_from(FENCE_BODY), max_size=4))
    close_kind = draw(st.integers(0, 9))
    if close_kind == 0:
        closer: Lines = []  # unclosed: runs to the end of its container
    elif close_kind == 1:
        closer = [char * (width - 1), opener]  # too short to close, then the real one
    elif close_kind == 2:
        closer = [" " * draw(st.integers(0, 3)) + char * (width + 2) + "  "]
    elif close_kind == 3:
        closer = [opener + " not closing", opener]
    else:
        closer = [opener]
    return "fence", [" " * indent + opener + info, *body, *closer]


@st.composite
def _indented_code(draw: st.DrawFn) -> Block:
    """Lines indented four columns (spaces or a tab), with blank lines inside."""
    body = draw(
        st.lists(
            st.sampled_from(("# not a heading", "code()", "", "- x", "```", "  deeper")),
            min_size=1,
            max_size=4,
        )
    )
    prefix = draw(st.sampled_from(("    ", "\t", "  \t", "     ")))
    lines = [prefix + line if line else draw(st.sampled_from(("", "    ", "  "))) for line in body]
    if not lines[0].strip():
        lines[0] = prefix + "code"
    return "code", lines


HTML_BLOCKS: tuple[Lines, ...] = (
    ["<script>", "var x = '# no';", "</script>"],
    ["<pre>", "# not a heading", "", "[a](b)", "</pre>"],
    ['<style type="text/css">p {}</style>'],
    ["<textarea>", "", "# no", "</textarea> after"],
    ["<!-- a comment", "# Fake heading", "<!-- assay: disable LNK001 -- reason -->", "-->"],
    ["<!-- assay: disable-next-line LNK001 -- in a block -->"],
    ["<!--", "", "## Fake", "", "--> tail"],
    ["<?php echo '# x'; ?>"],
    ["<!DOCTYPE html>"],
    ["<![CDATA[", "# x", "]]>"],
    ["<div>", "# not heading", "</div>"],
    ["<details>", "<summary>More</summary>", "", "# Real heading", "</details>"],
    ['<DIV class="note">', "[link](not-seen.md)", ""],
    ["</table>"],
    ['<custom-element data-x="1">', "text [x](y)"],
    ["</span>"],
    ['<a href="x">', "*b*"],
    ["  <hr/>"],
)

_CELL = st.one_of(
    st.sampled_from(
        (
            "a",
            "Option",
            "b \\| c",
            "`x \\| y`",
            "",
            "🚀",
            "**yes**",
            "[l](u.md)",
            "[adr-1]",
            "<https://e.x>",
        )
    ),
    INLINE_LINK,
)

_HEADER_CELL = _CELL.filter(bool)
_DELIMITER_CELL = st.sampled_from(("---", ":--", "--:", ":-:", "-"))


@st.composite
def _table(draw: st.DrawFn) -> Block:
    """A GFM table, with or without outer pipes, escaped pipes and links in cells."""
    columns = draw(st.integers(1, 4))
    outer = draw(st.sampled_from(("both", "both", "none", "left", "right")))

    def row(cells: list[str]) -> str:
        text = " | ".join(cells)
        if outer in ("both", "left"):
            text = "| " + text
        if outer in ("both", "right"):
            text = text + " |"
        return text

    header = [draw(_HEADER_CELL) for _ in range(columns)]
    delimiter = [draw(_DELIMITER_CELL) for _ in range(columns)]
    lines = [
        row(header),
        row(delimiter) if columns > 1 or outer != "none" else "|" + delimiter[0] + "|",
    ]
    for _ in range(draw(st.integers(0, 3))):
        lines.append(
            row([draw(_CELL) for _ in range(draw(st.integers(max(1, columns - 1), columns + 1)))])
        )
    return "table", lines


@st.composite
def _definition(draw: st.DrawFn) -> Block:
    """A link reference definition: destination or title possibly on the next line."""
    label = draw(st.sampled_from(LABELS))
    dest = draw(
        st.sampled_from(
            (
                "https://example.com/ref",
                "./0001.md",
                "<with spaces.md>",
                "<>",
                "/a%20b",
                "ü",
                "x&amp;y",
                "\\(p\\)",
            )
        )
    )
    title = draw(st.sampled_from(("", '"Title"', "'t'", "(p)")))
    shape = draw(st.integers(0, 3))
    if shape == 0 or not title:
        first = f"[{label}]: {dest}" + (f" {title}" if title else "")
        lines = (
            [first] if shape != 1 else [f"[{label}]:", f"  {dest}" + (f" {title}" if title else "")]
        )
    elif shape == 1:
        lines = [f"[{label}]:", f"  {dest}", f"  {title}"]
    else:
        lines = [f"[{label}]: {dest}", f"   {title}"]
    return "definition", [" " * draw(st.integers(0, 3)) + lines[0], *lines[1:]]


#: Any leaf block.
LEAF_BLOCK: st.SearchStrategy[Block] = st.one_of(
    _paragraph(),
    _paragraph(),
    _atx_heading(),
    _setext_heading(),
    _fence(),
    _indented_code(),
    st.sampled_from(HTML_BLOCKS).map(lambda lines: ("html", list(lines))),
    _table(),
    _definition(),
    # Footnote definitions whose text has several words are never link definitions.
    st.sampled_from(
        (["[^1]: See the benchmark notes."], ["[^note]: Two words", "    continued here."])
    ).map(lambda lines: ("footnote", list(lines))),
    st.sampled_from(("---", "***", "___", "- - -", " * * *", "_____", "-- -")).map(
        lambda line: ("break", [line])
    ),
)

# -- containers ------------------------------------------------------------------------------

BLANKS = ("", "", " ", "   ", "\t", " \t ")


@st.composite
def _blocks(draw: st.DrawFn, block: st.SearchStrategy[Block], max_size: int) -> Lines:
    """A run of blocks, separated by (whitespace-only) blank lines or nothing at all.

    A definition is always followed by a blank line: a line that continues its
    paragraph is where markdown-it leaves the spec (``eager-definition``).
    """
    children = draw(st.lists(block, min_size=1, max_size=max_size))
    lines: Lines = []
    previous = ""
    for kind, child in children:
        if lines:
            gap = draw(st.integers(0 if previous != "definition" else 1, 5))
            lines.extend(draw(st.sampled_from(BLANKS)) for _ in range(min(gap, 1) + (gap == 5)))
        lines.extend(child)
        previous = kind
    return lines


def _indent_item(draw: st.DrawFn, marker: str, content: Lines) -> Lines:
    """Hang ``content`` off ``marker``: continuation lines indented past it, some lazily.

    The first line's indentation below four columns is dropped and indented code
    starts one space after the marker, so the item's content column is the one the
    continuation lines are indented to.  Lazy lines are plain text only: a lazy line
    that could start a block is where markdown-it leaves the spec
    (``outdented-lazy-line``).  An item never opens with a table header, which
    markdown-it would read before the item (``table-first``).
    """
    if "|" in content[0]:
        content = ["Item", *content]
    first = content[0]
    code = first.startswith(("    ", "\t"))
    spaces = 1 if code else draw(st.sampled_from((1, 1, 1, 2, 4)))
    width = len(marker) + spaces
    first = first if code else first.lstrip(" ")
    lines = [marker + (" " * spaces + first if first else "")]
    pad = " " * width
    for line in content[1:]:
        if not line.strip(" \t"):
            lines.append(draw(st.sampled_from(BLANKS)))
        elif line[:1].isalpha() and draw(st.integers(0, 19)) == 0:
            lines.append(line)  # lazy continuation (or the item's end)
        else:
            lines.append(pad + line)
    return lines


@st.composite
def _bullet_list(draw: st.DrawFn, content: st.SearchStrategy[Lines]) -> Block:
    """A ``-``/``*``/``+`` list whose items hold blocks, nested lists among them."""
    bullet = draw(st.sampled_from("-*+"))
    indent = " " * draw(st.sampled_from((0, 0, 0, 1, 3)))
    lines: Lines = []
    for index in range(draw(st.integers(1, 3))):
        if index and draw(st.booleans()):
            lines.append(draw(st.sampled_from(BLANKS)))
        item = draw(content) if draw(st.integers(0, 5)) else [""]
        lines.extend(
            indent + line if line.strip() else line for line in _indent_item(draw, bullet, item)
        )
    return "list", lines


@st.composite
def _ordered_list(draw: st.DrawFn, content: st.SearchStrategy[Lines]) -> Block:
    """A ``1.``/``3)`` list starting at some number (ten digits are no list marker)."""
    start = draw(st.sampled_from((0, 1, 1, 2, 7, 10, 99, 123456789, 1234567890)))
    delimiter = draw(st.sampled_from(".)"))
    lines: Lines = []
    for index in range(draw(st.integers(1, 3))):
        if index and draw(st.booleans()):
            lines.append(draw(st.sampled_from(BLANKS)))
        lines.extend(_indent_item(draw, f"{start + index}{delimiter}", draw(content)))
    return "list", lines


@st.composite
def _block_quote(draw: st.DrawFn, content: st.SearchStrategy[Lines], top: bool) -> Block:
    """``>``-prefixed blocks, sometimes with a lazy last line.

    A tab after a nested quote's marker is where markdown-it miscounts columns
    (``nested-quote-tab``): only top-level quotes use one.
    """
    lines = draw(content)
    prefix = draw(st.sampled_from(("> ", "> ", ">", " > ", ">\t" if top else "> ")))
    quoted = [
        prefix + line if line.strip(" \t") else draw(st.sampled_from((">", "> ", prefix)))
        for line in lines
    ]
    if len(quoted) > 1 and lines[-1][:1].isalpha() and draw(st.integers(0, 5)) == 0:
        quoted[-1] = lines[-1]  # lazy continuation, if it was a paragraph line
    return "quote", quoted


def _nesting(depth: int) -> st.SearchStrategy[Block]:
    """A block at ``depth`` containers deep: a leaf, or (above depth 3) a list or quote."""
    if depth >= 3:
        return LEAF_BLOCK
    inner = _nesting(depth + 1)
    items = _blocks(inner, 2)
    containers = st.one_of(
        _bullet_list(items), _ordered_list(items), _block_quote(_blocks(inner, 3), depth == 0)
    )
    return st.one_of(LEAF_BLOCK, LEAF_BLOCK, LEAF_BLOCK, containers)


BODY = _blocks(_nesting(0), 8)


# -- whole documents ----------------------------------------------------------------------------


def _retab(draw: st.DrawFn, lines: Lines) -> Lines:
    """Now and then turn four leading spaces into a tab (the same columns), as editors do."""
    out = []
    for line in lines:
        if line.startswith("    ") and draw(st.integers(0, 5)) == 0:
            line = "\t" + line[4:]
            if line.startswith("\t    ") and draw(st.booleans()):
                line = "\t\t" + line[5:]
        out.append(line)
    return out


def join_lines(draw: st.DrawFn, lines: Lines) -> str:
    """Join lines with LF, CRLF or a mix (lone CR included), with or without a final newline."""
    style = draw(st.sampled_from(("lf", "lf", "crlf", "mixed")))
    endings = {"lf": ("\n",), "crlf": ("\r\n",), "mixed": ("\n", "\r\n", "\r")}[style]
    text = "".join(line + draw(st.sampled_from(endings)) for line in lines)
    if draw(st.integers(0, 4)) == 0:
        text = text.rstrip("\r\n")
    return text


@st.composite
def _documents(draw: st.DrawFn) -> str:
    lines: Lines = []
    if draw(st.booleans()):
        lines += draw(
            st.sampled_from(
                (["<!-- assay: disable-file DOC002 -- generated -->", ""], ["", ""], [" "])
            )
        )
    if draw(st.integers(0, 3)):
        lines += [
            f"# {draw(st.sampled_from(('ADR 1: Use Lark', '0009. Record decisions', 'Title')))}",
            "",
        ]
    lines += draw(BODY)
    lines = _retab(draw, lines)
    if lines and lines[0].startswith("---"):
        lines.insert(0, "")  # front matter is out of scope here
    return join_lines(draw, lines)


_DOCUMENTS = _documents()


def documents() -> st.SearchStrategy[str]:
    """A realistic ADR-ish Markdown document, as text (never with front matter)."""
    return _DOCUMENTS


#: Markdown-significant characters for :func:`markdown_lines`.
ALPHABET = "#  \t>-*`~[]()<!|=:.\\_+/\"'@&;0123456789abxyzAZ"


@st.composite
def _markdown_lines(draw: st.DrawFn) -> str:
    lines = draw(st.lists(st.text(alphabet=ALPHABET, max_size=16), max_size=14))
    if lines and lines[0].startswith("---"):
        lines.insert(0, "")  # front matter is out of scope here
    return join_lines(draw, lines)


_MARKDOWN_LINES = _markdown_lines()


def markdown_lines() -> st.SearchStrategy[str]:
    """Lines drawn character by character from Markdown-significant characters."""
    return _MARKDOWN_LINES


# -- front matter and noisy bytes (for the reader's robustness and span tests) -----------------

FRONT_MATTER_VALUES = (
    "accepted",
    "2024-01-15",
    "'quoted: value'",
    "[a, b]",
    "{x: 1}",
    "42",
    "3.5",
    "null",
    "true",
    "",
    "|\n  block text\n  more",
    "\n  - item\n  - other",
    "Ünïcode 🚀",
    ".nan",
)


@st.composite
def _front_matter(draw: st.DrawFn) -> str:
    """A YAML front matter block (``---`` lines included), sometimes malformed."""
    keys = draw(
        st.lists(
            st.sampled_from(("title", "status", "date", "tags", "Title", "deciders", "x y")),
            max_size=4,
        )
    )
    lines = ["---"]
    for key in keys:
        lines.append(f"{key}: {draw(st.sampled_from(FRONT_MATTER_VALUES))}")
    if draw(st.integers(0, 9)) == 0:
        lines.append(
            draw(st.sampled_from(("bad: [unclosed", "- a list", "key: value: other", "\tTab: x")))
        )
    lines.append(draw(st.sampled_from(("---", "---", "...", "---  "))))
    return "\n".join(lines) + "\n"


FRONT_MATTER = _front_matter()


@st.composite
def _documents_with_front_matter(draw: st.DrawFn) -> str:
    head = draw(FRONT_MATTER) if draw(st.booleans()) else ""
    return head + draw(_DOCUMENTS)


_WITH_FRONT_MATTER = _documents_with_front_matter()


def documents_with_front_matter() -> st.SearchStrategy[str]:
    """A generated document, sometimes behind front matter."""
    return _WITH_FRONT_MATTER


#: Byte sequences that are not UTF-8: a stray continuation byte, a truncated sequence,
#: an overlong encoding, an encoded surrogate, a code point past U+10FFFF, 0xFF.
INVALID_UTF8 = (
    b"\x80",
    b"\xc3",
    b"\xe2\x82",
    b"\xc0\xaf",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\xff",
    b"\xfe",
)


@st.composite
def noisy_bytes(draw: st.DrawFn, *, invalid: bool = True, bom: bool = True) -> bytes:
    """Markdown or arbitrary text with stray ``\\r``/``\\r\\n``, maybe a BOM and bad bytes."""
    text = draw(st.one_of(_WITH_FRONT_MATTER, _MARKDOWN_LINES, st.text()))
    chars = list(text)
    for _ in range(draw(st.integers(0, 4))):
        chars.insert(
            draw(st.integers(0, len(chars))), draw(st.sampled_from(("\r", "\r\n", "\n\r")))
        )
    raw = "".join(chars).encode("utf-8", "surrogatepass")
    if invalid:
        for _ in range(draw(st.integers(0, 2))):
            at = draw(st.integers(0, len(raw)))
            raw = raw[:at] + draw(st.sampled_from(INVALID_UTF8)) + raw[at:]
    if bom and draw(st.booleans()):
        raw = b"\xef\xbb\xbf" + raw
    return raw
