"""The options of the site-building commands (``publish``, ``serve``) and the ``serve``
command's parser, kept apart so ``assay.cli`` stays small.

Nothing here imports what building a site needs: a pre-commit run parses these too.
"""

from __future__ import annotations

import argparse
from typing import Any

from assay.cli.options import add_cache_option, add_config_option

__all__ = ["THEME_NAMES", "add_serve_command", "add_site_options", "port"]

#: ``assay.site.themes.THEMES``' names, spelled out: importing the package-metadata
#: reader to list them would cost every command's start (a test holds the two equal).
THEME_NAMES = ("mkdocs", "readthedocs", "material")


def port(text: str) -> int:
    """``--port``: 0 (any free port) to 65535."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"must be 0 to 65535 (got {number})")
    return number


def add_site_options(parser: argparse.ArgumentParser, *, progress: bool = False) -> None:
    """``--theme``, and with ``progress`` the ``--progress`` / ``--no-progress`` pair."""
    parser.add_argument(
        "--theme",
        choices=THEME_NAMES,
        default=THEME_NAMES[0],
        help="MkDocs theme (default: mkdocs; material needs `pip install 'assay[material]'`)",
    )
    if progress:
        parser.add_argument(
            "--progress",
            action=argparse.BooleanOptionalAction,
            help="a progress bar on standard error (default: on a terminal, for over 200 pages)",
        )


def add_serve_command(commands: Any) -> None:  # argparse's _SubParsersAction is private
    """The ``serve`` command's parser."""
    serve = commands.add_parser(
        "serve",
        help="preview the published site on 127.0.0.1, republishing on change",
        description=(
            "Publish the workspace into a temporary folder, serve it on 127.0.0.1 and "
            "publish again whenever a file of the workspace changes; a failed publication "
            "keeps the last good site served. Ctrl-C stops and removes the folder."
        ),
    )
    serve.add_argument(
        "--port", type=port, default=8000, metavar="N", help="port (default 8000; 0: any free)"
    )
    add_config_option(serve)
    add_cache_option(serve)
    add_site_options(serve)
