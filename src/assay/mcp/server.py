"""The server: the table of tools spoken over stdio with the official MCP SDK.

Each call is validated against its tool's input schema, then answered in a worker
thread, so the protocol keeps being served while a large workspace is checked (a
second call, a ping, a cancellation, the end of standard input). Calls that read the
workspace run one at a time; ``rules`` and ``identity`` need no workspace and never
wait. A bad call is a tool error carrying the diagnostic; a crash inside a tool is a
tool error too (its trace on standard error), and the server goes on. It ends when
standard input closes.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import traceback
from collections.abc import Callable
from concurrent.futures import Future
from functools import cache, partial
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

from assay import __version__
from assay.cli.names import printable
from assay.errors import AssayError
from assay.mcp.answers import report_json, report_of, report_text
from assay.mcp.arguments import Served
from assay.mcp.errors import ToolError, workspace_relative
from assay.mcp.roots import RootRefused, Workspace, named_root
from assay.mcp.tools import BY_NAME, TOOLS, Tool

#: What the server tells a client's model about itself.
INSTRUCTIONS = (
    "assay checks evidence-bearing documents (decision records, analysis runs, "
    "task-context declarations, agent sessions) and assembles pinned context. Paths are "
    "relative to the workspace root. Call `check` (with `paths`) on what you are "
    "writing, `rules` for a code's page, `assemble` for a task's bundle."
)


def serve(start: Path, *, root: Path | None = None, allow_write: bool) -> None:
    """Serve until standard input closes: ``root`` (``--root``), else the client's
    first root, else the workspace found from ``start`` (``roots``). Raises
    ``ConfigError`` for a config that cannot be read, ``RootRefused`` when the
    workspace would be ``/`` or the home folder (nothing was served)."""
    from assay.api.workspace import load_config, root_config

    if root is not None:
        found = root_config(named_root(root)).root
        workspace = Workspace(found=found, allow_write=allow_write, named=True)
    else:
        workspace = Workspace(found=load_config(start).root, allow_write=allow_write)
    anyio.run(_serve, workspace)
    if workspace.refused is not None:
        raise RootRefused(workspace.refused)


async def _serve(workspace: Workspace) -> None:
    server = build(workspace)
    with anyio.CancelScope() as serving:
        # A refused workspace ends the server, the transport with it: nothing is
        # served, and standard input need not close first.
        workspace.stop = serving.cancel
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())


def build(workspace: Workspace | Served) -> Server[Any]:
    """The SDK's server, answering ``tools/list`` and ``tools/call`` from the table,
    in ``workspace`` (a ``Served`` one is settled already)."""
    chosen = workspace if isinstance(workspace, Workspace) else Workspace.fixed(workspace)

    async def list_tools(
        ctx: Any, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        served = await _settled(chosen, ctx)
        return types.ListToolsResult(tools=[_listed(tool, served) for tool in TOOLS])

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        served = await _settled(chosen, ctx)
        tool = BY_NAME.get(params.name)
        if tool is None:  # finding the tool is the protocol's error, not the tool's
            known = ", ".join(BY_NAME)
            raise MCPError(types.INVALID_PARAMS, f"no tool `{params.name}`; the tools: {known}")
        arguments = params.arguments or {}
        problem = _invalid(tool, arguments)
        if problem is not None:
            return _error(ToolError(problem), served)
        answer = partial(_answer, tool, served, arguments)
        try:
            text = await _in_thread(answer, finish=tool.writes)
        except ToolError as error:
            return _error(error, served)
        return types.CallToolResult(
            content=[types.TextContent(text=text)], structured_content=_wire(json.loads(text))
        )

    async def initialized(ctx: Any, params: types.NotificationParams) -> None:
        # The first moment the client can be asked for its roots: settled now, a
        # refused workspace ends the server before any call is made.
        await chosen.settle(ctx.session)

    server: Server[Any] = Server(
        "assay",
        version=__version__,
        title="assay",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
    server.add_notification_handler(
        "notifications/initialized", types.NotificationParams, initialized
    )
    return server


async def _settled(workspace: Workspace, ctx: Any) -> Served:
    """The workspace a request is answered in (settled here when the client sent no
    `initialized`, as a client of the 2026-07-28 revision does not)."""
    served = await workspace.settle(ctx.session)
    if served is None:
        raise MCPError(types.INVALID_REQUEST, workspace.refused or "no workspace is served")
    return served


async def _in_thread(answer: Callable[[], str], *, finish: bool) -> str:
    """``answer()`` run in a thread, awaited. ``finish``: the call may write, and is
    finished even when its caller goes (a write is whole or absent). A read-only call
    is abandoned then, and runs in a daemon thread so that the process, when standard
    input closes, ends without waiting for an answer no one will read: in a worker
    thread, which the interpreter waits for, ``files`` of 10,000 records kept it
    13 to 19 s after its client had gone (0.2 s so). Awaited through asyncio, the
    backend ``anyio.run`` serves on."""
    if finish:
        return await anyio.to_thread.run_sync(answer)
    done: Future[str] = Future()

    def run() -> None:
        if done.set_running_or_notify_cancel():  # not abandoned before it started
            try:
                done.set_result(answer())
            except BaseException as error:  # raised where it is awaited
                done.set_exception(error)

    threading.Thread(target=run, name="assay-mcp-read", daemon=True).start()
    return await asyncio.wrap_future(done)


def _answer(tool: Tool, served: Served, arguments: dict[str, Any]) -> str:
    """The tool's answer (in a worker thread); every failure a ``ToolError``."""
    try:
        # Calls run side by side: a check keeps nothing in the process, its store is
        # its own connection, and every write is whole or absent.
        return tool.answer(served, arguments)
    except ToolError:
        raise
    except AssayError as error:
        # A config, spec or usage error, an unreadable input: what the command line
        # prints before exiting 2.
        raise ToolError(str(error), getattr(error, "diagnostics", ())) from None
    except OSError as error:
        # The file system refused (a file where a folder must be, a full disk): said
        # as the command line says it, not as a bug.
        where = f"{error.filename}: " if error.filename else ""
        raise ToolError(f"{where}{error.strerror}") from None
    except Exception:
        traceback.print_exc(file=sys.stderr)
        raise ToolError(
            "internal error: assay failed to answer; please report it with the trace "
            "on the server's standard error (the server goes on)"
        ) from None


def _listed(tool: Tool, served: Served) -> types.Tool:
    writes = tool.writes and served.allow_write
    return types.Tool(
        name=tool.name,
        title=tool.title,
        description=tool.description,
        input_schema=tool.input,
        output_schema=tool.output_schema(),
        annotations=types.ToolAnnotations(
            read_only_hint=not writes, destructive_hint=False, open_world_hint=False
        ),
    )


@cache
def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(BY_NAME[name].input)


def _invalid(tool: Tool, arguments: dict[str, Any]) -> str | None:
    """What is wrong with ``arguments``, in words; None when they fit the schema."""
    errors = sorted(_validator(tool.name).iter_errors(arguments), key=lambda e: list(e.path))
    if not errors:
        return None
    first = errors[0]
    where = "".join(f"[{part!r}]" for part in first.path) or "the arguments"
    return f"{tool.name}: {where}: {first.message} (see the tool's input schema)"


def _error(error: ToolError, served: Served) -> types.CallToolResult:
    """A tool error: the message and the diagnostics as ``assay check`` prints them,
    and the structured part ``{"error": …, "report": …}``."""
    text = printable(error.message, keep="\n\t")
    structured: dict[str, Any] = {"error": error.message}
    if error.diagnostics:
        text += "\n" + report_text(error.diagnostics, served.root)
        structured["report"] = json.loads(report_json(report_of(error.diagnostics)))
    text, structured = workspace_relative([text, structured], served.root)
    return types.CallToolResult(
        content=[types.TextContent(text=text)], structured_content=_wire(structured), is_error=True
    )


def _wire(value: Any) -> Any:
    """``value`` with each lone surrogate (a name's undecodable byte, which JSON text
    writes as ``\\udcXX``) as U+FFFD: the SDK writes UTF-8 and cannot send one. The
    text content keeps the escape, so the original bytes can be had from there."""
    if isinstance(value, str):
        if value.isprintable() or not any("\ud800" <= c <= "\udfff" for c in value):
            return value
        return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in value)
    if isinstance(value, list):
        return [_wire(item) for item in value]
    if isinstance(value, dict):
        return {key: _wire(item) for key, item in value.items()}
    return value
