"""What `assay mcp` reads and writes: every path argument stays in the workspace and
is opened as the command line opens it; nothing is written without --allow-write and
a destination, and then only where the one writer allows."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.mcp.serving import Client, example, serving, text

RUN = "runs/github.com-vectifyai-pageindex"
SECRET = "the secret outside the workspace"
WHERE = {"repository": "billing", "task_kind": "bugfix"}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example, with links that lead out of it and a secret beside it."""
    base = tmp_path_factory.mktemp("contained")
    root = example(base)
    outside = base / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text(f"# {SECRET}\n")
    (outside / "store.sqlite").write_text(SECRET)
    (root / "docs/linked.md").symlink_to(outside / "secret.md")
    (root / "docs/away").symlink_to(outside, target_is_directory=True)
    (root / "sessions/linked.jsonl").symlink_to(outside / "secret.md")
    (root / "store.sqlite").symlink_to(outside / "store.sqlite")
    return root


@pytest.fixture(scope="module")
def read_only(workspace: Path) -> Iterator[Client]:
    with serving(workspace) as connected:
        yield connected


@pytest.fixture(scope="module")
def writing(workspace: Path) -> Iterator[Client]:
    with serving(workspace, "--allow-write") as connected:
        yield connected


def footprints(root: Path) -> dict[str, str]:
    """Every file of the workspace (links as their targets' names) and its digest."""
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder, name)
            key = path.relative_to(root).as_posix()
            if key.startswith(".git/"):
                continue
            found[key] = (
                os.readlink(path)
                if path.is_symlink()
                else hashlib.sha256(path.read_bytes()).hexdigest()
            )
    return found


@pytest.mark.parametrize(
    ("tool", "arguments", "code"),
    [
        ("parse", {"path": "../outside/secret.md"}, "PTH001"),
        ("parse", {"path": "/etc/passwd"}, "PTH001"),
        ("parse", {"path": "docs\\..\\..\\outside\\secret.md"}, "PTH001"),
        ("parse", {"path": "docs/linked.md"}, "PTH002"),
        ("parse", {"path": "docs/away/secret.md"}, "PTH002"),
        ("check", {"paths": ["../outside/secret.md"]}, "PTH001"),
        ("render", {"run": "../outside"}, "PTH001"),
        ("trace_check", {"session": "sessions/linked.jsonl"}, "PTH002"),
        ("trace_fetch", {"session": "/etc/passwd", "turn": "a", "window": 1}, "PTH001"),
        ("eval_summary", {"store": "store.sqlite"}, "PTH002"),
        ("eval_summary", {"store": "docs/away/store.sqlite"}, "PTH002"),
    ],
)
def test_a_hostile_path_is_refused_and_nothing_behind_it_is_read(
    read_only: Client, tool: str, arguments: dict[str, Any], code: str
) -> None:
    """The refusal is a tool error naming its code; the server answers the next call."""
    result = read_only.call(tool, arguments)
    assert result.is_error
    assert code in text(result) and SECRET not in text(result)
    assert SECRET not in str(result.structured_content)
    assert not read_only.call("identity", {"url": "https://x.org/o/r"}).is_error


@pytest.mark.parametrize(
    ("tool", "arguments", "asking"),
    [
        ("check", {"output": "report.json"}, "output"),
        ("assemble", {"where": WHERE, "budget": 4000, "out": "bundle"}, "out"),
        ("render", {"run": RUN, "write": True}, "write"),
    ],
)
def test_a_read_only_server_writes_nothing(
    read_only: Client, workspace: Path, tool: str, arguments: dict[str, Any], asking: str
) -> None:
    """Without --allow-write a destination is refused before anything is read."""
    before = footprints(workspace)
    result = read_only.call(tool, arguments)
    assert result.is_error
    assert f"`{asking}` asks for a write" in text(result) and "--allow-write" in text(result)
    assert footprints(workspace) == before


def test_with_allow_write_a_bundle_is_written_where_the_call_says(
    writing: Client, workspace: Path
) -> None:
    """`out`: bundle.md holds the text answered, manifest.json the manifest."""
    result = writing.call("assemble", {"where": WHERE, "budget": 4000, "out": "bundle"})
    assert not result.is_error, text(result)
    found = result.structured_content
    assert found["written"] == ["bundle/bundle.md", "bundle/manifest.json"]
    assert (workspace / "bundle/bundle.md").read_text(encoding="utf-8") == found["text"]


def test_with_allow_write_a_review_and_a_report_are_written(
    writing: Client, workspace: Path
) -> None:
    review = writing.call("render", {"run": RUN, "dest": "reviews/pageindex.md", "write": True})
    assert not review.is_error, text(review)
    answered = review.structured_content
    assert answered["destination"] == "reviews/pageindex.md" and answered["written"]
    assert (workspace / "reviews/pageindex.md").read_text(encoding="utf-8") == answered["review"]
    report = writing.call("check", {"output": "report.json", "select": ["LNK"]})
    assert not report.is_error
    assert (workspace / "report.json").read_text(encoding="utf-8") == text(report)


@pytest.mark.parametrize(
    ("tool", "arguments", "refusal"),
    [
        ("check", {"output": "docs/adr/0001-record-architecture-decisions.md"}, "--output"),
        ("check", {"output": "docs/linked.md"}, "link"),
        ("check", {"output": "../outside/report.json"}, "PTH001"),
        ("assemble", {"where": WHERE, "budget": 4000, "out": "docs"}, "docs"),
        ("assemble", {"where": WHERE, "budget": 4000, "out": "."}, "PTH001"),
        ("render", {"run": RUN, "dest": f"{RUN}/boundary.md", "write": True}, "boundary.md"),
    ],
)
def test_the_one_writer_refuses_an_input_a_link_or_the_workspace(
    writing: Client, workspace: Path, tool: str, arguments: dict[str, Any], refusal: str
) -> None:
    """Even with --allow-write: never over what assay reads, a link, a folder of the
    workspace's files, or outside it; nothing is touched."""
    before = footprints(workspace)
    result = writing.call(tool, arguments)
    assert result.is_error and refusal in text(result), text(result)
    assert footprints(workspace) == before
    assert not (workspace.parent / "outside/report.json").exists()


@pytest.mark.parametrize(
    ("tool", "arguments", "said"),
    [
        ("render", {"run": "docs"}, "docs is not a run folder"),
        ("eval_summary", {"store": "docs/adr/0001-record-architecture-decisions.md"}, "EVL011"),
    ],
)
def test_an_error_names_paths_from_the_workspace_root(
    read_only: Client, workspace: Path, tool: str, arguments: dict[str, Any], said: str
) -> None:
    """Never where the workspace lies on the server's disk: in the text, the report's
    paths and the structured content alike."""
    result = read_only.call(tool, arguments)
    assert result.is_error and said in text(result), text(result)
    assert str(workspace) not in text(result)
    assert str(workspace) not in str(result.structured_content)
