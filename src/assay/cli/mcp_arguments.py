"""The arguments of ``assay mcp``: apart from ``assay.cli``, which stays small."""

from __future__ import annotations

from typing import Any


def add_mcp_command(commands: Any) -> None:
    """Add ``assay mcp`` to the subcommands."""
    mcp = commands.add_parser(
        "mcp",
        help="serve the checks and the bundles as Model Context Protocol tools over stdio",
        description=(
            "Serve assay's capabilities to an agent as Model Context Protocol tools over "
            "standard input and output: check, files, parse, rules, select, assemble, "
            "render, identity, trace_check, trace_fetch and eval_summary, each answering "
            "the JSON its command prints. The workspace is --root DIR, else the client's "
            "first root when it offers roots, else the one found from the current folder; "
            "/ and the home folder only when --root names them. Paths are relative to it "
            "and never leave it. Read-only unless started with --allow-write. Ends when "
            "standard input closes. Needs the extra: pip install 'assay[mcp]'."
        ),
    )
    mcp.add_argument(
        "--root",
        metavar="DIR",
        default=None,
        help="the workspace to serve, this folder itself (its own config; no config above "
        "it is read); the client's roots are then not asked for",
    )
    mcp.add_argument(
        "--allow-write",
        action="store_true",
        help="honour a call that names a destination (check's output, assemble's out, "
        "render's write), through the one writer; otherwise nothing is written",
    )
