"""assay: declare, check, assemble and publish evidence-bearing documents.

The package root stays import-light (no Lark, no YAML) so that ``assay --version``
and pre-commit runs start fast; the public helpers import their stage lazily.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assay.version import __version__

if TYPE_CHECKING:
    from assay.spec.diagnostics import Parsed
    from assay.spec.document import Document
    from assay.spec.specfile import SpecFile

__all__ = ["__version__", "parse_document", "parse_spec"]


def parse_document(data: bytes | str, path: str = "<document>") -> Parsed[Document]:
    """Read a Markdown or plain-text document into a :class:`~assay.spec.document.Document`.

    Never raises on bad input: undecodable bytes become a ``DOC001`` diagnostic.
    """
    from assay.grammar.document import parse_document as _parse

    return _parse(data, path)


def parse_spec(text: str, path: str = "<spec>") -> Parsed[SpecFile]:
    """Read a ``.assay`` spec into a :class:`~assay.spec.specfile.SpecFile`.

    Never raises on bad input: syntax errors become ``SPC001`` diagnostics.
    """
    from assay.grammar.spec import parse_spec as _parse

    return _parse(text, path)
