"""``assay pin [--write]``: verify every pinned source; ``--write`` renews the digests.

Standard output holds the report — each problem as ``assay check`` reports it (the same
codes, messages and places: PIN001 to PIN003 and PTH001 to PTH004 at the source in its
spec file) — then, in text, a summary line per outcome. With ``--write`` the digests of
every source that could be read are written first (``engine.context.pin_write``) and the
pins verified again, so the report says what still needs a human: a refused path, a
range outside its file. Exit 0 when every pin holds; 1 on drift, a missing digest or a
refused path (at the config's ``fail-on``); 2 for a config or spec error (its diagnostics
printed as ``assay check`` prints them) or a spec file that cannot be written.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from assay import __version__
from assay.cli.exit_codes import EXIT_ERROR
from assay.cli.names import printable
from assay.cli.output import complain, write

if TYPE_CHECKING:
    from collections.abc import Sequence

    from assay.engine.workspace.pin_results import PinResult

#: How the summary names each status.
_SAID = {
    "ok": "hold",
    "mismatch": "changed",
    "missing-digest": "without a digest",
    "out-of-range": "with a range outside the file",
    "refused": "refused",
}


def run(options: argparse.Namespace) -> int:
    """Verify (and with ``--write`` renew, then verify again); report; exit."""
    from assay.cli.commands.check import exit_code
    from assay.cli.formats import FORMATTERS
    from assay.cli.source_text import source_reader
    from assay.engine.context.pin_write import SpecChanged, renew
    from assay.engine.context.pins import verify_pins
    from assay.engine.runner.pin_pass import pin_diagnostics
    from assay.engine.runner.result import Report
    from assay.engine.workspace.config import ConfigError, load_config
    from assay.engine.workspace.loading import open_workspace

    try:
        config = load_config(Path.cwd(), Path(options.config) if options.config else None)
    except ConfigError as error:
        complain(f"assay pin: {error}")
        return EXIT_ERROR
    workspace = open_workspace(config)
    if workspace.stopped:
        from assay.cli.commands.select import _spec_errors

        _spec_errors(workspace.spec_diagnostics, config.root)
        complain("assay pin: the specs have errors; no pin was verified")
        return EXIT_ERROR
    results = verify_pins(workspace)
    written: tuple[str, ...] = ()
    if options.write:
        try:
            written = renew(config.root, results)
        except (SpecChanged, OSError) as error:
            complain(f"assay pin: cannot write the digests: {error}")
            return EXIT_ERROR
        if written:
            workspace = open_workspace(config)
            results = verify_pins(workspace)
    diagnostics = pin_diagnostics(workspace, results)
    specs = tuple(sorted({r.spec for r in results}))
    report = Report(diagnostics=diagnostics, suppressed=(), files=specs, rules=())
    source = source_reader(config.root)
    rendered = FORMATTERS[options.format](report, version=__version__, source=source)
    if options.format == "text":
        rendered = _summary(rendered, results, written)
    write(rendered)
    return exit_code(report.diagnostics, config.fail_on)


def _summary(rendered: str, results: Sequence[PinResult], written: Sequence[str]) -> str:
    """The text report, then what was verified and what was written."""
    lines = [rendered.rstrip("\n")] if rendered.strip() else []
    if not results:
        lines.append("assay pin: the specs declare no sources to pin")
    else:
        counts: Counter[str] = Counter(r.status for r in results)
        parts = [f"{counts[s]} {said}" for s, said in _SAID.items() if counts[s]]
        noun = "source" if len(results) == 1 else "sources"
        lines.append(f"assay pin: {len(results)} pinned {noun}: {', '.join(parts)}")
    for spec in written:
        lines.append(f"assay pin: renewed the digests in {printable(spec)}")
    return "".join(f"{line}\n" for line in lines)
