"""A real `assay mcp` spoken to line by line, for what the SDK's client hides: the
process's exit code and standard error when the server stops on its own."""

from __future__ import annotations

import json
import os
import selectors
import subprocess
from pathlib import Path
from typing import Any

from attrs import frozen

from tests.mcp.serving import ASSAY

#: A hang guard on each line awaited and on the end, never a measure.
GUARD = 60.0


@frozen
class Ended:
    """How the server ended: its exit code and what it wrote."""

    code: int
    stdout: str
    stderr: str


def converse(
    folder: Path,
    *args: str,
    env: dict[str, str] | None = None,
    roots: list[str] | None = None,
    calls: tuple[dict[str, Any], ...] = (),
) -> Ended:
    """Start ``assay mcp ARGS`` in ``folder``, initialize as a client offering
    ``roots`` (None: no roots capability), answer its ``roots/list`` if it asks, make
    each of ``calls`` (``tools/call`` params), close standard input; how it ended."""
    with subprocess.Popen(
        [ASSAY, "mcp", *args],
        cwd=folder,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as server:
        assert server.stdin is not None and server.stdout is not None
        capabilities = {} if roots is None else {"roots": {"listChanged": False}}
        _send(server, _request(1, "initialize", _hello(capabilities)))
        if _receive(server) is not None:  # None: it ended (a --root that is no folder)
            _send(server, {"jsonrpc": "2.0", "method": "notifications/initialized"})
            if roots is not None:
                asked = _receive(server)
                if asked is not None and asked.get("method") == "roots/list":
                    listed = {"roots": [{"uri": uri} for uri in roots]}
                    _send(server, {"jsonrpc": "2.0", "id": asked["id"], "result": listed})
            for n, params in enumerate(calls, start=2):
                _send(server, _request(n, "tools/call", params))
        out, err = server.communicate(timeout=GUARD)  # standard input closed first
        rest = bytes(_PENDING.pop(server.pid, b""))
        return Ended(server.returncode, (rest + out).decode(), err.decode())


def _hello(capabilities: dict[str, Any]) -> dict[str, Any]:
    return {
        "protocolVersion": "2025-11-25",
        "capabilities": capabilities,
        "clientInfo": {"name": "tests", "version": "0"},
    }


def _request(n: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": n, "method": method, "params": params}


def _send(server: subprocess.Popen[bytes], message: dict[str, Any]) -> None:
    assert server.stdin is not None
    try:
        server.stdin.write(json.dumps(message).encode() + b"\n")
        server.stdin.flush()
    except BrokenPipeError:  # it ended: what it said is read at the end
        pass


def _receive(server: subprocess.Popen[bytes]) -> dict[str, Any] | None:
    """The server's next message; None once its standard output has ended. Read from
    the descriptor a chunk at a time (a buffered reader could hold a line that a
    wait on the descriptor would not see)."""
    assert server.stdout is not None
    pending = _PENDING.setdefault(server.pid, bytearray())
    fd = server.stdout.fileno()
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        while b"\n" not in pending:
            assert selector.select(GUARD), "the server said nothing (hang guard)"
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            pending += chunk
    line, _, rest = bytes(pending).partition(b"\n")
    pending[:] = rest
    message: dict[str, Any] = json.loads(line)
    return message


#: What was read past the last line, by process.
_PENDING: dict[int, bytearray] = {}
