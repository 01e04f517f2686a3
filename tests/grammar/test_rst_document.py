"""reStructuredText records read into the document model: sections, fields, links,
comments and what docutils reports, each at its exact place."""

from __future__ import annotations

import subprocess
import sys

from assay.grammar.reader import read_document
from assay.spec.document import CodeBlock, Document, ListBlock, Paragraph

RECORD = """\
.. _adr-3:

=============================
ADR-3: Serve Reports With REST
=============================

:Status: Superseded by :doc:`0004-x`
:Date: 2024-03-05

Context
-------

See `the notes <https://example.org/n>`_, `Named`_ and
https://bare.example.org.

.. _Named: ../other/0009-y.rst

Decision
--------

- one
- two `t <t.rst>`_

Serve it::

    GET /x

.. assay: disable-file LNK001 -- the schema folder is generated
"""


def _read(text: str | bytes, path: str = "docs/decisions/0003-x.rst") -> Document:
    data = text.encode() if isinstance(text, str) else text
    parsed, _locator = read_document(data, path)
    assert parsed.value is not None
    return parsed.value


def test_title_section_holds_the_sections_as_children() -> None:
    """The title is the top section; Context and Decision are its children."""
    document = _read(RECORD)
    (top,) = document.sections
    assert top.heading.text == "ADR-3: Serve Reports With REST"
    assert (top.heading.span.line, top.heading.span.column) == (4, 1)
    assert top.span.line == 3  # the overline
    assert [c.heading.text for c in top.children] == ["Context", "Decision"]
    assert [c.heading.level for c in top.children] == [2, 2]
    assert document.titles[0].source == "h1"
    assert not document.plain


def test_head_field_list_is_front_matter() -> None:
    """`:Status:` and `:Date:` are front-matter entries, a link written as Markdown."""
    document = _read(RECORD)
    assert document.front_matter is not None
    entries = {e.key: e for e in document.front_matter.entries}
    assert entries["Status"].value == "Superseded by [0004-x](0004-x.rst)"
    assert entries["Date"].value == "2024-03-05"
    assert (entries["Date"].span.line, entries["Date"].span.column) == (8, 1)
    assert entries["Date"].span.end_column == len(":Date: 2024-03-05") + 1


def test_links_at_their_markup() -> None:
    """Every kind of link, destination resolved, span on its markup."""
    document = _read(RECORD)
    found = [(k.kind, k.destination, k.span.line, k.span.column) for k in document.links]
    assert found == [
        ("reference", "0004-x.rst", 7, 29),  # from the backtick of :doc:`0004-x`
        ("inline", "https://example.org/n", 13, 5),
        ("reference", "../other/0009-y.rst", 13, 43),
        ("autolink", "https://bare.example.org", 14, 1),
        ("inline", "t.rst", 22, 7),
    ]
    raw = RECORD.encode()
    assert raw[document.links[1].span.start : document.links[1].span.end] == (
        b"`the notes <https://example.org/n>`_"
    )
    assert [d.label for d in document.definitions] == ["named"]


def test_blocks() -> None:
    """Lists with their markers, `::` code, paragraphs."""
    document = _read(RECORD)
    decision = document.sections[0].children[1]
    kinds = [type(b) for b in decision.blocks]
    assert kinds == [ListBlock, Paragraph, CodeBlock]
    listed = decision.blocks[0]
    assert isinstance(listed, ListBlock)
    assert [i.marker for i in listed.items] == ["-", "-"]
    code = decision.blocks[2]
    assert isinstance(code, CodeBlock) and code.content == "GET /x"
    assert (code.span.line, code.span.column) == (26, 5)


def test_comment_directives() -> None:
    """`.. assay: …` comments are suppression directives."""
    document = _read(RECORD)
    (directive,) = document.directives
    assert directive.action == "disable-file"
    assert directive.codes == ("LNK001",)
    assert directive.span.line == 28


def test_tabs_map_back_to_columns() -> None:
    """A tab docutils expands to eight columns is one character of the stored line."""
    document = _read("T\n=\n\n:A: b\n\n\tx `y <y.rst>`_\n")
    (link,) = document.links
    assert (link.span.line, link.span.column) == (6, 4)


def test_docutils_problems_are_located_findings() -> None:
    """A short underline and an undefined target are DOC021 at their lines."""
    parsed, _ = read_document(b"T\n=\n\nSection\n----\n\nSee `nowhere`_.\n", "a.rst")
    found = [(d.code, d.span.line, d.span.column) for d in parsed.diagnostics]
    assert found == [("DOC021", 5, 1), ("DOC021", 7, 5)]


SPHINX_READS = """\
T
=

.. code-block:: python
    :dedent: 0
    :emphasize-lines: 1

    x = 1

.. c:function:: void *alloc(size_t n)

    A C function, documented in Sphinx's C domain.

.. cpp:class:: Handler

.. code-block:: python
    :no-such-option: 1

    y = 2

.. no-such-directive:: x
"""


def test_what_sphinx_reads_is_no_problem_and_the_rest_still_is() -> None:
    """A Sphinx domain's directive and Sphinx's `code-block` options are not DOC021
    (NumPy's NEPs use both); an option or a directive no one reads still is."""
    parsed, _ = read_document(SPHINX_READS.encode(), "doc/neps/nep-0049-x.rst")
    found = [(d.code, d.span.line) for d in parsed.diagnostics]
    assert found == [("DOC021", 16), ("DOC021", 21)]


def test_no_file_is_read_and_raw_is_refused() -> None:
    """`include` and `raw` are refused: nothing of another file reaches the model."""
    text = ".. include:: /etc/passwd\n\n.. raw:: html\n\n   <script>x()</script>\n"
    parsed, _ = read_document(text.encode(), "a.rst")
    assert parsed.value is not None
    assert [d.code for d in parsed.diagnostics] == ["DOC021", "DOC021"]
    assert all("<script>" not in str(b) for b in parsed.value.preamble)


def test_undecodable_bytes_are_doc001() -> None:
    """Bytes that are not UTF-8 give DOC001 and no model, as for Markdown."""
    parsed, locator = read_document(b"T\n=\n\n\xff\n", "a.rst")
    assert parsed.value is None and locator is None
    assert [d.code for d in parsed.diagnostics] == ["DOC001"]


def test_markdown_never_imports_docutils() -> None:
    """A Markdown-only read leaves docutils unimported; a `.rst` read imports it."""
    script = (
        "import sys\n"
        "from assay.grammar.reader import read_document\n"
        "read_document(b'# T\\n', 'a.md')\n"
        "print('docutils' in sys.modules)\n"
        "read_document(b'T\\n=\\n', 'a.rst')\n"
        "print('docutils' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["False", "True"]
