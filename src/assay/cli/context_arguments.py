"""The arguments of the task-context commands, ``assay select``, ``assay pin`` and
``assay assemble``: apart from ``assay.cli`` (which holds the others'), so that module
stays small and these grow with the context capability."""

from __future__ import annotations

import argparse
from typing import Any

from assay.cli.options import add_config_option, add_format_option, add_task_options


def add_context_commands(commands: Any) -> None:
    """Add ``assay select``, ``assay pin`` and ``assay assemble`` to the subcommands."""
    select = commands.add_parser(
        "select",
        help="show which task-context declarations a task gets, and why the others not",
        description=(
            "Select the declarations of the workspace's specs for a task: a dimension a "
            "declaration does not name matches every task; its values are alternatives; "
            "all its dimensions must match; only the newest version of a name is a "
            "candidate unless --declaration asks for another."
        ),
    )
    add_task_options(select)
    select.add_argument(
        "--explain", action="store_true", help="also list every other declaration and why"
    )
    add_format_option(select, schema="selection")
    add_config_option(select)
    pin = commands.add_parser(
        "pin",
        help="verify every pinned source; --write renews the digests",
        description=(
            "Verify every source the specs' declarations pin: the file is read (tracked, "
            "regular, no symbolic link, inside the workspace), its sha256 compared with "
            "the pinned one, its line range checked. Exit 1 on drift, a missing digest or "
            "a refused path. --write renews the digests in place after you reviewed the "
            "changes: only the digest literals change (missing ones are added)."
        ),
    )
    pin.add_argument(
        "--write", action="store_true", help="write the current digests into the spec files"
    )
    add_config_option(pin)
    add_format_option(pin, schema="report")
    add_assemble(commands)


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
    add_task_options(assemble)
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
    add_config_option(assemble)


def _budget(text: str) -> int:
    """``--budget``: a whole number, 0 or more."""
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise argparse.ArgumentTypeError(f"not a whole number, 0 or more: {text!r}")
    return int(text)
