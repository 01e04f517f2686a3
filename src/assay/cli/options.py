"""The options several commands share, each added by one function, so a name, its help
and its default are written once and every command that takes the option spells it
the same way (a test refuses an ``add_argument`` of these names anywhere else).

Nothing here imports more than argparse: every command's parser, pre-commit's
``check`` included, is built from these.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

__all__ = [
    "REPORT_FORMATS",
    "STORE",
    "TEXT_OR_JSON",
    "add_cache_option",
    "add_config_option",
    "add_fail_on_option",
    "add_format_option",
    "add_output_option",
    "add_report_options",
    "add_store_option",
    "add_task_options",
    "add_verbose_option",
]

#: The formats of a report of diagnostics (``assay.cli.formats.FORMATTERS``' names).
REPORT_FORMATS = ("text", "json", "sarif", "github")
TEXT_OR_JSON = ("text", "json")
#: The evidence store ``assay eval`` reads and writes when ``--db`` is not given.
STORE = "evidence.sqlite"


def add_config_option(parser: argparse.ArgumentParser, *, root_only: bool = False) -> None:
    """``--config FILE``. ``root_only``: the command takes nothing from the config but
    the workspace root it names (``assay trace``), and its help says so."""
    shown = "use this config file (its root)" if root_only else "use this config file"
    parser.add_argument("--config", metavar="FILE", help=shown)


def add_cache_option(parser: argparse.ArgumentParser) -> None:
    """``--no-cache``: the check the command runs reuses nothing earlier runs found."""
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="read every document again instead of reusing what earlier runs found",
    )


def add_verbose_option(parser: argparse.ArgumentParser, *, what: str) -> None:
    """``--verbose``: say on standard error ``what`` the command keeps quiet about by
    default (what is no news on every run, as pre-commit runs it)."""
    parser.add_argument("--verbose", action="store_true", help=f"also say {what}")


def add_format_option(
    parser: argparse.ArgumentParser,
    choices: Sequence[str] = TEXT_OR_JSON,
    *,
    schema: str | None = None,
) -> None:
    """``--format``, ``text`` by default; ``schema``: the ``assay schema`` name that
    describes its JSON, pointed to in the help."""
    shown = f"; json: see `assay schema {schema}`" if schema else ""
    parser.add_argument(
        "--format",
        choices=tuple(choices),
        default="text",
        help=f"output format (default: text{shown})",
    )


def add_output_option(parser: argparse.ArgumentParser, *, what: str = "report") -> None:
    """``--output FILE``: where the report (or ``what``) goes instead of standard output.

    Only the name is parsed here; the command refuses a FILE that is one of its inputs
    (``check_file_destination``)."""
    parser.add_argument("--output", metavar="FILE", help=f"write the {what} to FILE")


def add_fail_on_option(parser: argparse.ArgumentParser, *, from_config: bool) -> None:
    """``--fail-on``. ``from_config``: no default here, so the command can tell "not
    given" from ``error`` and take the config's ``fail-on`` instead."""
    default = None if from_config else "error"
    fallback = "the config's, else error" if from_config else "error"
    parser.add_argument(
        "--fail-on",
        choices=("error", "warning", "info", "never"),
        default=default,
        help=f"lowest severity that fails the run (default: {fallback})",
    )


def add_report_options(parser: argparse.ArgumentParser, *, fail_on_from_config: bool) -> None:
    """The options of a command that reports diagnostics as ``assay check`` does:
    ``--format`` (its four formats), ``--output`` and ``--fail-on``."""
    add_format_option(parser, REPORT_FORMATS)
    add_output_option(parser)
    add_fail_on_option(parser, from_config=fail_on_from_config)


def add_store_option(parser: argparse.ArgumentParser) -> None:
    """``--db FILE``: the evidence store, ``evidence.sqlite`` by default."""
    parser.add_argument("--db", default=STORE, metavar="FILE", help=f"the store (default {STORE})")


def add_task_options(parser: argparse.ArgumentParser) -> None:
    """``--where`` and ``--declaration``: the task whose declarations are selected
    (``assay select``, ``assay assemble``)."""
    parser.add_argument(
        "--where",
        action="append",
        metavar="KEY=VALUE",
        help="the task's value of one dimension, e.g. language=go (one value per KEY)",
    )
    parser.add_argument(
        "--declaration",
        action="append",
        metavar="NAME@VERSION",
        help="ask for this version of a declaration instead of its newest (repeatable)",
    )
