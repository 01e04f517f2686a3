"""The arguments of ``assay trace check`` and ``assay trace fetch``: apart from
``assay.cli`` (which holds the older commands'), so that module stays small and these
grow with the traces capability."""

from __future__ import annotations

import argparse
from typing import Any

from assay.cli.options import add_config_option, add_format_option, add_report_options


def add_trace_command(commands: Any) -> None:
    """Add ``assay trace`` and its two subcommands to the subcommands."""
    trace = commands.add_parser(
        "trace",
        help="check a recorded agent session, or fetch a transcript window from it",
        description=(
            "Read recorded agent sessions (Pi's session files, or assay's neutral trace "
            "format) without ever modifying them: `check` reports what breaks the "
            "format or the declared tool protocol at its line; `fetch` prints the "
            "smallest window of entries around one exact turn id."
        ),
    )
    subcommands = trace.add_subparsers(dest="trace_command", metavar="SUBCOMMAND")
    check = subcommands.add_parser(
        "check",
        help="report each problem of a session file at its line",
        description=(
            "Read SESSION (inside the workspace, no symbolic link) and report each line "
            "that cannot be read (PRT001-PRT009) and each break of the tool protocol, "
            "at its line. Exit 1 when something is reported, 2 when SESSION is refused."
        ),
    )
    check.add_argument("session", metavar="SESSION", help="the session file (.jsonl)")
    check.add_argument(
        "--protocol", metavar="NAME", help="the protocol to check against (default: consultation)"
    )
    check.add_argument(
        "--actor",
        choices=("main", "participant"),
        default="main",
        help="whose Pi session SESSION is: the main agent's (default) or a participant's",
    )
    add_report_options(check, fail_on_from_config=False)
    add_config_option(check, root_only=True)
    fetch = subcommands.add_parser(
        "fetch",
        help="print the entries around one exact turn of a Pi session",
        description=(
            "Print the turn whose id is exactly ID and up to N entries each side of it "
            "along its conversation: its parentId chain before, the entries continuing "
            "from it after. The session is only read. A turn id that is not exact "
            "(PRT020) or N over the maximum of 20 (PRT021) is refused: exit 1."
        ),
    )
    fetch.add_argument("session", metavar="SESSION", help="the Pi session file (.jsonl)")
    fetch.add_argument("--turn", metavar="ID", required=True, help="the exact turn (entry) id")
    fetch.add_argument(
        "--window",
        metavar="N",
        type=_window,
        required=True,
        help="how many entries each side of the turn (at most 20)",
    )
    add_format_option(fetch, schema="window")
    add_config_option(fetch, root_only=True)


def _window(text: str) -> int:
    """``--window``: a whole number, 0 or more."""
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise argparse.ArgumentTypeError(f"not a whole number, 0 or more: {text!r}")
    return int(text)
