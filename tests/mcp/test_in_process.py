"""The server's calls answered in this process (the SDK's in-memory client): the
paths a real subprocess cannot show cheaply — an internal error, an unverified run,
an unknown type, a spec error in a protocol, a name that is not UTF-8."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from attrs import evolve

from assay.mcp import server, tools
from assay.mcp.arguments import Served
from mcp import Client
from tests.mcp.serving import example

RUN = "runs/github.com-vectifyai-pageindex"


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The example, the current folder (as `serve` makes the root)."""
    root = example(tmp_path)
    monkeypatch.chdir(root)
    yield root


def call(root: Path, name: str, arguments: dict[str, Any], *, write: bool = False) -> Any:
    """``name`` called on a server built for ``root``, in this process."""

    async def made() -> types.CallToolResult:
        async with Client(server.build(Served(root=root, allow_write=write))) as client:
            return await client.call_tool(name, arguments)

    return anyio.run(made)


def message(result: types.CallToolResult) -> str:
    [block] = result.content
    assert isinstance(block, types.TextContent)
    return block.text


def test_a_crash_inside_a_tool_is_a_tool_error_with_its_trace_on_stderr(
    workspace: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(served: Served, arguments: dict[str, Any]) -> str:
        raise RuntimeError("a bug")

    monkeypatch.setitem(tools.BY_NAME, "files", evolve(tools.BY_NAME["files"], answer=broken))
    result = call(workspace, "files", {})
    assert result.is_error and message(result).startswith("internal error")
    assert "RuntimeError: a bug" in capsys.readouterr().err


def test_an_unverified_run_renders_nothing_and_says_why(workspace: Path) -> None:
    verify = workspace / RUN / "verify.md"
    text = verify.read_text(encoding="utf-8")
    verify.write_text(text.replace("### Blockers\n\nnone", "### Blockers\n\n- the source moved"))
    result = call(workspace, "render", {"run": RUN})
    assert result.is_error
    assert "is not verified" in message(result) and "blocker: the source moved" in message(result)


def test_an_unknown_type_lists_the_types_known(workspace: Path) -> None:
    path = "docs/adr/0002-use-postgresql-for-the-ledger.md"
    result = call(workspace, "parse", {"path": path, "type": "nope"})
    assert result.is_error and "no type `nope` (known: " in message(result)


def test_an_unknown_protocol_is_a_tool_error(workspace: Path) -> None:
    result = call(
        workspace, "trace_check", {"session": "sessions/silent-fallback.jsonl", "protocol": "nope"}
    )
    assert result.is_error and "nope" in message(result)


def test_a_store_that_is_no_store_is_a_tool_error(workspace: Path) -> None:
    (workspace / "not.sqlite").write_text("not a store")
    result = call(workspace, "eval_summary", {"store": "not.sqlite"})
    assert result.is_error


def test_an_empty_slug_is_a_tool_error(workspace: Path) -> None:
    result = call(workspace, "identity", {"url": "..."})
    assert result.is_error and "gives no run folder name" in message(result)


def test_with_allow_write_the_default_review_is_renewed(workspace: Path) -> None:
    """`write` without `dest`: the run's own review.md, as `assay render --write`."""
    result = call(workspace, "render", {"run": RUN, "write": True}, write=True)
    assert not result.is_error, message(result)
    answer = result.structured_content
    assert answer["destination"] == f"{RUN}/review.md" and answer["written"]
    assert (workspace / RUN / "review.md").read_text(encoding="utf-8") == answer["review"]


def test_a_bundle_over_a_folder_assay_did_not_make_is_refused(workspace: Path) -> None:
    (workspace / "keep").mkdir()
    (workspace / "keep/notes.txt").write_text("mine")
    arguments = {"where": {"repository": "billing"}, "budget": 4000, "out": "keep"}
    result = call(workspace, "assemble", arguments, write=True)
    assert result.is_error and "nothing was written" in message(result)
    assert (workspace / "keep/notes.txt").read_text() == "mine"


def test_a_mandatory_overflow_is_a_tool_error_with_ctx001(workspace: Path) -> None:
    result = call(workspace, "assemble", {"where": {"repository": "billing"}, "budget": 10})
    assert result.is_error
    codes = [d["code"] for d in result.structured_content["report"]["diagnostics"]]
    assert "CTX001" in codes


def test_a_name_that_is_not_utf8_reaches_the_client() -> None:
    """Structured content holds U+FFFD where the text holds the escape."""
    value = {"path": "docs/\udcff.md", "list": ["ok", "\udcfe"], "n": 1}
    assert server._wire(value) == {"path": "docs/\ufffd.md", "list": ["ok", "\ufffd"], "n": 1}


def test_the_listing_says_which_tools_may_write_once_allowed(workspace: Path) -> None:
    async def listed() -> list[types.Tool]:
        async with Client(server.build(Served(root=workspace, allow_write=True))) as client:
            return (await client.list_tools()).tools

    writers = {
        t.name for t in anyio.run(listed) if t.annotations and not t.annotations.read_only_hint
    }
    assert writers == {"check", "assemble", "render"}


def test_an_error_is_made_workspace_relative_only_under_the_root() -> None:
    """`/w/a` is `a` and `/w` is `.`; `/w2`, another folder, is left as it is."""
    from assay.mcp.errors import workspace_relative

    said = ["/w/a is not a run folder", "`/w`: the root", {"path": "/w2/b", "n": 1}]
    assert workspace_relative(said, Path("/w")) == [
        "a is not a run folder",
        "`.`: the root",
        {"path": "/w2/b", "n": 1},
    ]


def test_eval_summary_refuses_a_benchmark_the_store_does_not_hold(workspace: Path) -> None:
    """As `assay eval summary --benchmark`: EVL001 listing what the store holds."""
    from assay.api import evaluation

    evaluation.prepare(workspace / "eval", workspace / "eval/evidence.sqlite")
    arguments = {"store": "eval/evidence.sqlite", "benchmark": "nope@3"}
    result = call(workspace, "eval_summary", arguments)
    assert result.is_error and "EVL001" in message(result), message(result)
    assert "(it holds: naming@1)" in message(result)
    held = call(workspace, "eval_summary", {**arguments, "benchmark": "naming"})
    assert not held.is_error, message(held)
