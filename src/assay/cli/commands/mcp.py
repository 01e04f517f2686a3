"""``assay mcp [--root DIR] [--allow-write]``: the Model Context Protocol server, over
stdio.

The server (``assay.mcp``) stands on the command line's JSON renderers, so the
command line cannot import it: it is found by name here, as each command's module is
found by ``assay.cli.main``. Without the SDK (the extra ``assay[mcp]``: ``mcp`` and
what it brings, ``anyio`` among them) the command says which extra to install and
exits 2; so it does for a config it cannot read and a workspace it refuses (``/`` or
the home folder not named by ``--root``).
"""

from __future__ import annotations

import argparse
from importlib import import_module
from pathlib import Path

from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.output import complain

#: The server's module, named rather than imported (see above).
SERVER = "assay.mcp.server"


def run(options: argparse.Namespace) -> int:
    """Serve until standard input closes; 2 without the SDK, a readable config or a
    workspace it may serve."""
    from assay.errors import AssayError

    try:
        server = import_module(SERVER)
    except ModuleNotFoundError as error:
        missing = (error.name or "").partition(".")[0]
        if missing in ("", "assay"):  # assay's own module missing: a broken install
            raise
        # Any module outside assay that the server needs comes with the extra: the
        # SDK (`mcp`, `mcp_types`) and what it depends on (`anyio`, `pydantic`…).
        complain(
            "assay mcp: the Model Context Protocol SDK is not installed "
            f"(no module `{missing}`); install the extra: pip install 'assay[mcp]'"
        )
        return EXIT_ERROR
    root = None if options.root is None else Path(options.root)
    try:
        server.serve(Path.cwd(), root=root, allow_write=options.allow_write)
    except AssayError as error:  # a config it cannot read, a workspace it refuses
        complain(f"assay mcp: {error}")
        return EXIT_ERROR
    return EXIT_OK
