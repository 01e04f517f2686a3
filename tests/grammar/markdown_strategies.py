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
    "Context", "decision", "we", "use", "PostgreSQL", "ADR-0007", "naïve", "Zürich", "日本語",
    "🚀", "café", "x_y", "#hashtag", "*emphasis*", "**bold**", "_it_", "status:", "1.",
    "2)", "&amp;", "&copy;", "&#35;", "\\*", "\\[", "\\]", "\\<", "a\\|b", "(", ")", "!",
    "[^1]", "~~old~~", "+", "=", "a]b", "50%", "C#", "`", "<", "<br/>", "<span class=\"x\">",
    "</span>", "e-mail", "🧪🔬",
)

#: Link destinations as written in inline links (angle brackets when they have spaces).
DESTINATIONS = (
    "https://example.com", "https://example.com/a_(b)", "./0002-choose-db.md",
    "../adr/0003.md#status", "/docs/x.md", "#decision", "mailto:team@example.com",
    "http://例え.jp/パス", "a%20b.md", "foo\\)bar", "x&amp;y", "q?x=1&y=2",
    "<my file.md>", "<a>", "<>", "ü.md", "https://example.com/&quot;q&quot;",
    "\\[x\\]", "<a\\>b>", "%", "a&b", "https://example.com/~user/", "&#x41;.md",
)

TITLES = ("", ' "Title"', " 'single'", " (paren)", ' "with \\" escape"', ' "&amp; entity"')

#: Labels of reference definitions, with case and whitespace variants that match.
LABELS = ("adr-1", "Foo Bar", "foo bar", "FOO  BAR", "x", "Ünïcode", "a\\]b", "ref 2")

AUTOLINKS = (
    "<https://example.com/x?y=1>", "<mailto:a@b.c>", "<someone@example.com>",
    "<irc://foo.bar:2233/baz>", "<a+b:c>", "<https://example.com/ü>", "<http://a/b c>",
    "<foo@bar.example.com>", "<not an autolink>", "<made-up-scheme://x>",
)

COMMENTS = (
    "<!-- note -->", "<!-- assay: disable-next-line LNK001 -- reason -->", "<!---->",
    "<!-- [not](a-link) -->", "<!-- # not a heading -->", "<!-- a -- b -->",
)


@st.composite
def link_text(draw: st.DrawFn, depth: int = 0) -> str:
    """Bracketed text of a link or image: words, code, nested brackets, maybe an image."""
    parts = draw(st.lists(st.sampled_from(("see", "ADR 2", "Foo Bar", "x", "`[a](b)`", "[nested]", "a\\]b")), min_size=0, max_size=3))
    if depth == 0 and draw(st.integers(0, 5)) == 0:
        parts.append(draw(image(depth + 1)))
    return " ".join(parts)


@st.composite
def inline_link(draw: st.DrawFn, depth: int = 0) -> str:
    """``[text](destination "title")``."""
    return "[{}]({}{})".format(
        draw(link_text(depth)), draw(st.sampled_from(DESTINATIONS)), draw(st.sampled_from(TITLES))
    )


@st.composite
def image(draw: st.DrawFn, depth: int = 0) -> str:
    """``![alt](source)``, whose alt text may hold a link."""
    alt = draw(st.sampled_from(("diagram", "", "C4 view", "🚀")))
    if depth == 0 and draw(st.booleans()):
        alt += " " + draw(inline_link(depth + 1))
    return "![{}]({}{})".format(alt, draw(st.sampled_from(DESTINATIONS)), draw(st.sampled_from(TITLES)))


@st.composite
def reference_link(draw: st.DrawFn) -> str:
    """A full, collapsed or shortcut reference link, or one whose label is undefined."""
    label = draw(st.sampled_from((*LABELS, "undefined")))
    form = draw(st.integers(0, 3))
    if form == 0:
        return f"[{draw(link_text())}][{label}]"
    if form == 1:
        return f"[{label}][]"
    if form == 2:
        return f"[{label}]"
    return f"![{label}]"


def inline_piece() -> st.SearchStrategy[str]:
    """One piece of inline text."""
    return st.one_of(
        st.sampled_from(WORDS),
        st.sampled_from(WORDS),
        inline_link(),
        image(),
        reference_link(),
        st.sampled_from(AUTOLINKS),
        st.sampled_from(COMMENTS),
        st.sampled_from(("`code`", "``a ` b``", "`[x](y)`", "`<https://in.code>`", "`unclosed")),
    )


@st.composite
def inline_line(draw: st.DrawFn) -> str:
    """A line of inline content (never blank)."""
    pieces = draw(st.lists(inline_piece(), min_size=1, max_size=6))
    separators = draw(st.lists(st.sampled_from((" ", " ", "", "  ", "\t")), min_size=len(pieces), max_size=len(pieces)))
    line = "".join(s + p for s, p in zip(separators[1:] + [""], pieces, strict=True))
    return line if line.strip(" \t") else "text"


# -- leaf blocks --------------------------------------------------------------------------

Lines = list[str]


@st.composite
def atx_heading(draw: st.DrawFn) -> Lines:
    """``## Title ##`` with optional indentation, closing sequence and trailing spaces."""
    indent = " " * draw(st.integers(0, 3))
    level = draw(st.integers(1, 6))
    if draw(st.integers(0, 9)) == 0:  # empty heading, or too many marks, or a #hashtag
        return [indent + draw(st.sampled_from(("#" * level, "#" * level + " ", "#######", "#hashtag", "#" * level + " #")))]
    text = draw(st.one_of(inline_line(), st.sampled_from(("1. Status", "**Decision:**", "Consequences <!-- required -->", "Title #", "C#", "a \\#", "#5"))))
    closing = draw(st.sampled_from(("", "", " #", " ###", " #  ", "#", "  ")))
    return [indent + "#" * level + draw(st.sampled_from((" ", " ", "\t", "  "))) + text + closing]


@st.composite
def setext_heading(draw: st.DrawFn) -> Lines:
    """One or two lines of text over a ``===`` or ``---`` underline."""
    lines = draw(st.lists(inline_line(), min_size=1, max_size=2))
    char = draw(st.sampled_from("=-"))
    underline = " " * draw(st.integers(0, 3)) + char * draw(st.integers(1, 5)) + draw(st.sampled_from(("", " ", "\t")))
    return [*lines, underline]


@st.composite
def paragraph(draw: st.DrawFn) -> Lines:
    """One to three lines of inline content, some indented."""
    lines = draw(st.lists(inline_line(), min_size=1, max_size=3))
    return [" " * draw(st.sampled_from((0, 0, 0, 1, 3))) + line for line in lines]


FENCE_BODY = (
    "# Not a heading", "- not a list", "", "  indented", "```", "~~~~", "<!-- not a comment -->",
    "[x]: /not-a-definition", "| a | b |", "\tcode with tab", "[link](inside.md)", "Title",
    "===", "    four", "````", "> not a quote",
)


@st.composite
def fence(draw: st.DrawFn) -> Lines:
    """A fenced code block; sometimes indented 4 (code), unclosed, or with a short closer."""
    char = draw(st.sampled_from("`~"))
    width = draw(st.integers(3, 5))
    opener = char * width
    info = draw(st.sampled_from(("", "python", 'yaml title="x"', "js `bad`", "~~~ tilde", "c++ {.x}", " sh", "&amp;\\*")))
    indent = draw(st.sampled_from((0, 0, 1, 2, 3, 4)))
    body = draw(st.lists(st.sampled_from(FENCE_BODY), max_size=4))
    close_kind = draw(st.integers(0, 9))
    if close_kind == 0:
        closer: list[str] = []  # unclosed: runs to the end of its container
    elif close_kind == 1:
        closer = [char * (width - 1)] + [opener]  # too short to close, then the real one
    elif close_kind == 2:
        closer = [" " * draw(st.integers(0, 3)) + char * (width + 2) + "  "]
    elif close_kind == 3:
        closer = [opener + " not closing", opener]
    else:
        closer = [opener]
    return [" " * indent + opener + info, *body, *closer]


@st.composite
def indented_code(draw: st.DrawFn) -> Lines:
    """Lines indented four columns (spaces or a tab), with blank lines inside."""
    body = draw(st.lists(st.sampled_from(("# not a heading", "code()", "", "- x", "```", "  deeper")), min_size=1, max_size=4))
    prefix = draw(st.sampled_from(("    ", "\t", "  \t", "     ")))
    lines = [prefix + line if line else draw(st.sampled_from(("", "    ", "  "))) for line in body]
    if not lines[0].strip():
        lines[0] = prefix + "code"
    return lines


HTML_BLOCKS: tuple[Lines, ...] = (
    ["<script>", "var x = '# no';", "</script>"],
    ["<pre>", "# not a heading", "", "[a](b)", "</pre>"],
    ["<style type=\"text/css\">p {}</style>"],
    ["<textarea>", "", "# no", "</textarea> after"],
    ["<!-- a comment", "# Fake heading", "<!-- assay: disable LNK001 -- reason -->", "-->"],
    ["<!-- assay: disable-next-line LNK001 -- in a block -->"],
    ["<!--", "", "## Fake", "", "--> tail"],
    ["<?php echo '# x'; ?>"],
    ["<!DOCTYPE html>"],
    ["<![CDATA[", "# x", "]]>"],
    ["<div>", "# not heading", "</div>"],
    ["<details>", "<summary>More</summary>", "", "# Real heading", "</details>"],
    ["<DIV class=\"note\">", "[link](not-seen.md)", ""],
    ["</table>"],
    ["<custom-element data-x=\"1\">", "text [x](y)"],
    ["</span>"],
    ["<a href=\"x\">", "*b*"],
    ["  <hr/>"],
)


def html_block() -> st.SearchStrategy[Lines]:
    """One HTML block of each kind (1-7), some containing fake headings or directives."""
    return st.sampled_from(HTML_BLOCKS).map(list)


@st.composite
def table(draw: st.DrawFn) -> Lines:
    """A GFM table, with or without outer pipes, escaped pipes and links in cells."""
    columns = draw(st.integers(1, 4))
    cell = st.one_of(
        st.sampled_from(("a", "Option", "b \\| c", "`x \\| y`", "", "🚀", "**yes**", "[l](u.md)", "[adr-1]", "<https://e.x>")),
        inline_link(),
    )
    outer = draw(st.sampled_from(("both", "both", "none", "left", "right")))

    def row(cells: list[str]) -> str:
        text = " | ".join(cells)
        if outer in ("both", "left"):
            text = "| " + text
        if outer in ("both", "right"):
            text = text + " |"
        return text

    header = draw(st.lists(cell.filter(bool), min_size=columns, max_size=columns))
    delimiter = draw(st.lists(st.sampled_from(("---", ":--", "--:", ":-:", "-")), min_size=columns, max_size=columns))
    lines = [row(header), row(delimiter) if columns > 1 or outer != "none" else "|" + delimiter[0] + "|"]
    for _ in range(draw(st.integers(0, 3))):
        lines.append(row(draw(st.lists(cell, min_size=max(1, columns - 1), max_size=columns + 1))))
    return lines


@st.composite
def definition(draw: st.DrawFn) -> Lines:
    """A link reference definition: destination or title possibly on the next line."""
    label = draw(st.sampled_from(LABELS))
    dest = draw(st.sampled_from(("https://example.com/ref", "./0001.md", "<with spaces.md>", "<>", "/a%20b", "ü", "x&amp;y", "\\(p\\)")))
    title = draw(st.sampled_from(("", '"Title"', "'t'", "(p)")))
    shape = draw(st.integers(0, 3))
    if shape == 0 or not title:
        first = f"[{label}]: {dest}" + (f" {title}" if title else "")
        lines = [first] if shape != 1 else [f"[{label}]:", f"  {dest}" + (f" {title}" if title else "")]
    elif shape == 1:
        lines = [f"[{label}]:", f"  {dest}", f"  {title}"]
    else:
        lines = [f"[{label}]: {dest}", f"   {title}"]
    return [" " * draw(st.integers(0, 3)) + lines[0], *lines[1:]]


def footnote() -> st.SearchStrategy[Lines]:
    """A footnote definition whose text has several words (never a link definition)."""
    return st.sampled_from((["[^1]: See the benchmark notes."], ["[^note]: Two words", "    continued here."]))


def thematic_break() -> st.SearchStrategy[Lines]:
    """``---``, ``***``, ``___`` and spaced variants."""
    return st.sampled_from(("---", "***", "___", "- - -", " * * *", "_____", "-- -")).map(lambda s: [s])


def leaf_block() -> st.SearchStrategy[Lines]:
    """Any leaf block."""
    return st.one_of(
        paragraph(), paragraph(), atx_heading(), setext_heading(), fence(), indented_code(),
        html_block(), table(), definition(), footnote(), thematic_break(),
    )


# -- containers ------------------------------------------------------------------------------

BLANKS = ("", "", " ", "   ", "\t", " \t ")


@st.composite
def blocks(draw: st.DrawFn, depth: int, max_size: int = 4) -> Lines:
    """A run of blocks, separated by (whitespace-only) blank lines or nothing at all."""
    children = [draw(block(depth)) for _ in range(draw(st.integers(1, max_size)))]
    lines = list(children[0])
    for child in children[1:]:
        gap = draw(st.integers(0, 5))
        if gap:
            lines.extend(draw(st.sampled_from(BLANKS)) for _ in range(1 + (gap == 5)))
        lines.extend(child)
    return lines


@st.composite
def block(draw: st.DrawFn, depth: int) -> Lines:
    """A leaf block, or below the nesting limit a list or block quote."""
    if depth >= 3 or draw(st.integers(0, 3)):
        return draw(leaf_block())
    return draw(st.one_of(bullet_list(depth), ordered_list(depth), block_quote(depth)))


def _indent_item(draw: st.DrawFn, marker: str, content: Lines) -> Lines:
    """Hang ``content`` off ``marker``: continuation lines indented past it, some lazily.

    The first line's indentation below four columns is dropped and indented code
    starts one space after the marker, so the item's content column is the one the
    continuation lines are indented to.  Lazy lines are plain text only: a lazy line
    that could start a block is where markdown-it leaves the spec
    (``outdented-lazy-line`` in test_commonmark_agreement).
    """
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
def bullet_list(draw: st.DrawFn, depth: int) -> Lines:
    """A ``-``/``*``/``+`` list whose items hold blocks, nested lists among them."""
    bullet = draw(st.sampled_from("-*+"))
    indent = " " * draw(st.sampled_from((0, 0, 0, 1, 3)))
    lines: Lines = []
    for index in range(draw(st.integers(1, 3))):
        if index and draw(st.booleans()):
            lines.append(draw(st.sampled_from(BLANKS)))
        content = draw(blocks(depth + 1, max_size=2)) if draw(st.integers(0, 5)) else [""]
        lines.extend(indent + line if line.strip() else line for line in _indent_item(draw, bullet, content))
    return lines


@st.composite
def ordered_list(draw: st.DrawFn, depth: int) -> Lines:
    """A ``1.``/``3)`` list starting at some number."""
    start = draw(st.sampled_from((0, 1, 1, 2, 7, 10, 99, 123456789, 1234567890)))
    delimiter = draw(st.sampled_from(".)"))
    lines: Lines = []
    for index in range(draw(st.integers(1, 3))):
        if index and draw(st.booleans()):
            lines.append(draw(st.sampled_from(BLANKS)))
        content = draw(blocks(depth + 1, max_size=2))
        lines.extend(_indent_item(draw, f"{start + index}{delimiter}", content))
    return lines


@st.composite
def block_quote(draw: st.DrawFn, depth: int) -> Lines:
    """``>``-prefixed blocks, sometimes with a lazy last line."""
    content = draw(blocks(depth + 1, max_size=3))
    # A tab after a nested quote's marker is where markdown-it miscounts columns
    # (``nested-quote-tab`` in test_commonmark_agreement): only top-level quotes use one.
    prefix = draw(st.sampled_from(("> ", "> ", ">", " > ", ">\t" if depth == 0 else "> ")))
    lines = [prefix + line if line.strip(" \t") else draw(st.sampled_from((">", "> ", prefix))) for line in content]
    if len(lines) > 1 and content[-1][:1].isalpha() and draw(st.integers(0, 5)) == 0:
        lines[-1] = content[-1]  # lazy continuation, if it was a paragraph line
    return lines


# -- whole documents ----------------------------------------------------------------------------


def _retab(draw: st.DrawFn, lines: Lines) -> Lines:
    """Now and then turn four leading spaces into a tab (the same columns), as editors do."""
    out = []
    for line in lines:
        while line.startswith("    ") and draw(st.integers(0, 5)) == 0:
            line = "\t" + line[4:]
        if line.startswith("\t    ") and draw(st.booleans()):
            line = "\t\t" + line[5:]
        out.append(line)
    return out


def join_lines(draw: st.DrawFn, lines: Lines) -> str:
    """Join lines with LF, CRLF or a mix (lone CR included), with or without a final newline."""
    style = draw(st.sampled_from(("lf", "lf", "crlf", "mixed")))
    endings = {"lf": ("\n",), "crlf": ("\r\n",), "mixed": ("\n", "\r\n", "\r")}[style]
    out = []
    for line in lines:
        out.append(line + draw(st.sampled_from(endings)))
    text = "".join(out)
    if draw(st.integers(0, 4)) == 0:
        text = text.rstrip("\r\n")
    return text


@st.composite
def documents(draw: st.DrawFn) -> str:
    """A realistic ADR-ish Markdown document, as text (never with front matter)."""
    lines: Lines = []
    if draw(st.booleans()):
        lines += draw(st.sampled_from((["<!-- assay: disable-file DOC002 -- generated -->", ""], ["", ""], [" "])))
    if draw(st.integers(0, 3)):
        lines += [f"# {draw(st.sampled_from(('ADR 1: Use Lark', '0009. Record decisions', 'Title')))}", ""]
    lines += draw(blocks(0, max_size=8))
    lines = _retab(draw, lines)
    if lines and lines[0].startswith("---"):
        lines.insert(0, "")  # front matter is out of scope here
    return join_lines(draw, lines)


#: Markdown-significant characters for :func:`markdown_lines`.
ALPHABET = "#  \t>-*`~[]()<!|=:.\\_+/\"'@&;0123456789abxyzAZ"


@st.composite
def markdown_lines(draw: st.DrawFn) -> str:
    """Lines drawn character by character from Markdown-significant characters."""
    lines = draw(st.lists(st.text(alphabet=ALPHABET, max_size=16), max_size=14))
    if lines and lines[0].startswith("---"):
        lines.insert(0, "")  # front matter is out of scope here
    return join_lines(draw, lines)


# -- front matter and noisy bytes (for the reader's robustness and span tests) -----------------

FRONT_MATTER_VALUES = (
    "accepted", "2024-01-15", "'quoted: value'", "[a, b]", "{x: 1}", "42", "3.5", "null", "true",
    "", "|\n  block text\n  more", "\n  - item\n  - other", "Ünïcode 🚀", ".nan", ".inf", "-.inf",
)


@st.composite
def front_matter(draw: st.DrawFn) -> str:
    """A YAML front matter block (``---`` lines included), sometimes malformed."""
    keys = draw(st.lists(st.sampled_from(("title", "status", "date", "tags", "Title", "deciders", "x y")), max_size=4))
    lines = ["---"]
    for key in keys:
        lines.append(f"{key}: {draw(st.sampled_from(FRONT_MATTER_VALUES))}")
    if draw(st.integers(0, 9)) == 0:
        lines.append(draw(st.sampled_from(("bad: [unclosed", "- a list", "key: value: other", "\tTab: x"))))
    lines.append(draw(st.sampled_from(("---", "---", "...", "---  "))))
    return "\n".join(lines) + "\n"


@st.composite
def documents_with_front_matter(draw: st.DrawFn) -> str:
    """A generated document, sometimes behind front matter."""
    head = draw(front_matter()) if draw(st.booleans()) else ""
    return head + draw(documents())


#: Byte sequences that are not UTF-8: a stray continuation byte, a truncated sequence,
#: an overlong encoding, an encoded surrogate, a code point past U+10FFFF, 0xFF.
INVALID_UTF8 = (b"\x80", b"\xc3", b"\xe2\x82", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xff", b"\xfe")


@st.composite
def noisy_bytes(draw: st.DrawFn, *, invalid: bool = True) -> bytes:
    """Markdown or arbitrary text with stray ``\\r``/``\\r\\n``, maybe a BOM and bad bytes."""
    text = draw(st.one_of(documents_with_front_matter(), markdown_lines(), st.text()))
    chars = list(text)
    for _ in range(draw(st.integers(0, 4))):
        chars.insert(draw(st.integers(0, len(chars))), draw(st.sampled_from(("\r", "\r\n", "\n\r"))))
    raw = "".join(chars).encode("utf-8", "surrogatepass")
    if invalid:
        for _ in range(draw(st.integers(0, 2))):
            at = draw(st.integers(0, len(raw)))
            raw = raw[:at] + draw(st.sampled_from(INVALID_UTF8)) + raw[at:]
    if draw(st.booleans()):
        raw = b"\xef\xbb\xbf" + raw
    return raw
