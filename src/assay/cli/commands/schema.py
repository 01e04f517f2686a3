"""``assay schema [NAME]``: the JSON Schemas of what assay prints."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.output import write, write_lines

NAMES = {
    "document": "what `assay parse FILE --json` prints",
    "spec": "what `assay parse --spec FILE --json` prints",
    "reading": "what `assay parse FILE --type NAME --json` prints",
    "report": "what `assay check --format json` prints",
    "files": "what `assay files --format json` prints",
    "selection": "what `assay select --format json` prints",
    "manifest": "the manifest.json `assay assemble` writes beside bundle.md",
    "trace": "one line of assay's neutral trace format, which `assay trace check` reads",
    "window": "what `assay trace fetch --format json` prints",
    "summary": "what `assay eval summary --format json` prints",
}


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema called ``name``."""
    from assay.spec import report
    from assay.spec.schema import schema_for

    if name == "selection":
        from assay.spec.selection_report import SELECTION_VERSION, SelectionReport

        return schema_for(
            SelectionReport,
            title="assay selection",
            identifier=f"https://assay.invalid/schemas/selection-v{SELECTION_VERSION}.json",
        )
    if name == "trace":
        from assay.spec.trace_format import trace_schema

        return trace_schema()
    if name == "window":
        from assay.spec.trace_window import WINDOW_VERSION, Window

        return schema_for(
            Window,
            title="assay transcript window",
            identifier=f"https://assay.invalid/schemas/window-v{WINDOW_VERSION}.json",
        )
    if name == "summary":
        from assay.spec.evaluation_summary import summary_schema

        return summary_schema()
    if name == "manifest":
        from assay.spec.manifest import MANIFEST_VERSION, Manifest

        return schema_for(
            Manifest,
            title="assay bundle manifest",
            identifier=f"https://assay.invalid/schemas/manifest-v{MANIFEST_VERSION}.json",
        )
    cls = {
        "document": report.DocumentReading,
        "spec": report.SpecReading,
        "reading": report.TypedReading,
        "report": report.Report,
        "files": report.FileListing,
    }[name]
    return schema_for(
        cls,
        title=f"assay {name}",
        identifier=f"https://assay.invalid/schemas/{name}-v{report.REPORT_VERSION}.json",
    )


def run(options: argparse.Namespace) -> int:
    """Print one schema, or list them."""
    if options.name is None:
        write_lines(f"{name:10} {what}" for name, what in NAMES.items())
        return EXIT_OK
    if options.name not in NAMES:
        print(
            f"assay schema: unknown schema {options.name!r}; expected one of: {', '.join(NAMES)}",
            file=sys.stderr,
        )
        return EXIT_ERROR
    write(json.dumps(schema(options.name), indent=2, ensure_ascii=False) + "\n")
    return EXIT_OK
