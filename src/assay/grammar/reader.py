"""Read a document by its format: reStructuredText for a ``.rst`` file (and a file
without an extension that opens with a reST title), Markdown (and plain text) for
anything else.

Both readers build the same ``Document`` model, so everything after reading (the
type-directed reader, the checks, the site) is the same for both.  docutils is
imported only when a ``.rst`` file is read.
"""

from __future__ import annotations

import posixpath
import re

from assay.grammar.locate import Locator
from assay.grammar.markdown.document import read_document as read_markdown
from assay.spec.diagnostics import Parsed
from assay.spec.document import Document

#: The file names read as reStructuredText (case-insensitive).
RST_SUFFIXES = (".rst",)


def is_rst(path: str, text: bytes | str | None = None) -> bool:
    """True when ``path`` names a reStructuredText file, or names no format (a record
    saved without its extension) and ``text``, when given, opens the reST way."""
    if path.lower().endswith(RST_SUFFIXES):
        return True
    if text is None or path.startswith("<") or posixpath.splitext(path)[1]:
        return False  # `<document>`: text given with no file's name at all
    return opens_as_rst(text)


#: reST's title adornment: one punctuation character repeated (`-----`, `=====`).
_ADORNMENT = re.compile(r"([!-/:-@\[-`{-~])\1{2,}[ \t]*")
#: How many lines a title is looked for in.
_HEAD = 12
#: What only Markdown writes: an ATX heading, an inline link. (Not a fence: reST
#: underlines a section with `~~~` too.)
_MARKDOWN = re.compile(r"^#{1,6}[ \t]|\]\(", re.MULTILINE)


def opens_as_rst(text: bytes | str) -> bool:
    """Whether ``text`` opens with a reStructuredText title (a line underlined, perhaps
    overlined too, at least as long as it) and writes nothing only Markdown writes.
    Markdown would read `12. Conventions` over dashes as a list item, and lose the
    title: a file that names no format is read as what it is written in."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    # The head's lines only: the rest of a long file is not split for them.
    lines = [line.rstrip("\r") for line in text.removeprefix("\ufeff").split("\n", _HEAD)]
    del lines[_HEAD:]
    # Blank lines, and the label or comment a record may open with (`.. _adr-3:`).
    while lines and (not lines[0].strip() or lines[0].startswith(".. ")):
        del lines[0]
    if lines and _ADORNMENT.fullmatch(lines[0]):
        lines = lines[1:]  # an overline
    if len(lines) < 2 or not lines[0].strip() or not _ADORNMENT.fullmatch(lines[1]):
        return False
    return len(lines[1].rstrip()) >= len(lines[0].rstrip()) and not _MARKDOWN.search(text)


def read_document(
    data: bytes | str, path: str = "<document>"
) -> tuple[Parsed[Document], Locator | None]:
    """``data`` read in the format ``path`` names (or, for a file that names none, the
    format it opens in), and the locator of its text."""
    if not is_rst(path, data):
        return read_markdown(data, path)
    from assay.grammar.rst.document import read_rst  # docutils, only for `.rst` files

    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    return read_rst(raw, path)


def parse_document(data: bytes | str, path: str = "<document>") -> Parsed[Document]:
    """``read_document`` without the locator."""
    return read_document(data, path)[0]
