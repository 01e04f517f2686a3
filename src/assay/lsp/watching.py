"""Which files the editor watches for the server: what a change on disk (a
``git checkout``, a record written by ``assay new``) changes the findings of.

The server asks for the watchers once the editor is ready, by dynamic registration
(``client/registerCapability``), and only where the client says it can register
them so; a client that cannot watches what its user configures, or nothing. A
change in any of them makes the server discover the workspace again and check the
open documents again (``workspace/didChangeWatchedFiles``).
"""

from __future__ import annotations

from lsprotocol import types
from pygls.capabilities import get_capability

#: The registration's id, to name it if it is ever withdrawn.
REGISTRATION_ID = "assay-watched-files"

#: Records (Markdown, reStructuredText), specs, the config (``assay.toml``,
#: ``pyproject.toml``) and run manifests (``run.toml``), and the files that say where
#: decision records are kept. Plain globs, one a pattern, no ``{a,b}`` groups: the
#: simplest form of the protocol's glob, for any client's matcher.
GLOBS = (
    "**/*.md",
    "**/*.markdown",
    "**/*.rst",
    "**/*.assay",
    "**/*.toml",
    "**/.adr-dir",
    "**/.log4brains.yml",
)


def registration(capabilities: types.ClientCapabilities) -> types.RegistrationParams | None:
    """The watchers to register with a client of ``capabilities``; None when it
    cannot register them dynamically."""
    dynamic = get_capability(
        capabilities, "workspace.did_change_watched_files.dynamic_registration", False
    )
    if not dynamic:
        return None
    watchers = [types.FileSystemWatcher(glob_pattern=glob) for glob in GLOBS]
    return types.RegistrationParams(
        registrations=[
            types.Registration(
                id=REGISTRATION_ID,
                method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
            )
        ]
    )
