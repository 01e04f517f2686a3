"""``assay assemble --where KEY=VALUE … --budget N [--unit bytes|chars] [--out DIR]``:
select the task's declarations and write their bundle.

``--out DIR`` (default ``bundle``, in the current folder) receives ``bundle.md`` and
``manifest.json``, written atomically; standard output then lists what was included and
omitted (the manifest's summary). ``--out -`` writes ``bundle.md``'s bytes to standard
output instead, and the manifest to the file ``--manifest`` names (required then); the
summary goes to standard error. Diagnostics (CTX002 for each optional unit left out;
the errors) go to standard error as ``assay check`` prints them.

Exit 0: written. 1: mandatory overflow (CTX001) or a path or pin problem (PTH…, PIN…):
nothing written. 2: a task, budget or option that cannot be read, an ``--out`` assay
will not replace, a config or spec error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from assay.cli.exit_codes import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK
from assay.cli.names import printable
from assay.cli.output import complain, write

if TYPE_CHECKING:
    from collections.abc import Sequence

    from assay.api.context import Bundle
    from assay.spec.diagnostics import Diagnostic

DEFAULT_OUT = "bundle"


def run(options: argparse.Namespace) -> int:
    """Assemble, then write the bundle (or say why not)."""
    from assay.api.context import (
        BundleError,
        SpecError,
        assemble,
        parse_request,
        parse_where,
        write_bundle,
        write_manifest,
    )
    from assay.api.workspace import ConfigError, load_config
    from assay.errors import UsageError

    out = options.out or DEFAULT_OUT
    if out == "-" and not options.manifest:
        complain("assay assemble: --out - needs --manifest FILE (the manifest's destination)")
        return EXIT_ERROR
    if options.budget is None:
        complain("assay assemble: --budget N is required (the most the bundle may hold)")
        return EXIT_ERROR
    try:
        task = parse_where(options.where or ())
        requests = [parse_request(text) for text in options.declaration or ()]
        explicit = None if options.config is None else Path(options.config).resolve()
        config = load_config(Path.cwd(), explicit)
        bundle = assemble(config.root, task, options.budget, options.unit, requests, config=config)
    except SpecError as error:
        _diagnostics(error.diagnostics, config.root)
        complain(f"assay assemble: {error}; nothing was written")
        return EXIT_ERROR
    except (UsageError, ConfigError) as error:
        complain(f"assay assemble: {error}")
        return EXIT_ERROR
    _diagnostics(bundle.diagnostics, config.root)
    if not bundle.ok:
        complain("assay assemble: nothing was written")
        return EXIT_FINDINGS
    try:
        # What the bundle was read from is never a destination (given the config, the
        # writers refuse the workspace, its config and every source included).
        if out == "-":
            write_manifest(bundle, options.manifest, config=config)
            _write_bytes(bundle.text)
            complain(_summary(bundle, f"standard output and {options.manifest}").rstrip("\n"))
        else:
            written = write_bundle(bundle, out, config=config)
            write(_summary(bundle, f"{written}/bundle.md and {written}/manifest.json"))
    except UsageError as error:  # a refused destination: its message says nothing was written
        complain(f"assay assemble: {printable(str(error))}")
        return EXIT_ERROR
    except (BundleError, OSError) as error:
        complain(f"assay assemble: {printable(str(error))}; nothing was written")
        return EXIT_ERROR
    return EXIT_OK


def _summary(bundle: Bundle, where: str) -> str:
    """One line per included and omitted unit, then what was written where."""
    manifest = bundle.manifest
    assert manifest is not None  # an ok bundle has one
    unit = "bytes" if manifest.unit == "bytes" else "chars"
    rows = []
    for entry in manifest.included:
        lines = "" if entry.lines is None else f" lines {entry.lines[0]}..{entry.lines[1]}"
        who = ", ".join(f"{c.name}@{c.version}" for c in entry.declarations)
        rows.append(f"included  {entry.role:10}  {entry.path}{lines}  {entry.size} {unit}  {who}")
    for gone in manifest.omitted:
        lines = "" if gone.lines is None else f" lines {gone.lines[0]}..{gone.lines[1]}"
        size = "?" if gone.size is None else str(gone.size)
        rows.append(
            f"omitted   {'optional':10}  {gone.path}{lines}  {size} {unit} (room {gone.room})"
        )
    rows.append(
        f"wrote {where}: {len(manifest.included)} units, {manifest.used} of {manifest.budget} "
        f"{unit}, {len(manifest.omitted)} omitted; tracking {manifest.tracking}"
    )
    return "".join(f"{printable(row)}\n" for row in rows)


def _write_bytes(data: bytes) -> None:
    """``bundle.md``'s exact bytes on standard output (no newline translation)."""
    from assay.cli.output import OutputError

    stream = sys.stdout
    if stream is None:
        raise OutputError("standard output is closed")
    stream.flush()
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # a text-only stream (an embedding): the bytes, as text
        stream.write(data.decode("utf-8", "surrogateescape"))
    else:
        buffer.write(data)
        buffer.flush()


def _diagnostics(diagnostics: Sequence[Diagnostic], root: Path) -> None:
    """The diagnostics on standard error, as ``assay check`` prints them."""
    if not diagnostics:
        return
    from assay import __version__
    from assay.api import Report
    from assay.cli.formats import text
    from assay.cli.source_text import source_reader

    report = Report(diagnostics=tuple(diagnostics), suppressed=(), files=(), rules=())
    rendered = text.render(report, version=__version__, source=source_reader(root))
    complain(rendered.rstrip("\n"))
