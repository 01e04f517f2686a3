"""Raw HTML's links: the ``href`` and ``src`` of its tags, read as a browser reads them.

A tag in a paragraph is CommonMark's raw HTML (its open-tag pattern decides what is a
tag); an HTML block is read as a browser reads it: no links in comments, ``<!…>``,
``<?…>`` or the text of ``<script>``, ``<style>``, ``<textarea>``. Each link's span is
the attribute's value; any input reads without raising, in linear time.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.grammar.markdown.document import parse_document
from assay.grammar.markdown.html_links import attribute_value, url_of
from assay.spec.document import Document, Link
from tests.cost import assert_linear


def _document(text: str) -> Document:
    document = parse_document(text, "docs/adr/0001-x.md").value
    assert document is not None
    return document


def _html(text: str) -> list[tuple[bool, str, str]]:
    """(image, destination, the span's text) of each raw HTML link."""
    raw = text.encode("utf-8")
    return [
        (link.image, link.destination, raw[link.span.start : link.span.end].decode("utf-8"))
        for link in _document(text).links
        if link.kind == "html"
    ]


def test_a_tag_in_a_paragraph_links_with_its_value_as_the_span() -> None:
    text = 'See <a href="../../README.md">the readme</a>.\n'
    (link,) = _document(text).links
    assert (link.kind, link.image, link.text, link.destination) == (
        "html",
        False,
        "",
        "../../README.md",
    )
    assert (link.span.line, link.span.column, link.span.end_column) == (1, 14, 29)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('<a href="a.md">', (False, "a.md", "a.md")),
        ("<a href='a b.md'>", (False, "a b.md", "a b.md")),
        ("<a href=a.md>", (False, "a.md", "a.md")),
        ('<a href = "a.md" >', (False, "a.md", "a.md")),
        ('<A HREF="a.md">', (False, "a.md", "a.md")),
        ("<img src='i.png' alt=x>", (True, "i.png", "i.png")),
        ('<IMG SRC="i.png"/>', (True, "i.png", "i.png")),
        ('<a title="t" href="a.md" href="b.md">', (False, "a.md", "a.md")),  # the first wins
        ('<a href="a&amp;b.md">', (False, "a&b.md", "a&amp;b.md")),
        ('<a href="a&#38;b&#x2F;c.md">', (False, "a&b/c.md", "a&#38;b&#x2F;c.md")),
        ('<a href="a.md?x=1&copy=2">', (False, "a.md?x=1&copy=2", "a.md?x=1&copy=2")),
        ('<a href="a.md?x&copy;">', (False, "a.md?x\u00a9", "a.md?x&copy;")),
        ('<a href="a.md?&copy x">', (False, "a.md?\u00a9 x", "a.md?&copy x")),
        ('<a href="&#99999999999999999999;">', (False, "\ufffd", "&#99999999999999999999;")),
        ('<a href=" a.md\n">', (False, "a.md", " a.md")),  # the line ending is not in it
    ],
)
def test_quoting_case_and_references(text: str, expected: tuple[bool, str, str]) -> None:
    assert _html(f"x {text} y\n") == [expected]


def test_tags_in_an_html_block_link_but_not_in_comments_or_script() -> None:
    text = (
        "<div>\n"
        '<a href="a.md">a</a> <!-- <a href="no.md"> --> <?pi <a href="no.md">?>\n'
        '<script src="s.js">var a = \'<a href="no.md">\';</script>\n'
        '<TEXTAREA><img src="no.png"></textarea><img src="i.png">\n'
        "</div>\n"
    )
    assert [(image, destination) for image, destination, _ in _html(text)] == [
        (False, "a.md"),
        (True, "s.js"),
        (True, "i.png"),
    ]


def test_no_links_in_code_comments_or_what_is_no_tag() -> None:
    text = (
        '`<a href="code.md">`\n\n'
        '    <a href="indented.md">\n\n'
        '```\n<a href="fenced.md">\n```\n\n'
        'x <!-- <a href="comment.md"> --> <a href="no-close.md" y\n\n'
        "x <a href=a=b.md> <a href>\n"
    )
    assert _html(text) == []


def test_a_value_over_two_lines_and_in_a_list_item() -> None:
    text = '- see <a href="../a.md"\n  title="x">a</a>\n\n> <img\n> src="i.png">\n'
    assert [(d, s) for _, d, s in _html(text)] == [("../a.md", "../a.md"), ("i.png", "i.png")]


# Pieces that make tags, attributes, quotes, references, comments and block starts.
_PIECES = st.lists(
    st.sampled_from(["<a", "<img", "<div>", "<script>", "</script>", " href=", " src=", " SRC",
                     "=", '"', "'", "a.md", "&amp;", "&#47;", "&copy", ";", "<!--", "-->", "<?",
                     ">", "/>", "\n", "\n\n", " ", "`", "    ", "- ", "> ", "x"]),
    max_size=30,
).map("".join)  # fmt: skip


def assert_value_fits(text: str, link: Link) -> None:
    """``text``, an html link's span, is its value: decoded, it reads as the destination.

    A value over several lines holds, in the source, the markers of the containers it is
    in (`> `): its first line then starts the destination."""
    first, newline, _rest = text.partition("\n")
    if not newline:
        assert url_of(attribute_value(text)) == link.destination
    else:
        assert link.destination.startswith(url_of(attribute_value(first.rstrip("\r"))))


def _check(text: str) -> None:
    document = _document(text)
    raw = text.encode("utf-8", "surrogatepass")
    for link in document.links:
        assert 0 <= link.span.start <= link.span.end <= len(raw)
        if link.kind == "html":
            assert_value_fits(raw[link.span.start : link.span.end].decode("utf-8"), link)


@settings(deadline=None)
@given(_PIECES)
def test_any_mix_of_tags_reads_and_each_span_is_its_value(text: str) -> None:
    _check(text)


@settings(deadline=None)
@given(st.text())
def test_any_text_reads_and_each_span_is_its_value(text: str) -> None:
    _check(text)


@given(st.text())
def test_any_attribute_value_decodes(value: str) -> None:
    decoded = attribute_value(value)
    assert "&" not in value or isinstance(decoded, str)
    assert url_of(decoded) == url_of(url_of(decoded))


@pytest.mark.parametrize(
    "piece",
    [
        '<a href="a.md">',  # many links
        "<a x='",  # a quote nothing closes, after each tag
        "<a b=\"x' ",  # both quotes, never closed
        "<a " + "b " * 5,  # attributes, no `>`
        "<!-- ",  # an unclosed comment
        "<script>",  # raw text never ended
        "&copy&amp",  # references
    ],
)
@pytest.mark.parametrize("where", ["paragraph", "block"])
def test_hostile_tags_cost_time_linear_in_the_text(piece: str, where: str) -> None:
    def work(n: int) -> Callable[[], object]:
        lead = "x " if where == "paragraph" else "<div>\n"
        text = lead + piece * n + ">\n"
        return lambda: parse_document(text, "a.md")

    assert_linear(work, 200, repeat=2, rounds=5)


def test_links_keep_document_order() -> None:
    text = 'A [md](a.md) <a href="b.md">b</a> [md](c.md)\n\n<p><a href="d.md">d</a></p>\n'
    links: list[Link] = list(_document(text).links)
    assert [link.destination for link in links] == ["a.md", "b.md", "c.md", "d.md"]
