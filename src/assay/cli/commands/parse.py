"""``assay parse FILE [--spec] [--json]``: show exactly how assay reads a file."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from assay import __version__
from assay.cli.excerpt import format_diagnostic
from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.names import escape_json, printable
from assay.cli.output import complain, write, write_lines

if TYPE_CHECKING:
    from assay.api.documents import ParsedFile
    from assay.spec.reading import Reading
    from assay.spec.types import DocumentType


def run(options: argparse.Namespace) -> int:
    """Read one file and print its model, as text or JSON."""
    from assay.api.documents import Unreadable, parse_file

    try:
        parsed = parse_file(options.file, spec=options.spec)
    except Unreadable as error:
        complain(f"assay parse: {error}")
        return EXIT_ERROR
    text, model, diagnostics = parsed.text, parsed.value, parsed.diagnostics

    if options.type is not None and not options.spec:
        return _typed(options, parsed)
    if options.json:
        write(_json(reading_value(parsed, spec=options.spec)))
    else:
        from assay.cli.outline import document_outline, spec_outline

        if model is not None:
            lines = spec_outline(model) if options.spec else document_outline(model)  # type: ignore[arg-type]
            write_lines(printable(line, keep="\t") for line in lines)
    for d in diagnostics:
        complain(format_diagnostic(_shown(d), text))
    return EXIT_ERROR if any(d.severity == "error" for d in diagnostics) else EXIT_OK


def _typed(options: argparse.Namespace, parsed: ParsedFile) -> int:
    """``--type NAME``: the document read as a type of the workspace or a built-in one."""
    from assay.api.documents import typed_reading

    doc_type = _find_type(options.type)
    if doc_type is None:
        return EXIT_ERROR
    reading = typed_reading(parsed, doc_type)
    if options.json:
        write(_json(typed_value(parsed, reading)))
    elif reading is not None:
        from assay.cli.reading_outline import reading_outline

        write_lines(printable(line, keep="\t") for line in reading_outline(reading))
    for d in parsed.diagnostics:
        complain(format_diagnostic(_shown(d), parsed.text))
    return EXIT_ERROR if any(d.severity == "error" for d in parsed.diagnostics) else EXIT_OK


def reading_value(parsed: ParsedFile, *, spec: bool) -> object:
    """``--json``: the JSON value of the document's (or with ``spec`` the spec's)
    model and diagnostics, as ``assay schema document`` (``spec``) describes it."""
    # cattrs and the report models load only when JSON is asked for: pre-commit
    # and editors start assay cold, and every import counts there.
    from assay.spec.convert import to_json_value
    from assay.spec.report import REPORT_VERSION, DocumentReading, Entry, SpecReading, Tool

    tool = Tool("assay", __version__)
    entries = tuple(Entry.from_diagnostic(d) for d in parsed.diagnostics)
    model = parsed.value
    reading = (
        SpecReading(REPORT_VERSION, tool, model, entries)  # type: ignore[arg-type]
        if spec
        else DocumentReading(REPORT_VERSION, tool, model, entries)  # type: ignore[arg-type]
    )
    return to_json_value(reading)


def typed_value(parsed: ParsedFile, reading: Reading | None) -> object:
    """``--type NAME --json``: the typed reading's JSON value (``assay schema reading``)."""
    from assay.spec.convert import to_json_value
    from assay.spec.report import REPORT_VERSION, Entry, Tool, TypedReading

    entries = tuple(Entry.from_diagnostic(d) for d in parsed.diagnostics)
    typed = TypedReading(REPORT_VERSION, Tool("assay", __version__), reading, entries)
    return to_json_value(typed)


def _json(value: object) -> str:
    """JSON as the report writes it: a name's undecodable bytes as ``\\udcXX``."""
    return escape_json(json.dumps(value, indent=2, ensure_ascii=False)) + "\n"


def _shown(d: Any) -> Any:
    """``d`` with its path and message fit for a terminal (see ``cli.names``)."""
    from attrs import evolve

    return evolve(d, path=printable(d.path), message=printable(d.message, keep="\n\t"))


def _find_type(name: str) -> DocumentType | None:
    """A type of the workspace's specs, else a built-in one; None (reported) if neither."""
    from assay.api.documents import UnknownType, find_type
    from assay.api.workspace import ConfigError

    try:
        return find_type(name)
    except ConfigError as error:
        complain(f"assay parse: {error}")
        return None
    except UnknownType as error:
        for problem in error.problems:
            complain(format_diagnostic(problem, None))
        complain(f"assay parse: {error}")
        return None
