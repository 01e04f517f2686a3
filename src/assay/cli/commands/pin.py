"""``assay pin [--write]``: verify every pinned source; ``--write`` renews the digests.

Standard output holds the report — each problem as ``assay check`` reports it (the same
codes, messages and places: PIN001 to PIN003 and PTH001 to PTH004 at the source in its
spec file) — then, in text, a summary line per outcome. With ``--write`` the digests of
every source that could be read are written first (``api.pins.check_pins``) and the
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

    from assay.api.pins import PinResult

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
    from assay.api import SpecError
    from assay.api.pins import DigestsNotWritten, check_pins
    from assay.api.workspace import ConfigError, load_config
    from assay.cli.commands.check import exit_code
    from assay.cli.formats import FORMATTERS
    from assay.cli.source_text import source_reader

    try:
        config = load_config(Path.cwd(), options.config or None)
    except ConfigError as error:
        complain(f"assay pin: {error}")
        return EXIT_ERROR
    try:
        checked = check_pins(config=config, write=options.write)
    except SpecError as error:
        from assay.cli.commands.select import _spec_errors

        _spec_errors(error.diagnostics, config.root)
        complain("assay pin: the specs have errors; no pin was verified")
        return EXIT_ERROR
    except DigestsNotWritten as error:
        complain(f"assay pin: {error}")
        return EXIT_ERROR
    report = checked.report
    source = source_reader(config.root)
    rendered = FORMATTERS[options.format](report, version=__version__, source=source)
    if options.format == "text":
        rendered = _summary(rendered, checked.results, checked.written)
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
