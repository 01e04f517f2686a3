"""The hostile path suite (issue 14): in a real git repository, every path that leaves
the root, goes through a link or names anything but a tracked regular file is refused
with its PTH code — and no file outside the workspace is ever opened.

Two witnesses watch the opens. An audit hook records every ``open`` event (builtin
``open`` and ``os.open`` alike): the walk may only name the root, then single
components relative to a descriptor. And ``os.open`` is wrapped to resolve each
descriptor it returns through ``/proc/self/fd`` (Linux): every one must lie inside the
workspace. Audit hooks cannot be removed, so the hook records only while a test asks.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from assay.engine.files import opening
from assay.engine.files.digest import Digest
from assay.engine.files.opening import ContainedFile, open_contained
from assay.engine.files.refusal import Refused
from assay.engine.files.source import read_source
from assay.engine.files.tracking import Tracked, Tracking, read_tracking

_RECORDING: list[object] | None = None


def _hook(event: str, args: tuple[object, ...]) -> None:
    if _RECORDING is not None and event == "open":
        _RECORDING.append(args[0])


if not getattr(sys, "_assay_files_hook", False):
    sys.addaudithook(_hook)
    sys._assay_files_hook = True  # type: ignore[attr-defined]

_PROC = Path("/proc/self/fd")


def _git(root: Path, *arguments: str) -> None:
    subprocess.run(("git", *arguments), cwd=root, check=True, capture_output=True)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository with a tracked file, and hostile neighbours inside and out
    (built once: the tests only read it)."""
    tmp_path = tmp_path_factory.mktemp("hostile")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("secret\n")
    (tmp_path / "x").write_text("outside the root\n")
    root = tmp_path / "ws"
    (root / "a").mkdir(parents=True)
    (root / "a" / "b.txt").write_bytes(b"one\r\ntwo\n")
    (root / "untracked.txt").write_text("not added\n")
    (root / "linkfile").symlink_to(outside / "secret.txt")
    (root / "passwd").symlink_to("/etc/passwd")
    (root / "linkdir").symlink_to(outside)
    (root / "a" / "up").symlink_to("..")
    (root / "loop").symlink_to("loop")
    os.mkfifo(root / "fifo")
    _git(root, "init", "-q")
    _git(root, "add", "a/b.txt", "linkfile", "passwd", "linkdir", "a/up", "loop")
    return root


@pytest.fixture
def tracking(workspace: Path) -> Tracking:
    """git's index, read before the watch starts (git's subprocess opens `/dev/null`)."""
    return read_tracking(workspace)


@pytest.fixture
def watched(
    workspace: Path, tracking: Tracking, monkeypatch: pytest.MonkeyPatch
) -> Iterator[list[str]]:
    """Record the opens of the test (audit events), and check every descriptor
    ``os.open`` returned resolves inside the workspace."""
    global _RECORDING
    real_open = os.open
    resolved: list[str] = []

    def recording_open(path: object, flags: int, *args: object, **kwargs: object) -> int:
        fd = real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]
        if _PROC.is_dir():
            resolved.append(os.readlink(_PROC / str(fd)))
        return fd

    monkeypatch.setattr(os, "open", recording_open)
    events: list[object] = []
    before = _descriptors()
    _RECORDING = events
    try:
        yield resolved
    finally:
        _RECORDING = None
    assert _descriptors() == before, "a descriptor was left open"
    inside = str(workspace.resolve())
    for path in resolved:
        assert path == inside or path.startswith(inside + os.sep), path
    for event in events:
        assert isinstance(event, str), event  # no descriptor-only or bytes opens
        if os.path.isabs(event):
            assert event == str(workspace), event  # only the root, by its full name
        else:
            assert "/" not in event and event not in ("", ".", ".."), event


def _descriptors() -> set[str]:
    return set(os.listdir(_PROC)) if _PROC.is_dir() else set()


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("../x", "PTH001"),
        ("/etc/passwd", "PTH001"),
        ("a/../../x", "PTH001"),
        ("a/b.txt/../../../x", "PTH001"),
        ("C:/x", "PTH001"),
        ("c:x", "PTH001"),
        ("\\\\server\\share\\x", "PTH001"),
        ("a\\..\\..\\x", "PTH001"),
        ("", "PTH001"),
        (".", "PTH001"),
        ("a/..", "PTH001"),
        ("a/b.txt\0", "PTH001"),
        ("linkfile", "PTH002"),
        ("passwd", "PTH002"),
        ("linkdir/secret.txt", "PTH002"),
        ("a/up/a/b.txt", "PTH002"),
        ("loop", "PTH002"),
        ("loop/x", "PTH002"),
        ("fifo", "PTH003"),
        ("a", "PTH003"),
        ("a/", "PTH003"),
        ("missing.txt", "PTH003"),
        ("a/b.txt/c", "PTH003"),
        ("untracked.txt", "PTH004"),
    ],
)
def test_hostile_paths_are_refused_with_their_code(
    workspace: Path, tracking: Tracking, watched: list[str], path: str, code: str
) -> None:
    outcome = read_source(workspace, path, tracking, limit=1 << 16)
    assert isinstance(outcome, Refused), outcome
    assert outcome.code == code, outcome
    assert (
        outcome.name
        == {
            "PTH001": "path-escapes-root",
            "PTH002": "linked-component",
            "PTH003": "not-regular-file",
            "PTH004": "not-tracked",
        }[code]
    )
    assert (repr(path) if "\0" in path else f"`{path}`") in outcome.message


def test_the_tracked_file_is_read_by_any_inner_spelling(
    workspace: Path, tracking: Tracking, watched: list[str]
) -> None:
    for path in ("a/b.txt", "./a/b.txt", "a//b.txt", "a/../a/./b.txt"):
        outcome = read_source(workspace, path, tracking, lines=(2, 2), limit=100)
        assert isinstance(outcome, Digest), outcome
        assert outcome.text == b"two\n"
    assert watched, "the wrapped os.open saw the opens"


def test_messages_say_why(workspace: Path, tracking: Tracking, watched: list[str]) -> None:
    said = {
        path: read_source(workspace, path, tracking)
        for path in ("linkdir/secret.txt", "fifo", "a", "a/b.txt/c", "untracked.txt")
    }
    messages = {path: outcome.message for path, outcome in said.items()}  # type: ignore[union-attr]
    assert "goes through `linkdir`, which is a symbolic link" in messages["linkdir/secret.txt"]
    assert "a FIFO" in messages["fifo"]
    assert "a directory" in messages["a"]
    assert "`a/b.txt` is a regular file, not a folder" in messages["a/b.txt/c"]
    assert "not tracked by git" in messages["untracked.txt"]


def test_a_socket_is_not_a_regular_file(tmp_path: Path) -> None:
    root = Path(os.path.relpath(tmp_path))  # a short name: socket paths are limited
    with socket.socket(socket.AF_UNIX) as server:
        try:
            server.bind(str(root / "s"))
        except OSError:  # the relative name is too long still: a short one of our own
            root = Path(tempfile_short())
            server.bind(str(root / "s"))
        outcome = open_contained(root, "s")
    assert isinstance(outcome, Refused) and outcome.code == "PTH003", outcome
    assert "a socket" in outcome.message


def tempfile_short() -> str:
    import tempfile

    return tempfile.mkdtemp(dir="/tmp", prefix="s")


def test_without_a_safe_open_every_path_is_refused_and_nothing_opened(
    workspace: Path, watched: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening, "SUPPORTED", False)
    outcome = open_contained(workspace, "a/b.txt")
    assert isinstance(outcome, Refused) and outcome.code == "PTH002", outcome
    assert "cannot open a file without following symbolic links" in outcome.message
    assert watched == []


def test_tracking_is_checked_after_the_walk(workspace: Path) -> None:
    # git tracks no `linkdir/secret.txt` (it cannot, beyond a link): the link is the
    # reason, not tracking
    tracking = read_tracking(workspace)
    assert isinstance(tracking, Tracked)
    assert "linkdir/secret.txt" not in tracking.paths
    assert "linkdir" in tracking.paths


def test_an_unclosed_file_warns_and_closes(workspace: Path) -> None:
    opened = open_contained(workspace, "a/b.txt")
    assert isinstance(opened, ContainedFile)
    fd = opened.fileno()
    with pytest.warns(ResourceWarning, match="unclosed contained file a/b.txt"):
        del opened
    with pytest.raises(OSError):
        os.fstat(fd)
