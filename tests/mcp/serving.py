"""A real `assay mcp` in a subprocess, spoken to with the SDK's own client, and the
example workspace it serves."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import IO, Any

import mcp_types as types
from anyio.from_thread import BlockingPortal, start_blocking_portal

from mcp import ClientSession, StdioServerParameters, stdio_client
from tests.examples_copy import example_repository

#: The `assay` of the interpreter running the tests.
ASSAY = str(Path(sys.executable).with_name("assay"))


class Client:
    """A connected client: each call made from the test's thread."""

    def __init__(self, portal: BlockingPortal, session: ClientSession) -> None:
        self.portal, self.session = portal, session

    def call(self, name: str, arguments: dict[str, Any] | None = None) -> types.CallToolResult:
        """Call the tool ``name``; the SDK validates the answer against its schema."""
        return self.portal.call(self.session.call_tool, name, arguments or {})

    def tools(self) -> list[types.Tool]:
        """What ``tools/list`` answers."""
        return self.portal.call(self.session.list_tools).tools


class Roots:
    """The roots a client offers (``file://`` URIs), and how often it was asked."""

    def __init__(self, *uris: str) -> None:
        self.uris, self.asked = uris, 0

    async def __call__(self, context: Any) -> types.ListRootsResult:
        self.asked += 1
        return types.ListRootsResult(roots=[types.Root(uri=uri) for uri in self.uris])


@asynccontextmanager
async def _session(
    folder: Path,
    args: tuple[str, ...],
    errlog: IO[str],
    env: dict[str, str] | None,
    roots: Roots | None,
) -> AsyncIterator[Any]:
    parameters = StdioServerParameters(command=ASSAY, args=["mcp", *args], cwd=folder, env=env)
    async with (
        stdio_client(parameters, errlog=errlog) as (read, write),
        ClientSession(read, write, list_roots_callback=roots) as session,
    ):
        await session.initialize()
        yield session


@contextmanager
def serving(
    folder: Path,
    *args: str,
    errlog: IO[str] | None = None,
    env: dict[str, str] | None = None,
    roots: Roots | None = None,
) -> Iterator[Client]:
    """``assay mcp ARGS`` started in ``folder`` (``env`` added to its environment) by
    a client offering ``roots`` (None: it offers none), connected; stopped (its
    standard input closed) on leaving."""
    log = errlog if errlog is not None else open("/dev/null", "w")  # noqa: SIM115
    try:
        with (
            start_blocking_portal() as portal,
            portal.wrap_async_context_manager(_session(folder, args, log, env, roots)) as session,
        ):
            yield Client(portal, session)
    finally:
        if errlog is None:
            log.close()


def example(tmp_path: Path) -> Path:
    """examples/ copied into a git repository of its own (a bundle pins tracked files)."""
    return example_repository(tmp_path / "examples")


def text(result: types.CallToolResult) -> str:
    """The text of the result's one content block."""
    [block] = result.content
    assert isinstance(block, types.TextContent)
    return block.text
