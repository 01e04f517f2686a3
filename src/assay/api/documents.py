"""The Python API of ``assay parse``: one file read as assay reads it, and typed.

::

    from assay.api import documents

    parsed = documents.parse_file("docs/adr/0001-record-decisions.md")
    for section in parsed.value.walk_sections():        # a Document (None: undecodable)
        print(section.heading.level, section.heading.text)
    adr = documents.find_type("adr")                    # the workspace's, else built in
    reading = documents.typed_reading(parsed, adr)      # fields, sections, relations
    spec = documents.parse_file("assay/decisions.assay", spec=True)
    print([d.code for d in spec.diagnostics])

A file is opened as ``assay check`` opens documents (no link followed: ``parse`` of a
link to ``/etc/passwd`` shows no byte of it); one that cannot be opened raises
``Unreadable``. Problems in a file are diagnostics; nothing here prints. For bytes you
hold already, ``assay.parse_document`` and ``assay.parse_spec`` read them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from assay.api import StrPath
from assay.errors import InputError, UsageError
from assay.spec.model import Model

if TYPE_CHECKING:
    from assay.engine.workspace.config import Config
    from assay.spec.diagnostics import Diagnostic
    from assay.spec.document import Document
    from assay.spec.reading import Reading
    from assay.spec.specfile import SpecFile
    from assay.spec.types import DocumentType

__all__ = ["ParsedFile", "UnknownType", "Unreadable", "find_type", "parse_file", "typed_reading"]


class Unreadable(InputError):
    """A file could not be opened as a document is opened, or read."""

    def __init__(self, path: StrPath, reason: str) -> None:
        """``path`` as given; ``reason`` says why (a refusal's message, say)."""
        self.path, self.reason = os.fspath(path), reason
        super().__init__(f"cannot read {self.path}: {reason}")


class UnknownType(UsageError):
    """No type of the workspace's specs, nor a built-in one, has the name asked for."""

    def __init__(self, name: str, known: tuple[str, ...], problems: tuple[Diagnostic, ...]):
        """``known``: every type name there is; ``problems``: the specs' diagnostics."""
        self.name, self.known, self.problems = name, known, problems
        super().__init__(f"no type `{name}` (known: {', '.join(known)})")


@frozen(kw_only=True)
class ParsedFile(Model):
    """One file as ``assay parse`` reads it."""

    #: The path as given, in POSIX form: what the diagnostics name.
    path: str
    #: The file's text (undecodable bytes replaced), for excerpts; None for a spec
    #: that is not UTF-8.
    text: str | None
    #: The document or spec read; None when nothing usable could be built.
    value: Document | SpecFile | None
    #: What reading found, in the parser's order.
    diagnostics: tuple[Diagnostic, ...]


def parse_file(path: StrPath, *, spec: bool = False) -> ParsedFile:
    """Read the Markdown or plain-text document at ``path`` (or with ``spec`` the
    ``.assay`` spec) into its model. A relative path is walked from the current folder
    without following any link; an absolute one from its own folder. The document
    shapes met are kept for the next run's reader (the user cache). Raises
    ``Unreadable`` when the file cannot be opened so."""
    given = Path(path)
    raw = _read(given, path)
    shown = given.as_posix()
    if spec:
        from assay.grammar.spec import parse_spec

        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            from assay.grammar.markdown.document import parse_document

            # The DOC001 with the offset of the first bad byte.
            found = parse_document(raw, shown).diagnostics
            return ParsedFile(path=shown, text=None, value=None, diagnostics=found)
        parsed_spec = parse_spec(text, shown)
        return ParsedFile(
            path=shown, text=text, value=parsed_spec.value, diagnostics=parsed_spec.diagnostics
        )
    from assay.grammar.reader import parse_document

    parsed = parse_document(raw, shown)  # reStructuredText for a `.rst` path
    text = raw.decode("utf-8", "replace")
    return ParsedFile(path=shown, text=text, value=parsed.value, diagnostics=parsed.diagnostics)


def find_type(name: str, config: Config | None = None) -> DocumentType:
    """The type ``name`` of the workspace's specs, else the built-in one (``adr``,
    ``madr``, ``overview``…). ``config``: the workspace's (default: the nearest one
    from the current folder). Raises ``UnknownType`` (with the names known and the
    specs' problems) when there is none, ``ConfigError`` for a config that cannot be
    read."""
    from assay.engine.workspace.config import load_config
    from assay.engine.workspace.loading import load_types
    from assay.engine.workspace.types import builtin_type
    from assay.grammar.spec.library import LIBRARIES

    types, problems = load_types(config if config is not None else load_config(Path.cwd()))
    if name in types:
        return types[name]
    if any(name in exported for exported in LIBRARIES.values()):
        return builtin_type(name)
    known = sorted({*types, *(t for exported in LIBRARIES.values() for t in exported)})
    raise UnknownType(name, tuple(known), tuple(problems))


def typed_reading(parsed: ParsedFile, doc_type: DocumentType) -> Reading | None:
    """``parsed`` read as ``doc_type``: its fields, sections and relations; None when
    it holds no document (undecodable bytes, or a spec)."""
    from assay.engine.reading.read import read
    from assay.engine.reading.vocabulary import Vocabulary
    from assay.spec.document import Document

    if not isinstance(parsed.value, Document) or parsed.text is None:
        return None
    return read(parsed.value, parsed.text, Vocabulary(doc_type))


def _read(path: Path, given: StrPath) -> bytes:
    """The file's bytes, opened as ``check`` opens documents (no link followed);
    ``given``: the path as the caller wrote it, for the message."""
    from assay.engine.files.opening import read_contained
    from assay.engine.files.refusal import Refused

    root, name = (path.parent, path.name) if path.is_absolute() else (Path.cwd(), path.as_posix())
    data = read_contained(root, name)
    if isinstance(data, Refused):
        raise Unreadable(given, data.message)
    return data
