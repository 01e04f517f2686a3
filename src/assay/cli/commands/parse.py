"""``assay parse FILE [--spec] [--json]``: show exactly how assay reads a file."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from assay import __version__
from assay.cli.excerpt import format_diagnostic
from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.names import escape_json, printable
from assay.cli.output import complain, write, write_lines


def run(options: argparse.Namespace) -> int:
    """Read one file and print its model, as text or JSON."""
    path = Path(options.file)
    raw = _read(path)
    if isinstance(raw, str):
        complain(f"assay parse: cannot read {options.file}: {raw}")
        return EXIT_ERROR
    shown = path.as_posix()

    text: str | None
    if options.spec:
        from assay.grammar.spec import parse_spec

        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            from assay.grammar.markdown.document import parse_document

            diagnostics = parse_document(raw, shown).diagnostics  # the DOC001 with its offset
            spec_result = None
            text = None
        else:
            spec_parsed = parse_spec(text, shown)
            spec_result, diagnostics = spec_parsed.value, spec_parsed.diagnostics
        model: object = spec_result
    else:
        from assay.grammar.markdown import derivations
        from assay.grammar.markdown.document import parse_document

        parsed = parse_document(raw, shown)
        derivations.save()  # this document's shape, for the next run's reader
        diagnostics = parsed.diagnostics
        model = parsed.value
        text = raw.decode("utf-8", "replace")

    if options.type is not None and not options.spec:
        return _typed(options, shown, text, model, diagnostics)
    if options.json:
        # cattrs and the report models load only when JSON is asked for: pre-commit
        # and editors start assay cold, and every import counts there.
        from assay.spec.convert import to_json_value
        from assay.spec.report import REPORT_VERSION, DocumentReading, Entry, SpecReading, Tool

        tool = Tool("assay", __version__)
        entries = tuple(Entry.from_diagnostic(d) for d in diagnostics)
        reading = (
            SpecReading(REPORT_VERSION, tool, model, entries)  # type: ignore[arg-type]
            if options.spec
            else DocumentReading(REPORT_VERSION, tool, model, entries)  # type: ignore[arg-type]
        )
        write(_json(to_json_value(reading)))
    else:
        from assay.cli.outline import document_outline, spec_outline

        if model is not None:
            lines = spec_outline(model) if options.spec else document_outline(model)  # type: ignore[arg-type]
            write_lines(printable(line, keep="\t") for line in lines)
    for d in diagnostics:
        complain(format_diagnostic(_shown(d), text))
    return EXIT_ERROR if any(d.severity == "error" for d in diagnostics) else EXIT_OK


def _typed(
    options: argparse.Namespace, shown: str, text: str | None, model: object, diagnostics: Any
) -> int:
    """``--type NAME``: the document read as a type of the workspace or a built-in one."""
    from assay.engine.reading.read import read
    from assay.engine.reading.vocabulary import Vocabulary
    from assay.spec.document import Document

    doc_type = _find_type(options.type)
    if doc_type is None:
        return EXIT_ERROR
    reading = None
    if isinstance(model, Document) and text is not None:
        reading = read(model, text, Vocabulary(doc_type))
    if options.json:
        from assay.spec.convert import to_json_value
        from assay.spec.report import REPORT_VERSION, Entry, Tool, TypedReading

        entries = tuple(Entry.from_diagnostic(d) for d in diagnostics)
        typed = TypedReading(REPORT_VERSION, Tool("assay", __version__), reading, entries)
        write(_json(to_json_value(typed)))
    elif reading is not None:
        from assay.cli.reading_outline import reading_outline

        write_lines(printable(line, keep="\t") for line in reading_outline(reading))
    for d in diagnostics:
        complain(format_diagnostic(_shown(d), text))
    return EXIT_ERROR if any(d.severity == "error" for d in diagnostics) else EXIT_OK


def _json(value: object) -> str:
    """JSON as the report writes it: a name's undecodable bytes as ``\\udcXX``."""
    return escape_json(json.dumps(value, indent=2, ensure_ascii=False)) + "\n"


def _shown(d: Any) -> Any:
    """``d`` with its path and message fit for a terminal (see ``cli.names``)."""
    from attrs import evolve

    return evolve(d, path=printable(d.path), message=printable(d.message, keep="\n\t"))


def _find_type(name: str) -> Any:
    """A type of the workspace's specs, else a built-in one; None (reported) if neither."""
    from assay.engine.workspace.config import ConfigError, load_config
    from assay.engine.workspace.loading import load_types
    from assay.engine.workspace.types import builtin_type
    from assay.grammar.spec.library import LIBRARIES

    try:
        types, problems = load_types(load_config(Path.cwd()))
    except ConfigError as error:
        complain(f"assay parse: {error}")
        return None
    if name in types:
        return types[name]
    if any(name in exported for exported in LIBRARIES.values()):
        return builtin_type(name)
    for problem in problems:
        complain(format_diagnostic(problem, None))
    known = sorted({*types, *(t for exported in LIBRARIES.values() for t in exported)})
    complain(f"assay parse: no type `{name}` (known: {', '.join(known)})")
    return None


def _read(path: Path) -> bytes | str:
    """The file's bytes, or why not, opened as ``check`` opens documents (no link).

    A relative path is walked from the current folder without following any link, so
    ``parse docs/adr/0002-x.md`` of a link to ``/etc/passwd`` shows no byte of it; an
    absolute one from its own folder (its last component may not be a link).
    """
    from assay.engine.files.opening import open_contained
    from assay.engine.files.refusal import Refused

    root, name = (path.parent, path.name) if path.is_absolute() else (Path.cwd(), path.as_posix())
    opened = open_contained(root, name)
    if isinstance(opened, Refused):
        return opened.message
    with opened:
        chunks = []
        while chunk := os.read(opened.fileno(), 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
