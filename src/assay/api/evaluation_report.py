"""The Python API of ``assay eval summary``'s report: rendered, and written safely.

::

    from assay.api import evaluation, evaluation_report

    found = evaluation.summarize_store("evidence.sqlite")
    print(evaluation_report.render_summary(found, "text"))
    written = evaluation_report.write_summary(
        found, "report.md", store="evidence.sqlite", form="markdown"
    )   # report.md and, beside it, report.differences.svg, which the report links to

``form`` is ``text``, ``json`` (``assay schema evaluation-summary``) or ``markdown``.
``write_summary`` asks every destination before it writes any (a refused plot leaves
no report behind), and none may be an input of an evaluation (DESIGN §6): the store
read (or its ``-wal``, ``-shm`` and ``-journal`` files), any other evidence store or
policy file whatever its name, the workspace's config or a spec; nor a link or a
folder. A refusal is ``DestinationRefused`` (a ``UsageError``), nothing written;
``OSError`` when the disk refuses. A previous report may be replaced.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from assay.api import StrPath
from assay.engine.files.destination import DestinationRefused, check_file_destination

if TYPE_CHECKING:
    from assay.spec.evaluation_summary import Summary

__all__ = ["PLOT_SUFFIX", "plot_beside", "render_summary", "write_summary"]

#: What the plot's name adds to the report's stem: ``REPORT.md`` -> ``REPORT.differences.svg``.
PLOT_SUFFIX = ".differences.svg"
_SQLITE = b"SQLite format 3\x00"
#: A policy is a small TOML file; a larger one is not read to find out.
_POLICY_BYTES = 1 << 20


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
    from assay.engine.files.writing import write_file

    out, db = Path(output), Path(store)
    plot = plot_beside(out) if form == "markdown" else None
    text = render_summary(summary, form, plot=None if plot is None else plot.name)
    kept = [db, *(Path(f"{db}{suffix}") for suffix in ("-wal", "-shm", "-journal"))]
    inputs = [*kept, *_workspace_inputs()]
    # All asked before any is written: a refused plot leaves no report behind.
    written = [(check_file_destination(out, flag="--output", inputs=inputs), text, "--output")]
    if plot is not None:
        flag = "--output's plot"
        target = check_file_destination(plot, flag=flag, inputs=inputs)
        written.insert(0, (target, plot_differences(summary), flag))
    for path, _, flag in written:
        _not_an_input(path, flag)
    for path, data, _ in written:
        write_file(path, data.encode("utf-8"))
    return tuple(path for path, _, _ in written)


def _workspace_inputs() -> tuple[Path, ...]:
    """The config and spec files of the workspace around the current folder, if any."""
    from assay.engine.workspace.config import ConfigError, load_config
    from assay.engine.workspace.discovery import discover

    try:
        config = load_config(Path.cwd(), None)
        specs = discover(config).specs
    except (ConfigError, OSError):  # no workspace here: the summary needs none
        return ()
    found = [config.root / spec for spec in specs]
    return (*found, *([config.source] if config.source is not None else []))


def _not_an_input(path: Path, flag: str) -> None:
    """Refuse ``path`` when it holds an evidence store or a policy; else nothing. A
    report is never either, so replacing a previous report stays allowed."""
    if not path.is_file():
        return
    with path.open("rb") as stream:
        start = stream.read(len(_SQLITE))
    if start == _SQLITE:
        _refuse(path, flag, "is an evidence store (a SQLite file)")
    if path.suffix == ".toml" and path.stat().st_size <= _POLICY_BYTES:
        from assay.api.evaluation import read_policy
        from assay.engine.evidence.codes import EvidenceError

        try:
            read_policy(path)
        except EvidenceError:
            return
        _refuse(path, flag, "is an evaluation policy")


def _refuse(path: Path, flag: str, reason: str) -> None:
    raise DestinationRefused(f"{flag} {str(path)!r} {reason}; nothing was written")
