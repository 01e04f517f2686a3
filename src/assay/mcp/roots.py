"""Which folder the server serves, settled once before the first call is answered.

``--root DIR`` names it, and then nothing else is asked. Without it, a client that
offers roots (the protocol's ``roots`` capability) is asked for them once it is
initialized, and the first one is served: every root is a ``file://`` URI, and the
others are named on standard error and not served (one workspace per server; start
one server per root to serve several). A client that offers none gets the workspace
found from the folder the server started in, as ``assay check`` finds it.

``/`` and the home folder are never served unless ``--root`` names them: a client
that starts its servers in ``/`` and ignores their folder would otherwise have the
whole disk served. The server then stops, and ``assay mcp`` exits 2 saying to pass
``--root DIR``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import anyio
import mcp_types as types
from attrs import define, field

from assay.errors import AssayError
from assay.mcp.arguments import Served
from assay.spec.model import Model

#: How long a client that offers roots may take to list them: a guard against a
#: client that never answers, not a budget.
LIST_TIMEOUT = 30.0


class RootRefused(AssayError):
    """The server would serve ``/`` or the home folder, or a root that is no folder:
    it serves nothing (exit 2)."""


def too_wide(root: Path) -> str | None:
    """What ``root`` is when it may be served only when named (``/``, the home
    folder); None for any other folder."""
    resolved = root.resolve()
    if resolved == Path(resolved.anchor):
        return resolved.anchor
    if resolved == Path.home().resolve():
        return "the home folder"
    return None


def refusal(what: str, whose: str) -> str:
    """The one line that says why nothing is served, and what to do."""
    return (
        f"refusing to serve {what} ({whose}): every file under it would be open to the "
        "client; pass --root DIR to name the workspace"
    )


def named_root(given: Path) -> Path:
    """``--root DIR`` as the absolute folder served; ``RootRefused`` when it is none."""
    root = given.resolve()
    if not root.is_dir():
        raise RootRefused(f"--root {given}: not a folder")
    return root


def file_root(uri: str) -> Path | None:
    """The folder a ``file://`` root names; None for another scheme, a remote host or
    a path that is not absolute."""
    parts = urlsplit(uri)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    path = Path(unquote(parts.path))
    return path if path.is_absolute() else None


@define
class Workspace(Model):
    """The server's workspace: fixed (``--root``), or settled when the client is
    initialized (its first root, else ``found``). ``stop`` ends the server when the
    workspace is refused; ``refused`` then says why."""

    found: Path
    allow_write: bool
    #: ``--root`` named ``found``: served as it is, no roots asked.
    named: bool = False
    stop: Callable[[], None] = lambda: None
    served: Served | None = None
    refused: str | None = None
    _lock: anyio.Lock = field(factory=anyio.Lock)

    @classmethod
    def fixed(cls, served: Served) -> Workspace:
        """A workspace settled already (the in-process server of tests)."""
        return cls(found=served.root, allow_write=served.allow_write, named=True, served=served)

    async def settle(self, session: Any) -> Served | None:
        """The workspace served, settled on the first call (``session``: the
        connection's, to ask the client for its roots); None once it is refused."""
        async with self._lock:
            if self.served is None and self.refused is None:
                root, whose = await self._choose(session)
                self._serve(root, whose)
        return self.served

    async def _choose(self, session: Any) -> tuple[Path, str]:
        if self.named:
            return self.found, "--root"
        offered = await _client_roots(session)
        if not offered:
            return self.found, "found from the folder the server started in"
        if len(offered) == 1:
            return offered[0], "the client's root"
        others = ", ".join(str(root) for root in offered[1:])
        return offered[0], f"the client's first root; one server serves one, not {others}"

    def _serve(self, root: Path, whose: str) -> None:
        import os

        what = None if self.named else too_wide(root)
        if what is None and not root.is_dir():
            what = f"{root}, which is no folder"
        if what is not None:
            self.refused = refusal(what, whose)
            self.stop()
            return
        # Every relative path the API resolves from the current folder is now a
        # workspace-relative one: the paths the tools take, and the ones they report.
        os.chdir(root)
        self.served = Served(root=root.resolve(), allow_write=self.allow_write)
        _say(f"serving {self.served.root} ({whose})")


async def _client_roots(session: Any) -> list[Path]:
    """The client's ``file://`` roots, in its order; none when it offers no roots or
    its answer cannot be read (said on standard error)."""
    capabilities = session.client_capabilities
    if capabilities is None or capabilities.roots is None or not session.can_send_request:
        return []
    try:
        with anyio.fail_after(LIST_TIMEOUT):
            # The request itself, not the SDK's `list_roots` helper, which warns that
            # the 2026-07-28 revision drops roots: the handshake clients of today
            # offer them, and a warning on every start would only be noise.
            listed = await session.send_request(types.ListRootsRequest(), types.ListRootsResult)
    except Exception as error:  # an error answer, a malformed one, no answer in time
        _say(f"the client's roots could not be read ({type(error).__name__}); not used")
        return []
    found = [file_root(str(root.uri)) for root in listed.roots]
    return [root for root in found if root is not None]


def _say(line: str) -> None:
    """A line of the server's log (standard error: standard output is the protocol)."""
    print(f"assay mcp: {line}", file=sys.stderr, flush=True)
