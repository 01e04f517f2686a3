"""A file that names no format (a record saved without its extension) is read in the
format it is written in: reStructuredText when it opens with a reST title."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.grammar.reader import is_rst, opens_as_rst, read_document

PARAGON = """\
12. Conventions Regarding CSS Styling
-------------------------------------

Status
------

Accepted

Context
-------

Without rules CSS is written inconsistently.
"""

TITLE = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), max_size=40
).filter(
    # A title is text: not blank (a BOM is no text), not a label, heading or adornment.
    lambda t: (
        t.lstrip("\ufeff").strip()
        and not t.startswith(("..", "#", "\ufeff"))
        and "](" not in t  # a Markdown link
        and not re.fullmatch(r"(\S)\1{2,}\s*", t)
    )
)
ADORNMENT = st.sampled_from("=-~^\"'`#*+:")


@given(TITLE, ADORNMENT, st.integers(0, 5), st.booleans(), st.booleans())
def test_a_title_underlined_at_least_as_long_opens_as_rst(
    title: str, char: str, extra: int, overline: bool, label: bool
) -> None:
    """Generated reST openings: underlined (and perhaps overlined) at least as long as
    the title, after a label or not, each is reST; a shorter underline is not."""
    width = len(title.rstrip())
    line = char * max(3, width + extra)
    head = (".. _adr-12:\n\n" if label else "") + (f"{line}\n" if overline else "")
    text = f"{head}{title}\n{line}\n\nBody.\n"
    assert opens_as_rst(text) == (len(line) >= width)
    assert is_rst("docs/decisions/0012-x", text) == (len(line) >= width)


@pytest.mark.parametrize(
    "text",
    [
        "# 12. A Markdown record\n\n## Status\n\nAccepted\n",  # ATX headings
        "Title\n=====\n\nSee [the notes](notes.md).\n",  # a Markdown link
        "Title\n==\n",  # an underline shorter than the title
        "Just a line of text.\n",
        "",
    ],
)
def test_markdown_and_plain_text_do_not(text: str) -> None:
    assert not opens_as_rst(text)
    assert not is_rst("docs/decisions/0012-x", text)


def test_a_name_that_names_a_format_is_read_in_it() -> None:
    """Only a file that names no format is read by its opening; a `.md` or `.txt` file,
    and text given with no file's name (`<document>`), are what their name says."""
    assert opens_as_rst(PARAGON)
    assert not is_rst("docs/decisions/0012-x.md", PARAGON)
    assert not is_rst("docs/decisions/0012-x.txt", PARAGON)
    assert not is_rst("<document>", PARAGON)
    assert is_rst("docs/decisions/0012-x.rst")


def test_a_record_without_its_extension_keeps_its_title() -> None:
    """Read as Markdown, `12. Conventions …` over dashes is a list item and the record
    has no title (Open edX's paragon saved one so); read as reST it has one."""
    document = read_document(PARAGON.encode(), "docs/decisions/0012-css-styling")[0].value
    assert document is not None
    assert [t.text for t in document.titles][:1] == ["12. Conventions Regarding CSS Styling"]
    headings = [s.heading.text for s in document.sections]  # one underline: one level
    assert headings == ["Conventions Regarding CSS Styling", "Status", "Context"]


@given(st.binary(max_size=300))
def test_any_bytes_are_told_apart_without_failing(data: bytes) -> None:
    assert opens_as_rst(data) in (True, False)
