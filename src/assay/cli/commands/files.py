"""``assay files``: what discovery found, each file with its type and why it was
chosen or passed over, and what discovery could not do (its notes)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from assay import __version__
from assay.api.workspace import ConfigError, Note, inventory, load_config
from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.names import escape_json, printable
from assay.cli.output import write
from assay.spec.report import FileEntry

_WHY = {
    "convention": "in {folder}, a usual records folder",
    "adr-dir": "in {folder}, the folder .adr-dir names",
    "log4brains": "in {folder}, an adrFolder of .log4brains.yml",
    "naming": "in {folder}, whose files are named and written as records",
    "include": "matches include {pattern}",
    "type": "matches its type's files {pattern}",
    "run": "a file of the analysis run {folder}",
    "specs": "matches specs {pattern}",
    "template": "skipped: a template",
    "listing": "skipped: the folder's README or contents page",
    "symlink": "skipped: a symbolic link, not followed",
    "not-regular-file": "skipped: not a regular file",
    "unsupported-format": "skipped: a format assay does not read (DOC016)",
    "not-records": "skipped: not a record",
}


def run(options: argparse.Namespace) -> int:
    """Print the listing as text or JSON."""
    try:
        config = load_config(Path.cwd(), options.config or None)
    except ConfigError as error:
        print(f"assay files: {error}", file=sys.stderr)
        return EXIT_ERROR
    found = inventory(config)
    if options.format == "json":
        write(_json(found.files, found.notes))
    else:
        write(_text(found.files, found.notes))
    return EXIT_OK


def why(entry: FileEntry) -> str:
    """The reason in words: ``in docs/adr, a usual records folder``."""
    text = _WHY[entry.reason].format(
        folder=printable(entry.folder or "."), pattern=f'"{printable(entry.pattern or "")}"'
    )
    return f"{text} ({printable(entry.detail)})" if entry.detail else text


def _text(files: Sequence[FileEntry], notes: Sequence[Note]) -> str:
    width = max((len(printable(e.path)) for e in files), default=0)
    kinds = [e.type or ("spec" if e.role == "spec" else "-") for e in files]
    kind_width = max((len(k) for k in kinds), default=0)
    lines = [
        f"{printable(e.path):{width}}  {kind:{kind_width}}  {why(e)}"
        for e, kind in zip(files, kinds, strict=True)
    ]
    for note in notes:
        where = printable(note.path) + (f":{note.line}" if note.line is not None else "")
        lines.append(f"warning: {where}: {printable(note.message)}")
    counts = {role: sum(e.role == role for e in files) for role in ("document", "spec", "skipped")}
    lines.append(
        f"{_plural(counts['document'], 'document')}, {_plural(counts['spec'], 'spec')}, "
        f"{counts['skipped']} skipped"
    )
    return "\n".join(lines) + "\n"


def _json(files: Sequence[FileEntry], notes: Sequence[Note]) -> str:
    text = json.dumps(listing_value(files, notes), indent=2, ensure_ascii=False)
    return escape_json(text) + "\n"


def listing_value(files: Sequence[FileEntry], notes: Sequence[Note]) -> object:
    """The JSON value of the listing, as ``assay schema files`` describes it (the MCP
    tool ``files`` gives this value too)."""
    from assay.spec.convert import to_json_value
    from assay.spec.report import REPORT_VERSION, FileListing, NoteEntry, Tool

    listing = FileListing(
        version=REPORT_VERSION,
        tool=Tool("assay", __version__),
        files=tuple(files),
        notes=tuple(NoteEntry(path=n.path, line=n.line, message=n.message) for n in notes),
    )
    return to_json_value(listing)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
