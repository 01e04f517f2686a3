"""Property: whatever Markdown a document holds, the HTML Python-Markdown makes of its
page (with the site's extensions) holds only what Markdown syntax makes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.read import read
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.workspace.types import builtin_type
from assay.grammar.markdown.document import read_document
from assay.site.facts import RecordFacts
from assay.site.pages.record_page import record_page
from assay.site.pages.records import PublishedRecord
from assay.site.pages.safe_page import safe_markdown
from assay.site.pages.safety import render, unsafe_markup

#: Pieces of Markdown and HTML that meet in the ways parsers disagree about.
PIECES = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<iframe src=x>",
    "<style>p{}</style>",
    '<div onclick="x">',
    "</div>",
    "<!-- c -->",
    "<!--",
    "-->",
    "<https://x.org>",
    "<a@b.c>",
    "`",
    "``",
    "`<b>`",
    "`<b onclick=x>` ",
    "``<i>` ``",
    "\\`",
    "`a|<b>`",
    "`<!-- x -->`",
    "<?php x ?>",
    "```",
    "~~~",
    "    ",
    "\t",
    "\n",
    "\n\n",
    "- ",
    "1. ",
    "> ",
    "# ",
    "| a | b |\n| --- | --- |\n",
    "[x](",
    "](javascript:alert(1))",
    "[x]: javascript:alert(2)\n",
    "[x]",
    "[x][x]",
    "![i](",
    "data:text/html,",
    ")",
    "\\",
    "&lt;",
    "&#60;",
    "*",
    "_",
    "{: onclick=x}",
    "---\n",
    "title: <b>\n",
]
markdown_text = st.lists(
    st.one_of(st.sampled_from(PIECES), st.text(alphabet="<>`[]()!\\&:/ \nabc=\"'", max_size=6)),
    max_size=30,
).map("".join)

ADR = Vocabulary(builtin_type("adr"))


@given(markdown_text)
def test_any_markdown_file_of_the_site_renders_to_markdown_made_html_only(text: str) -> None:
    """Reviews and copied run files: no element or attribute raw HTML would make."""
    # Front matter included: MkDocs renders front matter it cannot read as Markdown.
    assert unsafe_markup(render(safe_markdown(text))) == []


@given(markdown_text)
def test_any_record_page_renders_to_markdown_made_html_only(text: str) -> None:
    """A record's page, links rewritten and header added: nothing raw HTML would make."""
    parsed, locator = read_document(text.encode("utf-8", "surrogatepass"), "docs/adr/0001-x.md")
    document = parsed.value
    if document is None or locator is None:
        return  # not UTF-8: the gate publishes no such record
    reading = read(document, locator.text, ADR, locator)
    facts = RecordFacts(
        path="docs/adr/0001-x.md",
        page="decisions/0001-x/",
        number=1,
        title="x",
        status=None,
        date=None,
    )
    record = PublishedRecord(
        facts=facts,
        source="decisions/0001-x.md",
        text=locator.text,
        line_starts=tuple(locator.line_starts),
        document=document,
        reading=reading,
    )
    page, _ = record_page(record, {"docs/adr/0001-x.md": "decisions/0001-x.md"}, ["- header"])
    assert unsafe_markup(render(page)) == []


def test_a_definition_inside_a_code_span_over_two_lines_makes_no_link() -> None:
    """Found by the property: a code span assay reads over two lines holds a line
    Python-Markdown takes for a reference definition; the page is verified and escaped."""
    page = safe_markdown("`[x]: javascript:alert(2)\n[x]: javascript:alert(2)\n`")
    assert unsafe_markup(render(page)) == []
