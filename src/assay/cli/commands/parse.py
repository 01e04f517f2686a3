"""``assay parse FILE [--spec] [--json]``: show exactly how assay reads a file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from assay import __version__
from assay.cli import EXIT_ERROR, EXIT_OK
from assay.cli.excerpt import format_diagnostic


def run(options: argparse.Namespace) -> int:
    """Read one file and print its model, as text or JSON."""
    path = Path(options.file)
    try:
        raw = path.read_bytes()
    except OSError as error:
        print(
            f"assay parse: cannot read {options.file}: {error.strerror or error}", file=sys.stderr
        )
        return EXIT_ERROR
    shown = path.as_posix()

    text: str | None
    if options.spec:
        from assay.grammar.spec import parse_spec

        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            from assay.grammar.document import parse_document

            diagnostics = parse_document(raw, shown).diagnostics  # the DOC001 with its offset
            spec_result = None
            text = None
        else:
            spec_parsed = parse_spec(text, shown)
            spec_result, diagnostics = spec_parsed.value, spec_parsed.diagnostics
        model: object = spec_result
    else:
        from assay.grammar.document import parse_document

        parsed = parse_document(raw, shown)
        diagnostics = parsed.diagnostics
        model = parsed.value
        text = raw.decode("utf-8", "replace")

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
        print(json.dumps(to_json_value(reading), indent=2, ensure_ascii=False))
    else:
        from assay.cli.outline import document_outline, spec_outline

        if model is not None:
            lines = spec_outline(model) if options.spec else document_outline(model)  # type: ignore[arg-type]
            for line in lines:
                print(line)
    for d in diagnostics:
        print(format_diagnostic(d, text), file=sys.stderr)
    return EXIT_ERROR if any(d.severity == "error" for d in diagnostics) else EXIT_OK
