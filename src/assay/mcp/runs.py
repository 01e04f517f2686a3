"""The tools of analysis runs: ``render`` and ``identity``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from assay.mcp.answers import json_text
from assay.mcp.arguments import Served, inside, writable
from assay.mcp.errors import ToolError


def render(served: Served, arguments: dict[str, Any]) -> str:
    """``assay render RUN [--dest PATH] [--write]``: the review of a verified run; an
    unverified run renders nothing, and the error carries its findings."""
    from assay.api.files import read_text
    from assay.api.runs import RunNotVerified, render_review, verify_run, write_review

    run = served.root / inside(served, arguments["run"])
    dest = arguments.get("dest")
    where = None if dest is None else served.root / inside(served, dest)
    write = bool(arguments.get("write", False))
    if write:  # `write` names the destination: `dest`, else the run's review.md
        writable(served, "write")
    verification = verify_run(run, config=served.config())
    try:
        if write:
            # Never over a file the check reads (a run's boundary, a spec, a store).
            target = write_review(verification, where)
            shown = Path(os.path.relpath(target, os.path.realpath(served.root))).as_posix()
            review = read_text(served.root, shown)
        else:
            review = render_review(verification, where)
            folder = verification.root / verification.folder
            shown = (where or folder / "review.md").relative_to(served.root).as_posix()
    except RunNotVerified as refused:
        blockers = "".join(f"\n  blocker: {entry}" for entry in verification.blockers)
        raise ToolError(
            f"{refused}; nothing was rendered{blockers}", refused.verification.report.diagnostics
        ) from None
    return json_text({"review": review, "destination": shown, "written": write})


def identity(served: Served, arguments: dict[str, Any]) -> str:
    """``assay identity URL --format json``: the normalized identity and the run slug."""
    from assay.api.identity import normalize_identity, run_slug

    url = arguments["url"]
    normal, slug = normalize_identity(url), run_slug(url)
    if not normal:
        raise ToolError(
            f"`{url}` is empty once normalized "
            "(surrounding whitespace, trailing `/` and `.git` are stripped)"
        )
    if not slug:
        raise ToolError(
            f"`{normal}` gives no run folder name: "
            "no letter, digit or `_` is left once its scheme and user are dropped"
        )
    return json_text({"identity": normal, "slug": slug})


RENDER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "review": {"type": "string", "description": "the review, Markdown, byte-stable"},
        "destination": {
            "type": "string",
            "description": "where its links resolve from (and it was written, if it was)",
        },
        "written": {"type": "boolean"},
    },
    "required": ["review", "destination", "written"],
    "additionalProperties": False,
}

IDENTITY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"identity": {"type": "string"}, "slug": {"type": "string"}},
    "required": ["identity", "slug"],
    "additionalProperties": False,
}
