"""Any reStructuredText a record holds becomes page Markdown without an exception, in
time linear in it; that Markdown reads as a document (the page is then made safe as any
record's: `tests/site/test_rst_pages.py` publishes a hostile one)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from assay.grammar.markdown.document import read_document
from assay.site.pages.rst_markdown import rst_markdown
from tests.cost import assert_linear

_PIECES = st.sampled_from(
    [
        "Title\n", "=====\n", "-----\n", "\n", "  ", ":Status: ", "Accepted\n",
        "`x <y.rst>`_", "`N`_", "`a`__", "__ https://z\n", ".. _N: u\n", ".. ", "::\n",
        "- ", "#. ", "| ", "+--+--+\n", "|a |b |\n", "====  ====\n", ":doc:`0002-x`",
        ".. raw:: html\n\n   <script>x()</script>\n", "<script>", "<img src=x onerror=y>",
        "`j <javascript:alert(1)>`_", ".. image:: a.png\n", "[x](y)", "<!-- c -->",
        "**", "``", "\\", "*", "_", "#", ">", "\t", "\r\n", "é", "😀",
    ]
)  # fmt: skip


@settings(max_examples=150)
@given(st.lists(_PIECES, max_size=50))
def test_any_record_becomes_page_markdown_that_reads(pieces: list[str]) -> None:
    markdown = rst_markdown("".join(pieces), "docs/decisions/0001-x.rst")
    # docutils marks each backslash escape with a NUL: none may reach the page.
    assert "\x00" not in markdown
    parsed, _ = read_document(markdown.encode("utf-8"), "docs/decisions/0001-x.md")
    assert parsed.value is not None


@given(st.text(max_size=300))
def test_any_text_becomes_page_markdown(text: str) -> None:
    assert isinstance(rst_markdown(text, "docs/decisions/0001-x.rst"), str)


def test_a_long_record_costs_time_linear_in_it() -> None:
    unit = "Title\n=====\n\n:Status: Accepted\n\nSee `x <y.rst>`_ and *a* <b>.\n\n- one\n- two\n\n"

    def work(size: int):  # type: ignore[no-untyped-def]
        text = unit * size
        return lambda: rst_markdown(text, "docs/decisions/0001-x.rst")

    assert_linear(work, 20, repeat=2, rounds=3)
