"""The tools of recorded sessions and evaluation evidence: ``trace_check``,
``trace_fetch`` and ``eval_summary``. Each reads and never writes: a session is
opened read-only through no link, a store is opened read-only."""

from __future__ import annotations

from typing import Any

from assay.mcp.answers import json_text
from assay.mcp.arguments import Served, inside
from assay.mcp.errors import ToolError


def trace_check(served: Served, arguments: dict[str, Any]) -> str:
    """``assay trace check SESSION --format json``: each break of the protocol."""
    from assay.api import SpecError
    from assay.api.traces import check_session, load_protocol
    from assay.cli.trace_output import render_report

    path = inside(served, arguments["session"])
    config = served.config()
    try:
        protocol = load_protocol(arguments.get("protocol", "consultation"), config)
    except SpecError as error:
        message = "the protocol's specs have errors; nothing was checked"
        raise ToolError(message, error.diagnostics) from None
    # Not `explicit`: a session is named inside the workspace, like every path here.
    found = check_session(served.root, path, protocol, actor=arguments.get("actor", "main"))
    return render_report(found, path, served.root, "json")


def trace_fetch(served: Served, arguments: dict[str, Any]) -> str:
    """``assay trace fetch SESSION --turn ID --window N --format json``: the entries
    around one exact turn id; a refusal (no such turn, a window too wide) is the
    error, carrying its diagnostic."""
    from assay.api.traces import fetch_window
    from assay.cli.trace_output import window_value
    from assay.spec.diagnostics import Diagnostic

    path = inside(served, arguments["session"])
    fetched = fetch_window(served.root, path, arguments["turn"], arguments["window"])
    if isinstance(fetched, Diagnostic):
        raise ToolError(f"{fetched.code} {fetched.name}: {fetched.message}", (fetched,))
    return json_text(window_value(fetched))


def eval_summary(served: Served, arguments: dict[str, Any]) -> str:
    """``assay eval summary --db STORE --format json``: matched pairs task by task,
    then the aggregate and the verdict, or why there is none."""
    from assay.api.evaluation import summarize_store
    from assay.api.evaluation_report import render_summary
    from assay.api.files import PathRefused, contained_file

    try:
        # Checked here (inside, no link, a regular file), opened read-only by SQLite.
        store = contained_file(served.root, arguments["store"])
    except PathRefused as refused:
        raise ToolError(str(refused)) from None
    found = summarize_store(
        store, benchmark=arguments.get("benchmark"), subset=arguments.get("tasks")
    )
    if found.errors:
        reasons = "; ".join(f"{r.code} {r.message}" for r in found.errors)
        raise ToolError(f"the store cannot be summarized: {reasons}")
    return render_summary(found, "json")
