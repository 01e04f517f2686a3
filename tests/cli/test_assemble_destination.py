"""Where `assay assemble` may write: the one writer's rule, its modes, and what a kill left."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from assay.cli import EXIT_ERROR, EXIT_OK, main
from tests.conftest import ROOT

TASK = ["--where", "repository=billing", "--where", "task_kind=bugfix", "--budget", "5000"]


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", root)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    monkeypatch.chdir(root)
    return root


@pytest.fixture
def umask() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def _assemble(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["assemble", *TASK, *args])
    return code, capsys.readouterr().err


@pytest.mark.usefixtures("umask")
def test_the_bundle_files_take_the_umask_mode(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _assemble(capsys, "--out", "out")[0] == EXIT_OK
    for name in ("bundle.md", "manifest.json"):
        assert stat.S_IMODE((workspace / "out" / name).stat().st_mode) == 0o644, name
    assert stat.S_IMODE((workspace / "out").stat().st_mode) == 0o755
    assert _assemble(capsys, "--out", "-", "--manifest", "m.json")[0] == EXIT_OK
    assert stat.S_IMODE((workspace / "m.json").stat().st_mode) == 0o644


@pytest.mark.parametrize(
    ("out", "reason"),
    [
        (".", "is the current folder"),
        ("..", "is an ancestor of the current folder"),
        ("notes", "is a folder assay did not make"),
        ("docs", "holds an input assay reads"),
        ("sessions", "holds a file git tracks"),
    ],
)
def test_a_destination_the_rule_refuses_is_left_as_it_was(
    workspace: Path, capsys: pytest.CaptureFixture[str], out: str, reason: str
) -> None:
    (workspace / "notes").mkdir()
    (workspace / "notes" / "mine.txt").write_text("keep\n")
    code, err = _assemble(capsys, "--out", out)
    assert code == EXIT_ERROR and reason in err, err
    assert (workspace / "notes" / "mine.txt").read_text() == "keep\n"
    assert not (workspace / "bundle.md").exists()


def test_a_folder_of_someone_elses_files_named_like_a_bundle_is_refused(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only a bundle assay wrote is replaced: two files named like its own are not
    enough, the manifest must be an assay manifest."""
    theirs = workspace / "theirs"
    theirs.mkdir()
    (theirs / "bundle.md").write_text("their notes\n")
    (theirs / "manifest.json").write_text('{"name": "their package"}\n')
    code, err = _assemble(capsys, "--out", "theirs")
    assert code == EXIT_ERROR and "is a folder assay did not make" in err, err
    assert (theirs / "bundle.md").read_text() == "their notes\n"
    assert _assemble(capsys, "--out", "ours")[0] == EXIT_OK
    assert _assemble(capsys, "--out", "ours")[0] == EXIT_OK  # its own bundle: replaced


def test_a_manifest_over_an_input_is_refused(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (workspace / "assay.toml").read_bytes()
    code, err = _assemble(capsys, "--out", "-", "--manifest", "assay.toml")
    assert code == EXIT_ERROR and "is an input assay reads" in err, err
    assert (workspace / "assay.toml").read_bytes() == before


def test_what_a_killed_write_left_beside_out_is_tidied(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    half = workspace / ".out.new-killed"
    half.mkdir()
    (half / "bundle.md").write_bytes(b"half")
    assert _assemble(capsys, "--out", "out")[0] == EXIT_OK
    assert not half.exists()
    assert sorted(p.name for p in (workspace / "out").iterdir()) == [
        "bundle.md",
        "manifest.json",
    ]
    assert _assemble(capsys, "--out", "out")[0] == EXIT_OK  # a bundle replaces a bundle
    assert sorted(p.name for p in workspace.iterdir() if p.name.startswith(".out")) == []
