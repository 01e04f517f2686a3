"""``assay select --where KEY=VALUE … [--declaration NAME@V] [--explain]``: which
declarations a task gets, and (``--explain``) why each other one not.

Standard output holds the selection only: one ``name@version  path:line`` line per
selected declaration, then with ``--explain`` a ``not selected:`` list with each
reason; or the JSON ``assay schema selection`` describes.  Notes (nothing selected, a
task dimension no declaration names) go to standard error.  Exit 0 whatever was
selected; 2 for a task that cannot be read, a version that does not exist, a config
or spec error (its diagnostics printed as ``assay check`` prints them).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from assay import __version__
from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.names import escape_json, printable
from assay.cli.output import complain, write

if TYPE_CHECKING:
    from collections.abc import Sequence

    from assay.api.context import Decision, Selection
    from assay.spec.diagnostics import Diagnostic


def run(options: argparse.Namespace) -> int:
    """Select, then print the selection as text or JSON."""
    from assay.api.context import SpecError, parse_request, parse_where, select
    from assay.api.workspace import ConfigError, load_config
    from assay.errors import UsageError

    try:
        task = parse_where(options.where or ())
        requests = [parse_request(text) for text in options.declaration or ()]
        explicit = None if options.config is None else Path(options.config).resolve()
        config = load_config(Path.cwd(), explicit)
        selection = select(config.root, task, requests, config=config)
    except SpecError as error:
        _spec_errors(error.diagnostics, config.root)
        complain(f"assay select: {error}; nothing was selected")
        return EXIT_ERROR
    except (UsageError, ConfigError) as error:
        complain(f"assay select: {error}")
        return EXIT_ERROR
    if options.format == "json":
        write(_json(selection))
    else:
        write(_text(selection, explain=options.explain))
    _notes(selection, explain=options.explain)
    return EXIT_OK


def _text(selection: Selection, *, explain: bool) -> str:
    chosen, others = selection.selected, selection.excluded if explain else ()
    names = [_name(d) for d in (*chosen, *others)]
    places = [_place(d) for d in (*chosen, *others)]
    name_width = max((len(n) for n in names), default=0)
    place_width = max((len(p) for p in places[len(chosen) :]), default=0)
    lines = [f"{names[i]:{name_width}}  {places[i]}" for i in range(len(chosen))]
    if others:
        if lines:
            lines.append("")
        lines.append("not selected:")
        for i, decision in enumerate(others, start=len(chosen)):
            why = printable(decision.message)
            lines.append(f"{names[i]:{name_width}}  {places[i]:{place_width}}  {why}")
    return "".join(f"{line}\n" for line in lines)


def _name(decision: Decision) -> str:
    return printable(f"{decision.declared.name}@{decision.declared.version}")


def _place(decision: Decision) -> str:
    return printable(f"{decision.declared.path}:{decision.declared.line}")


def _json(selection: Selection) -> str:
    text = json.dumps(selection_value(selection), indent=2, ensure_ascii=False)
    return escape_json(text) + "\n"


def selection_value(selection: Selection) -> object:
    """The JSON value of the selection, as ``assay schema selection`` describes it."""
    from assay.spec.convert import to_json_value
    from assay.spec.selection_report import (
        SELECTION_VERSION,
        ExcludedEntry,
        SelectedEntry,
        SelectionReport,
    )

    report = SelectionReport(
        version=SELECTION_VERSION,
        task=dict(selection.task),
        selected=tuple(
            SelectedEntry(name=d.name, version=d.version, path=d.path, line=d.line)
            for d in (decision.declared for decision in selection.selected)
        ),
        excluded=tuple(
            ExcludedEntry(
                name=d.declared.name,
                version=d.declared.version,
                path=d.declared.path,
                line=d.declared.line,
                reason=d.reason,  # type: ignore[arg-type]  # never "selected" here
                dimension=d.dimension,
                message=d.message,
            )
            for d in selection.excluded
        ),
    )
    return to_json_value(report)


def _notes(selection: Selection, *, explain: bool) -> None:
    if not selection.decisions:
        complain("assay select: note: the specs declare no task context (no `declaration`)")
        return
    for key in selection.unused_dimensions:
        complain(f"assay select: note: no declaration names the dimension {key!r}")
    if not selection.selected:
        hint = "" if explain else " (--explain says why)"
        complain(f"assay select: note: no declaration matches the task{hint}")


def _spec_errors(diagnostics: Sequence[Diagnostic], root: Path) -> None:
    """The spec problems on standard error, as ``assay check`` prints them."""
    from assay.api import Report
    from assay.cli.formats import text
    from assay.cli.source_text import source_reader

    report = Report(diagnostics=tuple(diagnostics), suppressed=(), files=(), rules=())
    rendered = text.render(report, version=__version__, source=source_reader(root))
    complain(rendered.rstrip("\n"))
