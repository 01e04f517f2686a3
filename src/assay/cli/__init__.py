"""The command line: the only place that prints or exits.

``main`` turns arguments into an options namespace, hands it to one command module
(``assay.cli.commands.*``), and returns that command's exit code.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any

from assay import __version__
from assay.cli.exit_codes import EXIT_ERROR, EXIT_INTERNAL, EXIT_OK
from assay.cli.exit_codes import EXIT_FINDINGS as EXIT_FINDINGS  # callers read it here
from assay.cli.options import (
    add_cache_option,
    add_config_option,
    add_format_option,
    add_report_options,
    add_verbose_option,
)
from assay.cli.output import OutputError, complain

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it: ``COLUMNS``, else
    the terminal standard output is, else 80.

    argparse asks shutil for it each time it makes a help formatter, which it does for
    every argument it adds; importing shutil (and the compression modules it imports)
    made the warm pre-commit run in 10,000 records execute 0.5 % more instructions
    (2,080.9 M against 2,071.1 M under callgrind), where that budget has no room.
    """
    try:
        columns = int(os.environ.get("COLUMNS", 0))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _processes(text: str) -> int:
    """``--jobs``: a whole number of processes, at least one."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if count < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more (got {count})")
    return count


class _Formatter(argparse.HelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=terminal_columns() - 2)  # argparse's own margin


class _Parser(argparse.ArgumentParser):
    """argparse's parser with ``_Formatter``; its subcommands' parsers are ``_Parser``s too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # A usage error quotes the arguments as given (`unrecognized arguments: …`),
        # and an argument can hold anything: escaped, it cannot drive the terminal.
        from assay.cli.names import printable

        super()._print_message(printable(message, keep="\n\t"), file)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every command."""
    parser = _Parser(
        prog="assay",
        description="Declare, check, assemble and publish evidence-bearing documents.",
    )
    parser.add_argument("--version", action="version", version=f"assay {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    parse = commands.add_parser(
        "parse",
        help="show how assay reads a document or a spec",
        description=(
            "Show how assay reads a Markdown or plain-text document, "
            "or (with --spec) a .assay spec."
        ),
    )
    parse.add_argument("file", metavar="FILE", help="the document (or spec) to read")
    parse.add_argument("--spec", action="store_true", help="read FILE as a .assay spec")
    parse.add_argument(
        "--json", action="store_true", help="print the model as JSON (see `assay schema`)"
    )
    parse.add_argument(
        "--type",
        metavar="NAME",
        help="show the typed reading: fields, sections and relations as type NAME reads them",
    )

    check = commands.add_parser(
        "check",
        help="check the workspace's documents",
        description=(
            "Check every document of the workspace. PATHs limit what is reported, "
            "never what is loaded (pre-commit passes the changed files)."
        ),
    )
    check.add_argument("paths", metavar="PATH", nargs="*", help="report findings in these files")
    add_report_options(check, fail_on_from_config=True)
    check.add_argument(
        "--select",
        action="append",
        metavar="CODES",
        help="run only these codes, families or names (comma-separated; replaces the config's)",
    )
    check.add_argument(
        "--ignore",
        action="append",
        metavar="CODES",
        help="do not run these codes, families or names (replaces the config's)",
    )
    add_config_option(check)
    check.add_argument(
        "--jobs",
        type=_processes,
        metavar="N",
        help="processes for reading documents (default: one per core for large workspaces)",
    )
    add_cache_option(check)
    check.add_argument(
        "--show-suppressed",
        action="store_true",
        help="text report: list the findings a suppression silenced, and what silenced each",
    )
    check.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text report (default: only on a terminal)",
    )
    add_verbose_option(check, what="which PATHs are no document of the workspace")

    files = commands.add_parser(
        "files",
        help="list what discovery found",
        description=(
            "List every document assay checks, each spec, and each file it passed over, "
            "with the document's type and why each was chosen or skipped."
        ),
    )
    add_format_option(files, schema="files")
    add_config_option(files)
    new = commands.add_parser(
        "new",
        help="write the next decision record in its folder's style, or scaffold a run",
        description=(
            "Write the next decision record: the folder's next free number, its template "
            "or the style its records follow (Markdown or reStructuredText), status "
            "proposed (or the first its template lists, or the records' word), today's "
            "date (SOURCE_DATE_EPOCH when set); the sections hold the template's "
            "questions, which `assay check` reports until they are answered. "
            "--supersedes and --amends update the other record to point back. "
            "`assay new run --source URL --system NAME` scaffolds an analysis run "
            "instead, in --dir (default: runs/ at the workspace root)."
        ),
    )
    new.add_argument(
        "title", metavar="TITLE", help='the decision, e.g. "Use Kafka for events"; or `run`'
    )
    new.add_argument(
        "--dir", metavar="FOLDER", help="the records folder (default: the one found), or runs'"
    )
    new.add_argument(
        "--supersedes",
        action="append",
        metavar="N",
        help="the record (number or file name) this one supersedes; it is marked superseded",
    )
    new.add_argument(
        "--amends",
        action="append",
        metavar="N",
        help="the record (number or file name) this one amends; it is marked amended",
    )
    new.add_argument(
        "--source",
        metavar="URL",
        help="`assay new run`: the analysed source; the run folder is named by its slug",
    )
    new.add_argument("--system", metavar="NAME", help="`assay new run`: the analysed system")

    rules = commands.add_parser(
        "rules",
        help="print the rule reference",
        description="Print every rule, or one rule's reference page.",
    )
    rules.add_argument("code", metavar="CODE", nargs="?", help="a code or name, e.g. LNK001")

    schema = commands.add_parser(
        "schema",
        help="print a JSON Schema of assay's output",
        description="Print the JSON Schema of a public output shape.",
    )
    schema.add_argument(
        "name",
        metavar="NAME",
        nargs="?",
        help="document, spec, reading, report, files, selection or manifest (omit to list)",
    )
    identity = commands.add_parser(
        "identity",
        help="print a source's normalized identity and its run slug",
        description=(
            "Print the identity ADR 097 compares (whitespace, trailing / and .git "
            "stripped, scheme and host lowercased) and the run folder name made from it."
        ),
    )
    identity.add_argument("url", metavar="URL", help="a repository URL, scp-like remote or path")
    add_format_option(identity)
    render = commands.add_parser(
        "render",
        help="print the review rendered from a verified analysis run",
        description=(
            "Verify the run (assay check of its folder, Blockers exactly `none`), then "
            "print its public review, rendered by code from the overview. Links are "
            "rewritten to resolve from --dest. An unverified run renders nothing: its "
            "diagnostics go to standard error and the exit code is 1."
        ),
    )
    render.add_argument("run_dir", metavar="RUN_DIR", help="the run folder (holds run.toml)")
    render.add_argument(
        "--dest",
        metavar="PATH",
        help="where the review will live, inside the workspace (default: RUN_DIR/review.md)",
    )
    render.add_argument(
        "--write", action="store_true", help="write the review to its destination, whole"
    )
    add_config_option(render)
    add_cache_option(render)
    publish = commands.add_parser(
        "publish",
        help="build a MkDocs site of the records and reviews that verified",
        description=(
            "Check the workspace, then build a MkDocs site holding only decision records "
            "without errors and reviews of verified runs, and swap it into --out. Each "
            "exclusion is listed with its reason; --strict exits 1 instead of building."
        ),
    )
    publish.add_argument("--out", metavar="DIR", help="site folder (default: site/ in the root)")
    publish.add_argument(
        "--strict", action="store_true", help="exit 1, building nothing, if anything is excluded"
    )
    add_config_option(publish)
    add_cache_option(publish)
    from assay.cli.site_arguments import add_serve_command, add_site_options

    add_site_options(publish, progress=True)
    publish.add_argument(
        "--evaluation",
        action="append",
        metavar="STORE",
        help="also publish the summary of this evidence store (repeatable)",
    )
    add_serve_command(commands)
    from assay.cli.context_arguments import add_context_commands

    add_context_commands(commands)
    from assay.cli.trace_arguments import add_trace_command

    add_trace_command(commands)
    from assay.cli.eval_arguments import add_eval_command

    add_eval_command(commands)
    from assay.cli.mcp_arguments import add_mcp_command

    add_mcp_command(commands)
    from assay.cli.lsp_arguments import add_lsp_command

    add_lsp_command(commands)
    return parser


def entry() -> int:
    """The ``assay`` command: ``main`` with the garbage collector set for a batch run.

    A run allocates many small objects that live until it ends (models, findings, the
    workspace summary) and hardly any reference cycles, so collecting the youngest
    generation every 700 allocations (Python's default) costs a pre-commit run and
    frees nothing: at Python's default the warm one-file run in 10,000 records
    executes 2.4 % more instructions (2,119.9 M against 2,070.6 M under callgrind),
    and that budget has no room.
    """
    gc.set_threshold(200_000, 100, 100)
    return main()


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit code."""
    if argv is not None and any("\x00" in argument for argument in argv):
        # No command line can hold a NUL (the system ends each argument at one), but a
        # caller of ``main`` can; every file call would raise ValueError on it.
        complain("assay: an argument holds a NUL character")
        return EXIT_ERROR
    parser = build_parser()
    try:
        options = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse exits on --help, --version and usage errors
        return int(exit_.code or 0) if exit_.code in (0, None) else EXIT_ERROR
    if options.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    if options.command not in ("rules", "schema", "identity") and not _has_current_folder():
        complain(f"assay {options.command}: the current folder no longer exists; cd into one")
        return EXIT_ERROR
    try:
        # Each command's module is imported when it runs: a pre-commit `check` never
        # pays for the others.
        command = import_module(f"assay.cli.commands.{options.command}")
        code: int = command.run(options)
        return code
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        return 130
    except OutputError as error:
        complain(f"assay: cannot write the output: {error}")
        return EXIT_ERROR
    except BrokenPipeError:  # pragma: no cover - `assay … | head`
        return EXIT_OK
    except Exception:
        print("assay: internal error, please report it with this trace:", file=sys.stderr)
        import traceback

        traceback.print_exc()
        return EXIT_INTERNAL


def _has_current_folder() -> bool:
    """Whether the current folder still exists: every command that reads a workspace
    starts from it, and ``Path.cwd()`` raises once it was removed (a shell left in a
    deleted folder, ``publish --out .`` of an older assay)."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return False
    return True
