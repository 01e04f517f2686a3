"""``assay lsp [--rules-url URL]``: the language server, over stdio.

The server (``assay.lsp``) is found by name, as ``assay mcp``'s is. Without pygls
(the extra ``assay[lsp]``) the command says which extra to install and exits 2.
"""

from __future__ import annotations

import argparse
from importlib import import_module
from pathlib import Path

from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.output import complain

#: The server's module, named rather than imported.
SERVER = "assay.lsp.features"


def run(options: argparse.Namespace) -> int:
    """Serve until the editor says exit; 2 without pygls."""
    try:
        server = import_module(SERVER)
    except ModuleNotFoundError as error:
        missing = (error.name or "").partition(".")[0]
        if missing in ("", "assay"):  # assay's own module missing: a broken install
            raise
        # Any module outside assay the server needs comes with the extra: pygls,
        # lsprotocol, and what they depend on.
        complain(
            "assay lsp: the language server library is not installed "
            f"(no module `{missing}`); install the extra: pip install 'assay[lsp]'"
        )
        return EXIT_ERROR
    if options.rules_url is None:
        server.serve(Path.cwd())
    else:
        server.serve(Path.cwd(), options.rules_url)
    return EXIT_OK
