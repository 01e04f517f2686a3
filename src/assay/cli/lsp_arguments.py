"""The arguments of ``assay lsp``: apart from ``assay.cli``, which stays small."""

from __future__ import annotations

from typing import Any


def add_lsp_command(commands: Any) -> None:
    """Add ``assay lsp`` to the subcommands."""
    lsp = commands.add_parser(
        "lsp",
        help="check records, specs and run members in an editor: a language server over stdio",
        description=(
            "Serve assay's checks to an editor as a Language Server Protocol server over "
            "standard input and output: the diagnostics `assay check` gives each Markdown "
            "record, spec file or run member the editor opens or changes, from its unsaved "
            "text; hover shows a finding's rule; quick fixes repair a status spelled "
            "wrong, a link missing `.md`, a digest to renew. The workspace is the folder "
            "the editor opens (else the current one). Writes nothing. Needs the extra: "
            "pip install 'assay[lsp]'."
        ),
    )
    lsp.add_argument(
        "--rules-url",
        metavar="URL",
        default=None,
        help="where the rule pages are published, for each diagnostic's link "
        "(default: assay's documentation); the code and `/` are appended",
    )
