"""``assay trace check|fetch SESSION``: session files checked, transcript windows fetched.

Both open SESSION as every session is opened (``open_session``: read-only, no
symbolic link on its way) and never write it. SESSION is named explicitly, so it may
lie outside the workspace (Pi keeps sessions under the user's home): it is then read
by its absolute path, with the same guarantees. A SESSION refused when opened
(PTH001-PTH003) is an unreadable input: one line on standard error, exit 2.
``check`` reports through the formatters of ``assay check``; ``fetch`` prints the
window, or its refusal (PRT005, PRT020 to PRT022: exit 1).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from assay.cli.exit_codes import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK
from assay.cli.output import complain, write, write_whole
from assay.errors import InputError, UsageError

if TYPE_CHECKING:
    from assay.api import Config


def run(options: argparse.Namespace) -> int:
    """Run ``trace check`` or ``trace fetch``; return the exit code."""
    from assay.api.workspace import ConfigError, load_config

    command = options.trace_command
    if command is None:
        complain("assay trace: say `check` or `fetch` (see `assay trace --help`)")
        return EXIT_ERROR
    try:
        config = load_config(Path.cwd(), Path(options.config) if options.config else None)
        path = session_path(options.session, config.root)
        if command == "fetch":
            return _fetch(options, config.root, path)
        return _check(options, config, path)
    except (UsageError, InputError, ConfigError) as error:
        complain(f"assay trace {command}: {error}")
        return EXIT_ERROR


def session_path(given: str, root: Path) -> str:
    """``given`` (relative to the current folder) as a workspace-relative POSIX path, or
    absolute when it is outside the workspace, lexically: a link is not followed here,
    so the opening can refuse it."""
    absolute = os.path.normpath(os.path.abspath(given))
    for base in dict.fromkeys((str(root), str(root.resolve()))):
        relative = os.path.relpath(absolute, base) if absolute.startswith(base) else ".."
        if relative != ".." and not relative.startswith(".." + os.sep) and relative != ".":
            return Path(relative).as_posix()
    return Path(absolute).as_posix()


def _check(options: argparse.Namespace, config: Config, path: str) -> int:
    from assay.api import SpecError
    from assay.api.traces import check_session, load_protocol
    from assay.cli.commands.check import exit_code
    from assay.cli.trace_output import render_report

    root = config.root
    try:
        protocol = load_protocol(options.protocol or "consultation", config)
    except SpecError as error:  # nothing is checked against half a protocol
        for problem in error.diagnostics:
            where = f"{problem.path}:{problem.span.line}:{problem.span.column}"
            complain(f"assay trace check: {where}: {problem.code} {problem.message}")
        return EXIT_ERROR

    output = None
    if options.output:  # refused before the session is read: nothing is touched
        from assay.api.files import file_destination

        inputs = [root / path, *([config.source] if config.source is not None else [])]
        output = file_destination(options.output, flag="--output", workspace=root, inputs=inputs)
    diagnostics = check_session(root, path, protocol, actor=options.actor, explicit=True)
    rendered = render_report(diagnostics, path, root, options.format)
    if output is not None:
        try:
            write_whole(output, rendered)
        except OSError as error:
            complain(f"assay trace check: cannot write {options.output}: {error.strerror}")
            return EXIT_ERROR
    else:
        write(rendered)
    # The exit code as `assay check` decides it (a spec error exited 2 above).
    return exit_code(tuple(diagnostics), options.fail_on)


def _fetch(options: argparse.Namespace, root: Path, path: str) -> int:
    from assay.api.traces import fetch_window
    from assay.cli.trace_output import render_report, window_json, window_text
    from assay.spec.diagnostics import Diagnostic

    fetched = fetch_window(root, path, options.turn, options.window, explicit=True)
    if isinstance(fetched, Diagnostic):
        write(render_report((fetched,), path, root, options.format))
        return EXIT_FINDINGS
    write(window_json(fetched) if options.format == "json" else window_text(fetched))
    return EXIT_OK
