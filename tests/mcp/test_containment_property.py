"""Any path a client gives, to any tool taking one, on a server rooted at a folder:
nothing outside the root is opened or listed, the secret beside it never comes back,
and no error names where the workspace lies on the server's disk."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.mcp import server
from assay.mcp.arguments import Served
from mcp import Client

SECRET = "the secret outside the workspace"

#: Every open and listing this process makes while a call is answered (the audit
#: events of `open`, `os.listdir`, `os.scandir`): the path and the current folder.
_SEEN: list[tuple[str, str]] = []
_WATCHING = [False]


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _WATCHING[0] and event in ("open", "os.listdir", "os.scandir") and args:
        path = args[0]
        if isinstance(path, str | bytes | os.PathLike):
            _SEEN.append((os.fsdecode(path), os.getcwd()))


sys.addaudithook(_audit)  # cannot be removed: it records only while _WATCHING


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """``base/root`` served, ``base/outside`` beside it holding the secret, links
    from the root into it; the current folder is the root, as ``serve`` makes it."""
    folder = tmp_path_factory.mktemp("property").resolve()
    root, outside = folder / "root", folder / "outside"
    (root / "docs/adr").mkdir(parents=True)
    outside.mkdir()
    (root / "assay.toml").write_text("")
    (root / "docs/adr/0001-x.md").write_text("# 1. X\n\n## Status\n\nAccepted\n")
    for name in ("secret.md", "store.sqlite", "session.jsonl", "run.toml"):
        (outside / name).write_text(SECRET)
    (root / "away").symlink_to(outside, target_is_directory=True)
    (root / "linked.md").symlink_to(outside / "secret.md")
    before = Path.cwd()
    os.chdir(root)
    yield folder
    os.chdir(before)


@pytest.fixture(scope="module")
def connected(base: Path) -> Iterator[tuple[BlockingPortal, Client]]:
    """One in-process client for every example (a server per example would be slow)."""
    built = server.build(Served(root=base / "root", allow_write=False))
    with (
        start_blocking_portal() as portal,
        portal.wrap_async_context_manager(Client(built)) as client,
    ):
        yield portal, client


_PART = st.one_of(
    st.sampled_from(
        ["..", ".", "", "outside", "secret.md", "away", "linked.md", "docs", "adr", "root"]
    ),
    st.sampled_from(["~", "%2e%2e", "..\\..", "\\", "/", "file:", "etc", "passwd", "x.md"]),
    st.text(alphabet="./\\~:%ae", max_size=6),
)
_PATHS = st.builds(
    lambda lead, parts, sep: lead + sep.join(parts),
    st.sampled_from(["", "/", "//", "~/", "./", "../", "\\", "C:\\", "file://"]),
    st.lists(_PART, min_size=1, max_size=5),
    st.sampled_from(["/", "\\"]),
).filter(bool)
_CALLS = st.one_of(
    st.builds(lambda p: ("parse", {"path": p}), _PATHS),
    st.builds(lambda p: ("parse", {"path": p, "spec": True}), _PATHS),
    st.builds(lambda p: ("trace_check", {"session": p}), _PATHS),
    st.builds(lambda p: ("trace_fetch", {"session": p, "turn": "t", "window": 1}), _PATHS),
    st.builds(lambda p: ("eval_summary", {"store": p}), _PATHS),
    st.builds(lambda p: ("render", {"run": p}), _PATHS),
    st.builds(lambda p, d: ("render", {"run": "docs", "dest": d}), _PATHS, _PATHS),
    st.builds(lambda p: ("check", {"paths": [p]}), _PATHS),
)


@settings(max_examples=min(settings().max_examples, 150), deadline=None)
@given(call=_CALLS)
def test_no_path_a_client_gives_is_read_outside_the_root(
    base: Path, connected: tuple[BlockingPortal, Client], call: tuple[str, dict[str, Any]]
) -> None:
    portal, client = connected
    name, arguments = call
    _SEEN.clear()
    _WATCHING[0] = True
    try:
        result: types.CallToolResult = portal.call(client.call_tool, name, arguments)
    finally:
        _WATCHING[0] = False
    root = base / "root"
    for path, cwd in _SEEN:
        # A relative name is taken from the current folder, or from a folder the
        # opener holds open (each part of a walk from the root): either way, a part
        # that climbs shows as a path outside.
        opened = Path(os.path.normpath(Path(cwd, path)))
        assert not opened.is_relative_to(base) or opened.is_relative_to(root), (path, cwd)
    answered = json.dumps(result.structured_content) + "".join(
        block.text for block in result.content if isinstance(block, types.TextContent)
    )
    assert SECRET not in answered
    if result.is_error:
        assert str(base) not in answered, answered
