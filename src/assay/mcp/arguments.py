"""A call's arguments: their schemas, the workspace they are read in, the write gate.

Every path argument is relative to the workspace root, POSIX, and refused (PTH001)
when it would leave it, before anything is opened; what it names is then opened by
the same opener the command line uses, which refuses a link (PTH002) or what is not a
regular file (PTH003). A destination is honoured only when the server was started
with ``--allow-write``; the one writer then refuses it as it refuses the command
line's (never an input, the workspace, a folder or a link).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from attrs import frozen

from assay.api.files import PathRefused, contained_path
from assay.api.workspace import Config, root_config
from assay.mcp.errors import ToolError
from assay.spec.model import Model

#: A workspace-relative path, as every path argument is.
PATH: dict[str, Any] = {
    "type": "string",
    "minLength": 1,
    "description": "a path relative to the workspace root, POSIX (`docs/adr/0001-x.md`)",
}
#: Codes, families or names, as `--select` and `--ignore` take them.
CODES: dict[str, Any] = {"type": "array", "items": {"type": "string", "minLength": 1}}
#: A task: each dimension's one value, as `--where KEY=VALUE` gives them.
WHERE: dict[str, Any] = {
    "type": "object",
    "additionalProperties": {"type": "string", "minLength": 1},
    "description": 'the task: each dimension\'s value (`{"repository": "billing"}`)',
}


def arguments(required: tuple[str, ...] = (), **properties: dict[str, Any]) -> dict[str, Any]:
    """The input schema of a tool: an object of ``properties``, nothing else."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }
    if required:
        schema["required"] = list(required)
    return schema


@frozen
class Served(Model):
    """The workspace the server started in, and whether it may write."""

    #: The workspace root, absolute (the server's current folder: relative paths
    #: start there).
    root: Path
    #: ``--allow-write``: a call naming a destination is honoured.
    allow_write: bool

    def config(self) -> Config:
        """The workspace's config, read again for each call (an agent edits it too):
        the root's own, never one above it, which would widen the workspace."""
        return root_config(self.root)


def inside(served: Served, path: str) -> str:
    """``path`` in its normal form when it stays inside the workspace; else the
    PTH001 refusal, as a tool error."""
    try:
        return contained_path(path)
    except PathRefused as refused:
        raise ToolError(str(refused)) from None


def destination(served: Served, given: str | None, name: str) -> Path | None:
    """Where the call asks to write (the argument ``name``, holding ``given``), as an
    absolute path inside the workspace; None when it names none. A read-only server
    refuses every destination, before anything is read."""
    if given is None:
        return None
    writable(served, name)
    return served.root / inside(served, given)


def writable(served: Served, name: str) -> None:
    """Refuse the call when the server may not write (``name``: the argument asking)."""
    if not served.allow_write:
        raise ToolError(
            f"`{name}` asks for a write, and this server writes nothing: it was started "
            "without --allow-write (call again without it to get the result only)"
        )
