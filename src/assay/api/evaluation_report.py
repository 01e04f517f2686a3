"""The Python API of ``assay eval summary``'s report: rendered, and written safely.

::

    from assay.api import evaluation, evaluation_report

    found = evaluation.summarize_store("evidence.sqlite")
    print(evaluation_report.render_summary(found, "text"))
    written = evaluation_report.write_summary(
        found, "report.md", store="evidence.sqlite", form="markdown"
    )   # report.md and, beside it, report.differences.svg, which the report links to

``form`` is ``text``, ``json`` (``assay schema evaluation-summary``) or ``markdown``.
``write_summary`` asks every destination the one rule (``engine.files.destination``)
before it writes any (a refused plot leaves no report behind): an absent path or a
previous summary (``is_summary``) or plot (``is_plot``) may be written; never the store
read (or its ``-wal``, ``-shm`` and ``-journal`` files), any other file assay did not
make (a store, a policy), a tracked file, an input of the workspace, a link, a path
through one inside the workspace, or anything under ``.git``. A refusal is
``DestinationRefused`` (a ``UsageError``), nothing written; ``OSError`` when the disk
refuses.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import evolve

from assay.api import StrPath
from assay.engine.files.destination import Destination, DestinationRefused, Ground, claim
from assay.engine.files.made import starts_like

if TYPE_CHECKING:
    from assay.spec.evaluation_summary import Summary

__all__ = [
    "PLOT_SUFFIX",
    "DestinationRefused",
    "is_plot",
    "is_summary",
    "plot_beside",
    "render_summary",
    "write_summary",
]

#: What the plot's name adds to the report's stem: ``REPORT.md`` -> ``REPORT.differences.svg``.
PLOT_SUFFIX = ".differences.svg"


def plot_beside(report: StrPath) -> Path:
    """The plot's path for ``report``: beside it, named after it (two reports in one
    folder have two plots)."""
    path = Path(report)
    return path.with_name(path.stem + PLOT_SUFFIX)


def render_summary(summary: Summary, form: str, *, plot: str | None = None) -> str:
    """``summary`` as ``form`` (``text``, ``json`` or ``markdown``); ``plot``: the name
    of the plot file a Markdown report links to, if any."""
    from assay.engine.evidence.summary import render_markdown, render_text, summary_json

    if form == "json":
        return json.dumps(summary_json(summary), indent=2, ensure_ascii=False) + "\n"
    if form == "markdown":
        return render_markdown(summary, plot=plot)
    return render_text(summary)


def write_summary(
    summary: Summary, output: StrPath, *, store: StrPath, form: str = "markdown"
) -> tuple[Path, ...]:
    """Write ``summary`` as ``form`` to ``output``, each file whole and under the umask;
    a Markdown report gets its plot beside it (written first). ``store``: the store
    the summary was read from, never replaced. The paths written."""
    from assay.engine.evidence.summary import plot_differences
    from assay.engine.files.writing import write_output

    out, db = Path(output), Path(store)
    plot = plot_beside(out) if form == "markdown" else None
    text = render_summary(summary, form, plot=None if plot is None else plot.name)
    kept = [db, *(Path(f"{db}{suffix}") for suffix in ("-wal", "-shm", "-journal"))]
    ground = _ground(kept)
    # All asked before any is written: a refused plot leaves no report behind.
    report = Destination(os.fspath(out), "--output", made=is_summary, what="summary")
    written = [(claim(report, ground), text)]
    if plot is not None:
        drawn = Destination(os.fspath(plot), "--output's plot", made=is_plot, what="plot")
        written.insert(0, (claim(drawn, ground), plot_differences(summary)))
    for path, data in written:
        write_output(path, data.encode("utf-8"))
    return tuple(path for path, _ in written)


#: How each form of the summary begins.
_SUMMARY = re.compile(
    rb"Evaluation summary: \d+ tasks"
    rb"|# Evaluation summary\r?\n"
    rb'|\{\s*"version":\s*\d+,\s*"subset":'
)
_PLOT = re.compile(rb'<svg xmlns="http://www.w3.org/2000/svg"[^\n]*>\n<title>Per-task matched ')


def is_summary(path: Path) -> bool:
    """Whether ``path`` holds a summary ``assay eval summary`` wrote, in any form."""
    return starts_like(path, _SUMMARY)


def is_plot(path: Path) -> bool:
    """Whether ``path`` holds the plot ``assay eval summary`` draws beside a report."""
    return starts_like(path, _PLOT)


def _ground(kept: list[Path]) -> Ground:
    """The workspace around the current folder, if any, with the store read."""
    from assay.engine.workspace.config import ConfigError, load_config
    from assay.engine.workspace.inputs import ground

    try:
        config = load_config(Path.cwd(), None)
    except (ConfigError, OSError):  # no workspace here: the summary needs none
        return Ground(reserved=tuple(kept))
    return evolve(ground(config), reserved=tuple(kept))
