"""Every command that writes, at every kind of place: written where the rule allows,
else exit 2 with nothing touched (DESIGN §6, "What a write may replace").

Each example builds a git workspace (the bundled examples, with assay's previous
outputs beside them: a report, a bundle, a summary, stores), adds what hypothesis draws
— tracked and untracked files, links to a folder outside, committed or not, dangling
ones — and runs one writing command (as the command line runs it) at one destination
drawn from every kind of place there: tracked files, records, specs, the config,
`.git`, paths through the links, the workspace and its ancestors, the folder outside,
previous outputs, absent paths.

What must hold, whatever the rule's code says: a run that exits 2 leaves the
workspace and the folder outside byte for byte; any other run changes nothing but what
lies at or below its destination (and the folders made on the way), replaces nothing
assay did not make (a run's own review.md aside), writes nothing under `.git` and
nothing through a link inside the workspace. And a plainly free destination (a new
name in a new untracked folder) is written: the rule does not hold by refusing all.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from assay.cli import main
from assay.mcp import server
from assay.mcp.arguments import Served
from tests.conftest import ROOT

RUN = "runs/github.com-vectifyai-pageindex"
TASK = ["--where", "repository=billing", "--where", "task_kind=bugfix", "--budget", "5000"]
#: Where each command runs: the eval commands in the benchmark's own workspace.
EVAL = "eval"

#: The commands, each a function of its destination (relative to where it runs).
COMMANDS = {
    "check": lambda d: ["check", "--no-cache", "--format", "json", "--output", d],
    "check-text": lambda d: ["check", "--no-cache", "--output", d],
    "render": lambda d: ["render", RUN, "--no-cache", "--dest", d, "--write"],
    "assemble": lambda d: ["assemble", *TASK, "--out", d],
    "manifest": lambda d: ["assemble", *TASK, "--out", "-", "--manifest", d],
    "summary": lambda d: ["eval", "summary", "--format", "markdown", "--output", d],
    "prepare": lambda d: ["eval", "prepare", "--db", d],
    "merge": lambda d: ["eval", "merge", d, "s1.sqlite", "s2.sqlite"],
    "new": lambda d: ["new", "Use a queue", "--dir", d],
    "mcp-check": lambda d: ["mcp", "check", {"output": d}],
    "mcp-render": lambda d: ["mcp", "render", {"run": RUN, "dest": d, "write": True}],
    "mcp-assemble": lambda d: [
        "mcp",
        "assemble",
        {"where": {"repository": "billing", "task_kind": "bugfix"}, "budget": 5000, "out": d},
    ],
    "new-run": lambda d: [
        "new",
        "run",
        "--source",
        "https://x.test/a/b",
        "--system",
        "B",
        "--dir",
        d,
    ],
}

#: Places every workspace has (relative to its root) that some command may write:
#: new names, assay's previous outputs, a folder outside named as it is.
FREE = [
    "fresh/new-out",
    "fresh/deeper/new.md",
    "new-report.json",
    "made/report.json",
    "made/bundle",
    "made/summary.md",
    "eval/evidence.sqlite",
    "notes",
    "../elsewhere/new-out",
    f"{RUN}/review.md",
]
#: And those no write may take.
FORBIDDEN = [
    "README.md",
    "assay.toml",
    "assay/context.assay",
    "assay/notes.assay",
    "docs/adr/0001-record-architecture-decisions.md",
    "docs/adr",
    "docs",
    f"{RUN}/boundary.md",
    RUN,
    ".git/config",
    ".git/hooks/pre-commit",
    ".git/info/new",
    ".git",
    ".",
    "..",
    "outdir",
    "outdir/x",
    "outdir/x.md",
    "outdir/../elsewhere-new",
    "dangling",
    "../elsewhere/theirs.txt",
    "../elsewhere",
    "eval/s1.sqlite",
    "notes/mine.txt",
]

NAMES = st.sampled_from(["a", "b", "notes", "docs/adr", "made", "fresh", "ours"])
LEAVES = st.sampled_from(["x", "x.md", "r.json", "new"])


@st.composite
def additions(draw: st.DrawFn) -> list[tuple[str, str, bool]]:
    """Extra entries: (kind, path, committed), kind a file, a link out, a link in."""
    found = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["file", "link-out", "link-in", "dangling"]))
        path = f"{draw(NAMES)}/{draw(LEAVES)}" if draw(st.booleans()) else draw(LEAVES)
        found.append((kind, path, draw(st.booleans())))
    return found


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The examples as a committed workspace, with assay's own previous outputs."""
    top = tmp_path_factory.mktemp("base")
    root = top / "ws"
    shutil.copytree(ROOT / "examples", root)
    (root / "README.md").write_text("# the team's readme\n")
    (root / "outdir").symlink_to("../elsewhere")
    (top / "elsewhere").mkdir()
    (top / "elsewhere/theirs.txt").write_text("theirs\n")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base")
    (root / "assay/notes.assay").write_text("# A draft spec, not committed yet.\n")
    (root / "notes").mkdir()
    (root / "notes/mine.txt").write_text("mine\n")
    (root / "dangling").symlink_to("../elsewhere/not-yet")
    hook = root / ".git/hooks/pre-commit"
    hook.write_text("#!/bin/sh\nexit 0\n")
    hook.chmod(0o755)
    with _at(root):
        _run(["check", "--no-cache", "--format", "json", "--output", "made/report.json"])
        _run(["assemble", *TASK, "--out", "made/bundle"])
    with _at(root / EVAL):
        _run(["eval", "prepare", "--db", "evidence.sqlite"])
        _run(["eval", "summary", "--format", "markdown", "--output", "../made/summary.md"])
    shutil.copy(root / EVAL / "evidence.sqlite", root / EVAL / "s1.sqlite")
    shutil.copy(root / EVAL / "evidence.sqlite", root / EVAL / "s2.sqlite")
    return top


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


@contextlib.contextmanager
def _at(folder: Path) -> Iterator[None]:
    here = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(here)


def _run(args: list[Any]) -> tuple[int, str]:
    """The exit code and what the command said on standard error; an MCP tool's call
    (``["mcp", name, arguments]``, on a server started with ``--allow-write`` in the
    current folder) as the exit code its answer stands for: 2 a tool error, 3 an
    internal one."""
    if args[0] == "mcp":
        return _call(args[1], args[2])
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(args)
    return code, err.getvalue()


def _call(name: str, arguments: dict[str, Any]) -> tuple[int, str]:
    from mcp import Client

    async def made() -> Any:
        served = Served(root=Path.cwd(), allow_write=True)
        async with Client(server.build(served)) as client:
            return await client.call_tool(name, arguments)

    result = anyio.run(made)
    text = "".join(getattr(block, "text", "") for block in result.content)
    if not result.is_error:
        return 0, ""
    return (3 if text.startswith("internal error") else 2), text


@settings(
    max_examples=min(settings().max_examples, 60),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    deadline=None,
)
@given(command=st.sampled_from(sorted(COMMANDS)), extra=additions(), data=st.data())
def test_every_write_is_allowed_by_the_rule_or_touches_nothing(
    base: Path,
    tmp_path_factory: pytest.TempPathFactory,
    command: str,
    extra: list[tuple[str, str, bool]],
    data: st.DataObject,
) -> None:
    top = tmp_path_factory.mktemp("ws")
    shutil.rmtree(top)
    shutil.copytree(base, top, symlinks=True)
    root = top / "ws"
    places = st.sampled_from(FREE) | st.sampled_from(FORBIDDEN + _add(root, extra))
    destination = data.draw(places, label="destination")
    where = root / EVAL if command in ("summary", "prepare", "merge") else root
    named = (
        os.path.relpath(root / destination, where)
        if not destination.startswith("/")
        else destination
    )
    made = _made(root)
    before = _tree(top)
    with _at(where):
        code, said = _run(COMMANDS[command](named))
    after = _tree(top)
    changed = {path for path in before.keys() | after.keys() if before.get(path) != after.get(path)}
    assert code != 3, said
    event(f"{command} exit {code}")
    if code == 2:
        assert not changed, (command, named, said)
        return
    target = _lexical(where, named, root)
    assert target is not None, f"{command} {named}: written through a link or into .git"
    for path in changed:
        assert (
            _within(path, target)
            or path in _companions(target)
            or (
                path not in before and _within(target, path)  # a folder made on the way
            )
        ), f"{command} {named} changed {path}"
        assert ".git" not in Path(path).parts, f"{command} {named} changed {path}"
        if path in before and path != "ws/" + f"{RUN}/review.md":
            assert _made_by_assay(path, made), f"{command} {named} replaced {path}"


def _add(root: Path, extra: list[tuple[str, str, bool]]) -> list[str]:
    """Make the drawn entries; the destinations they offer."""
    offered = []
    for kind, path, committed in extra:
        entry = root / path
        if os.path.lexists(entry) or not _free_parents(root, entry):
            continue
        entry.parent.mkdir(parents=True, exist_ok=True)
        if kind == "file":
            entry.write_text("someone's\n")
        elif kind == "link-out":
            entry.symlink_to(os.path.relpath(root.parent / "elsewhere", entry.parent))
        elif kind == "link-in":
            entry.symlink_to(os.path.relpath(root / "docs", entry.parent))
        else:
            entry.symlink_to("nowhere-at-all")
        if committed:
            _git(root, "add", "--", path)
        offered += [path, f"{path}/x", f"{path}/x.md"]
    return offered


def _free_parents(root: Path, entry: Path) -> bool:
    """No link and no file on the way from ``root`` to ``entry``'s folder."""
    folder = root
    for part in entry.relative_to(root).parts[:-1]:
        folder = folder / part
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            return False
    return True


def _lexical(where: Path, named: str, root: Path) -> str | None:
    """The destination as a path relative to the top folder, walked as the system walks
    it; None when it passes through a link inside the workspace or into `.git`."""
    current = where
    parts = Path(named).parts
    for index, part in enumerate(parts):
        if part == "..":
            current = current.parent
            continue
        current = current / part
        last = index == len(parts) - 1
        if part.casefold() == ".git":
            return None
        if current.is_symlink() and not last:
            if _within(str(current), str(root)):
                return None
            current = Path(os.path.realpath(current))
    return os.path.relpath(current, root.parent)


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _companions(target: str) -> set[str]:
    """What a write puts beside its destination: a summary's plot, SQLite's journals."""
    plot = Path(target).with_name(Path(target).stem + ".differences.svg")
    return {str(plot), *(f"{target}{suffix}" for suffix in ("-wal", "-shm", "-journal"))}


def _made(root: Path) -> set[str]:
    """What assay made in the base workspace (paths relative to the top folder)."""
    return {"ws/made", "ws/eval/evidence.sqlite", "ws/eval/s1.sqlite", "ws/eval/s2.sqlite"}


def _made_by_assay(path: str, made: set[str]) -> bool:
    return any(_within(path, folder) for folder in made) or path.startswith("ws/eval/evidence")


def _tree(top: Path) -> dict[str, tuple[str, bytes | str, int]]:
    """Every entry below ``top``, `.git` included: kind, content or target, mode."""
    found: dict[str, tuple[str, bytes | str, int]] = {}
    for folder, names, files in os.walk(top):
        for name in names + files:
            path = Path(folder) / name
            key = str(path.relative_to(top))
            status = path.lstat()
            if path.is_symlink():
                found[key] = ("link", os.readlink(path), 0)
            elif path.is_file():
                found[key] = ("file", path.read_bytes(), status.st_mode & 0o777)
            else:
                found[key] = ("folder", "", status.st_mode & 0o777)
    return found


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_plainly_free_destination_is_written(base: Path, tmp_path: Path, command: str) -> None:
    """The other half: the rule does not hold by refusing everything."""
    top = tmp_path / "top"
    shutil.copytree(base, top, symlinks=True)
    root = top / "ws"
    where = root / EVAL if command in ("summary", "prepare", "merge") else root
    named = os.path.relpath(root / "fresh/new-out", where)
    if command.startswith("new"):  # a record goes into a folder that is there
        (root / "fresh/new-out").mkdir(parents=True)
    with _at(where):
        code, said = _run(COMMANDS[command](named))
    assert code in (0, 1), said
    written = root / "fresh/new-out"
    assert written.is_file() or any(written.iterdir()), said
