"""The arguments of ``assay assemble``, apart from ``assay.cli`` (which holds every other
command's) so that module stays under the size ceiling and this one merges on its own."""

from __future__ import annotations

import argparse
from typing import Any


def add_assemble(commands: Any) -> None:
    """Add ``assay assemble`` to the subcommands."""
    assemble = commands.add_parser(
        "assemble",
        help="write the bundle of pinned source text a task gets, under a budget",
        description=(
            "Select the task's declarations (as `assay select` does), then write their "
            "sources' exact bytes to DIR/bundle.md — mandatory units (primary, check, "
            "provenance) first, then whole optional units while they fit — and "
            "DIR/manifest.json saying what was included and omitted. Exit 1 and nothing "
            "written when the mandatory units exceed the budget (CTX001) or a path or pin "
            "fails."
        ),
    )
    assemble.add_argument(
        "--where", action="append", metavar="KEY=VALUE", help="the task's value of a dimension"
    )
    assemble.add_argument(
        "--declaration",
        action="append",
        metavar="NAME@VERSION",
        help="ask for this version of a declaration instead of its newest (repeatable)",
    )
    assemble.add_argument(
        "--budget", type=_budget, metavar="N", help="the most the units may hold (required)"
    )
    assemble.add_argument(
        "--unit",
        choices=("bytes", "chars"),
        default="bytes",
        help="what the budget counts: bytes (default) or characters (code points)",
    )
    assemble.add_argument(
        "--out", metavar="DIR", help="the bundle folder (default: bundle); `-`: standard output"
    )
    assemble.add_argument(
        "--manifest", metavar="FILE", help="with --out -: where manifest.json goes (required)"
    )
    assemble.add_argument("--config", metavar="FILE", help="use this config file")


def _budget(text: str) -> int:
    """``--budget``: a whole number, 0 or more."""
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise argparse.ArgumentTypeError(f"not a whole number, 0 or more: {text!r}")
    return int(text)
