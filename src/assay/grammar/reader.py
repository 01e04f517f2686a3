"""Read a document by its format: reStructuredText for a ``.rst`` file, Markdown (and
plain text) for anything else.

Both readers build the same ``Document`` model, so everything after reading (the
type-directed reader, the checks, the site) is the same for both.  docutils is
imported only when a ``.rst`` file is read.
"""

from __future__ import annotations

from assay.grammar.locate import Locator
from assay.grammar.markdown.document import read_document as read_markdown
from assay.spec.diagnostics import Parsed
from assay.spec.document import Document

#: The file names read as reStructuredText (case-insensitive).
RST_SUFFIXES = (".rst",)


def is_rst(path: str) -> bool:
    """True when ``path`` names a reStructuredText file."""
    return path.lower().endswith(RST_SUFFIXES)


def read_document(
    data: bytes | str, path: str = "<document>"
) -> tuple[Parsed[Document], Locator | None]:
    """``data`` read in the format ``path`` names, and the locator of its text."""
    if not is_rst(path):
        return read_markdown(data, path)
    from assay.grammar.rst.document import read_rst  # docutils, only for `.rst` files

    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    return read_rst(raw, path)


def parse_document(data: bytes | str, path: str = "<document>") -> Parsed[Document]:
    """``read_document`` without the locator."""
    return read_document(data, path)[0]
