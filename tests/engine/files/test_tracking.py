"""Tracking: git's index read once per run; outside git it cannot be checked, and then
no path is refused for it (PTH004 only where git says so)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from assay.engine.files.digest import Digest
from assay.engine.files.refusal import Refused
from assay.engine.files.source import read_source
from assay.engine.files.tracking import Tracked, Unchecked, read_tracking, tracked_paths


def _git(root: Path, *arguments: str) -> None:
    subprocess.run(("git", *arguments), cwd=root, check=True, capture_output=True)


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "sub").mkdir(parents=True)
    (root / "top.md").write_text("top\n")
    (root / "sub" / "in.md").write_text("in\n")
    (root / "sub" / "name with spaces é.md").write_text("odd\n")
    (root / "sub" / "later.md").write_text("later\n")
    _git(root, "init", "-q")
    _git(root, "add", "top.md", "sub/in.md", "sub/name with spaces é.md")
    return root


def test_outside_git_tracking_is_unchecked_and_refuses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    (tmp_path / "loose.md").write_text("loose\n")
    tracking = read_tracking(tmp_path)
    assert isinstance(tracking, Unchecked)
    assert "not a git repository" in tracking.reason
    assert tracking.refusal("loose.md") is None
    assert isinstance(read_source(tmp_path, "loose.md", tracking, limit=10), Digest)


def test_git_missing_is_unchecked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    tracking = read_tracking(tmp_path)
    assert isinstance(tracking, Unchecked)
    assert tracking.reason.startswith("git could not run")


def test_the_index_names_the_tracked_files(repository: Path) -> None:
    tracking = read_tracking(repository)
    assert tracking == Tracked(frozenset({"top.md", "sub/in.md", "sub/name with spaces é.md"}))
    assert tracking.refusal("./sub/../top.md") is None
    refusal = tracking.refusal("sub/later.md")
    assert isinstance(refusal, Refused) and refusal.code == "PTH004"


def test_below_a_subfolder_paths_are_relative_to_it(repository: Path) -> None:
    tracking = read_tracking(repository / "sub")
    assert tracking == Tracked(frozenset({"in.md", "name with spaces é.md"}))
    assert isinstance(read_source(repository / "sub", "in.md", tracking, limit=9), Digest)


def test_the_quiet_repository_assumption_the_index_is_read_once(repository: Path) -> None:
    tracking = read_tracking(repository)
    _git(repository, "add", "sub/later.md")  # added while the run goes on
    outcome = read_source(repository, "sub/later.md", tracking)
    assert isinstance(outcome, Refused) and outcome.code == "PTH004"
    assert isinstance(read_source(repository, "sub/later.md", read_tracking(repository)), Digest)


def test_a_modified_tracked_file_is_still_tracked(repository: Path) -> None:
    (repository / "top.md").write_text("changed\n")
    outcome = read_source(repository, "top.md", read_tracking(repository), limit=100)
    assert isinstance(outcome, Digest) and outcome.text == b"changed\n"


def test_names_are_decoded_as_the_file_system_does() -> None:
    assert tracked_paths(b"a\0b/c\xff\0") == frozenset({"a", "b/c\udcff"})
