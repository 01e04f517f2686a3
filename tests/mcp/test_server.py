"""`assay mcp` as a process: bad calls are answered and survived, a huge workspace is
checked without stalling the protocol, standard input's end ends it, and without the
SDK the command says which extra to install."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from mcp import MCPError
from tests.cli.test_eval_command import _assay, _example
from tests.mcp.serving import ASSAY, Client, serving, text

#: Records in the huge workspace: every other one has a broken link (LNK001).
RECORDS = 2000


@pytest.fixture(scope="module")
def huge(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace of ``RECORDS`` decision records, half of them with a finding."""
    root = tmp_path_factory.mktemp("huge")
    folder = root / "docs/adr"
    folder.mkdir(parents=True)
    (root / "assay.toml").write_text("")
    for n in range(1, RECORDS + 1):
        ending = "" if n % 2 else "See [the missing record](missing.md).\n"
        (folder / f"{n:04d}-decision-{n}.md").write_text(
            f"# {n}. Decision {n}\n\nDate: 2024-01-01\n\n## Status\n\nAccepted\n\n"
            f"## Context\n\nWhy {n}.\n\n## Decision\n\nWe do {n}.\n\n{ending}"
        )
    return root


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    """A server in an empty workspace."""
    root = tmp_path_factory.mktemp("empty")
    (root / "assay.toml").write_text("")
    with serving(root) as connected:
        yield connected


def test_an_unknown_tool_is_the_protocols_error_and_the_server_goes_on(client: Client) -> None:
    with pytest.raises(MCPError, match=r"no tool `delete_everything`; the tools: check, "):
        client.call("delete_everything", {"path": "."})
    assert not client.call("rules", {"code": "PTH001"}).is_error


@pytest.mark.parametrize(
    ("tool", "arguments", "said"),
    [
        ("parse", {}, "'path' is a required property"),
        ("parse", {"path": 7}, "['path']: 7 is not of type 'string'"),
        ("assemble", {"budget": -1}, "['budget']: -1 is less than the minimum of 0"),
        ("check", {"paths": "docs"}, "['paths']: 'docs' is not of type 'array'"),
        ("rules", {"code": "LNK001", "force": True}, "Additional properties are not allowed"),
        ("rules", {"code": "NOPE999"}, "no rule `NOPE999`"),
        ("select", {"declarations": ["x"]}, "does not match '^.+@[0-9]+$'"),
        ("parse", {"path": "missing.md"}, "PTH003"),
        ("trace_check", {"session": "missing.jsonl"}, "PTH003"),
        ("identity", {"url": " / "}, "is empty once normalized"),
    ],
)
def test_a_bad_call_is_a_tool_error_carrying_the_diagnostic(
    client: Client, tool: str, arguments: dict[str, object], said: str
) -> None:
    """Arguments against the schema, an unknown code, a missing file: the error says
    which, and the next call (on the same server) is answered."""
    result = client.call(tool, arguments)
    assert result.is_error and said in text(result), text(result)
    assert not client.call("identity", {"url": "https://x.org/o/r"}).is_error


def test_a_spec_error_is_a_tool_error_with_the_specs_diagnostics(tmp_path: Path) -> None:
    (tmp_path / "assay.toml").write_text('specs = ["broken.assay"]\n')
    (tmp_path / "broken.assay").write_text("type {\n")
    with serving(tmp_path) as client:
        result = client.call("select", {"where": {"repository": "billing"}})
    assert result.is_error
    [entry] = result.structured_content["report"]["diagnostics"]
    assert entry["code"] == "SPC001" and "broken.assay:1:" in text(result)


def test_a_huge_workspace_is_checked_without_stalling_the_server(huge: Path) -> None:
    """While the check of thousands of records runs, a second call is answered."""
    root = huge
    finished: dict[str, float] = {}

    async def both(client: Client) -> dict[str, object]:
        found: dict[str, object] = {}

        async def check() -> None:
            found["check"] = await client.session.call_tool("check", {})
            finished["check"] = time.monotonic()

        async with anyio.create_task_group() as group:
            group.start_soon(check)
            await anyio.sleep(0.2)  # the check is in its worker thread by now
            found["identity"] = await client.session.call_tool(
                "identity", {"url": "https://x.org/o/r"}
            )
            finished["identity"] = time.monotonic()
            await client.session.send_ping()
            finished["ping"] = time.monotonic()
        return found

    # Read cold, as a first check of a large workspace is: the cache would hide the wait.
    with serving(root, env={"ASSAY_NO_CACHE": "1"}) as client:
        found = client.portal.call(both, client)
    assert finished["identity"] < finished["check"] and finished["ping"] < finished["check"]
    report = found["check"].structured_content  # type: ignore[attr-defined]
    assert report["summary"]["files"] == RECORDS
    assert report["summary"]["errors"] == RECORDS // 2


def test_two_checks_called_at_once_are_both_answered_as_alone(huge: Path) -> None:
    """No call waits for another's workspace: two checks side by side (one whole, one
    of a record) give the reports each gives alone."""
    record = "docs/adr/0002-decision-2.md"

    async def calls(client: Client, together: bool) -> list[object]:
        whole = lambda: client.session.call_tool("check", {})  # noqa: E731
        one = lambda: client.session.call_tool("check", {"paths": [record]})  # noqa: E731
        if not together:
            return [(await whole()).structured_content, (await one()).structured_content]
        found: dict[str, object] = {}

        async def keep(name: str, call: object) -> None:
            found[name] = (await call()).structured_content  # type: ignore[operator]

        async with anyio.create_task_group() as group:
            group.start_soon(keep, "whole", whole)
            group.start_soon(keep, "one", one)
        return [found["whole"], found["one"]]

    with serving(huge) as client:
        alone = client.portal.call(calls, client, False)
        together = client.portal.call(calls, client, True)
    assert together == alone
    assert alone[1]["summary"]["errors"] == 1  # type: ignore[index]


def test_the_server_ends_when_standard_input_closes_even_during_a_check(huge: Path) -> None:
    """A client that goes away mid-check: the process ends with 0 without finishing the
    check — it never answers the call (a check of the large workspace takes far longer
    than it takes the server to see its input closed)."""
    root = huge
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "test", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "check"}},
    ]
    with subprocess.Popen(
        [ASSAY, "mcp"],
        cwd=root,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as server:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write(b"".join(json.dumps(m).encode() + b"\n" for m in messages))
        server.stdin.flush()
        initialized = json.loads(server.stdout.readline())
        assert initialized["result"]["serverInfo"]["name"] == "assay"
        server.stdin.close()
        assert server.wait(timeout=60) == 0  # a hang guard, not a measure
        answered = [json.loads(line) for line in server.stdout.read().splitlines() if line]
        assert server.stderr is not None and b"Traceback" not in server.stderr.read()
    assert [m for m in answered if m.get("id") == 2] == []


#: A call in the server's way (``server._in_thread``) that its caller stops waiting for
#: after 0.2 s: a read never ends, a write ends after a second.
ABANDONED = """
import sys, threading, time, anyio
from assay.mcp import server

def read():
    threading.Event().wait()

def write():
    time.sleep(1)
    print("written")

async def main(finish):
    with anyio.move_on_after(0.2):
        await server._in_thread(write if finish else read, finish=finish)

anyio.run(main, sys.argv[1] == "write")
"""


@pytest.mark.parametrize("call", ["read", "write"])
def test_a_call_its_caller_left_is_abandoned_only_when_it_reads(call: str) -> None:
    """A read-only call whose client went keeps no process alive (it never ends
    here); a call that may write is finished first (whole or absent)."""
    done = subprocess.run(
        [sys.executable, "-c", ABANDONED, call], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ("written\n" if call == "write" else "")


def test_eval_summary_summarizes_a_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The example's store after `assay eval prepare`: the JSON `eval summary` prints."""
    root = _example(tmp_path)
    assert _assay(root, "eval prepare", monkeypatch)[0] == 0
    _, out, _ = _assay(root, "eval summary --format json", monkeypatch)
    with serving(root) as client:
        result = client.call("eval_summary", {"store": "evidence.sqlite"})
    assert not result.is_error, text(result)
    assert result.structured_content == json.loads(out)


#: Runs ``assay ARGS…`` where the top-level modules named in ``$BLOCKED`` cannot be
#: imported, as in an environment without the extra (a finder ahead of every other).
WITHOUT = """
import os, sys
from importlib.abc import MetaPathFinder

class Blocked(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in os.environ["BLOCKED"].split(","):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Blocked())
import assay.cli
sys.exit(assay.cli.main(sys.argv[1:]))
"""


@pytest.mark.parametrize("blocked", ["anyio", "mcp", "mcp_types", "mcp,mcp_types,anyio,pydantic"])
def test_without_the_sdk_the_command_names_the_extra(tmp_path: Path, blocked: str) -> None:
    """`assay mcp` where the SDK or what it brings cannot be imported: exit 2 saying
    `pip install 'assay[mcp]'` and which module is missing, no traceback."""
    (tmp_path / "assay.toml").write_text("")
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT, "mcp"],
        cwd=tmp_path,
        env={**os.environ, "BLOCKED": blocked},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "pip install 'assay[mcp]'" in done.stderr and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    named = re.search(r"\(no module `([^`]+)`\)", line)
    assert named is not None and named[1] in blocked.split(","), line


def test_the_blocker_blocks_only_what_it_names(tmp_path: Path) -> None:
    """The same wrapper with nothing the server needs blocked serves as usual, so the
    refusal above is the blocked module's doing."""
    (tmp_path / "assay.toml").write_text("")
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT, "mcp"],
        cwd=tmp_path,
        env={**os.environ, "BLOCKED": "no_such_module_anywhere"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
