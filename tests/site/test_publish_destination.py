"""`assay publish --out`: what a publish may replace (DESIGN §6), through the real CLI in
a subprocess with its own current folder, a real git repository and real MkDocs.

Each refusal is exit 2 naming the path and the reason, with nothing touched; each
acceptance builds a site carrying the marker.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.site.test_publish import pages, snapshot, workspace


def run_publish(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "assay", "publish", "--no-cache", "--no-progress", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def everything(root: Path) -> dict[str, bytes]:
    """Every file below ``root``, ``.git`` included: what a refusal must leave as it was."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and not p.is_symlink()
    }


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return workspace(tmp_path / "ws")


def refused(root: Path, out: str, reason: str, *, cwd: Path | None = None) -> None:
    before = everything(root)
    result = run_publish(cwd or root, "--out", out)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert f"--out {out!r}" in result.stderr and reason in result.stderr, result.stderr
    assert everything(root) == before


def test_out_dot_is_refused_and_the_repository_is_untouched(root: Path) -> None:
    refused(root, ".", "is the current folder")
    assert (root / ".git").is_dir()


def test_out_an_ancestor_of_the_workspace_is_refused(root: Path) -> None:
    refused(root, "..", "is an ancestor of the current folder")


def test_out_the_records_folder_is_refused(root: Path) -> None:
    refused(root, "docs", "holds an input assay reads (docs/adr/0001-")
    # Not yet committed: refused still, the records are read all the same.
    subprocess.run(["git", "rm", "-r", "-q", "--cached", "docs"], cwd=root, check=True)
    refused(root, "docs/adr", "holds an input assay reads")
    refused(root, "docs/adr/0001-record-architecture-decisions.md", "is not a folder")


def test_out_a_users_folder_of_unrelated_files_is_refused(root: Path) -> None:
    (root.parent / "mine").mkdir()
    (root.parent / "mine" / "notes.txt").write_text("keep me", encoding="utf-8")
    refused(root, "../mine", "is a folder assay did not make")
    assert (root.parent / "mine" / "notes.txt").read_text(encoding="utf-8") == "keep me"


def test_out_a_folder_of_tracked_files_is_refused(root: Path) -> None:
    (root / "public").mkdir()
    (root / "public" / "index.html").write_text("<p>hand made</p>", encoding="utf-8")
    subprocess.run(["git", "add", "public"], cwd=root, check=True)
    refused(root, "public", "holds a file git tracks")


def test_out_a_symlink_is_refused(root: Path) -> None:
    (root.parent / "elsewhere").mkdir()
    (root / "linked").symlink_to(root.parent / "elsewhere")
    refused(root, "linked", "is a symbolic link")
    assert list((root.parent / "elsewhere").iterdir()) == []


def test_the_default_site_is_built_then_replaced(root: Path) -> None:
    first = run_publish(root)
    assert first.returncode == 0, first.stderr
    assert (
        (root / "site" / ".assay-site")
        .read_text(encoding="utf-8")
        .startswith("made by assay publish")
    )
    (root / "site" / "stale.html").write_text("old", encoding="utf-8")
    again = run_publish(root)
    assert again.returncode == 0, again.stderr
    assert not (root / "site" / "stale.html").exists()  # a previous site: replaced whole
    assert "index.html" in pages(root / "site")
    assert sorted(p.name for p in root.iterdir() if p.name.startswith(".site")) == []


def test_a_previous_site_elsewhere_is_replaced(root: Path) -> None:
    assert run_publish(root, "--out", "../out").returncode == 0
    built = snapshot(root.parent / "out")
    assert ".assay-site" in built
    (root.parent / "out" / "stale.html").write_text("old", encoding="utf-8")
    again = run_publish(root, "--out", "../out")
    assert again.returncode == 0, again.stderr
    assert snapshot(root.parent / "out") == built


def test_an_empty_folder_and_an_absent_path_are_accepted(root: Path) -> None:
    (root.parent / "empty").mkdir()
    for out in ("../empty", "../absent/site"):
        result = run_publish(root, "--out", out)
        assert result.returncode == 0, result.stderr
        assert "index.html" in pages(root.parent / out.removeprefix("../"))


def test_a_refusal_from_another_folder_names_the_path_as_typed(root: Path, tmp_path: Path) -> None:
    """Run from outside the workspace (``--config``): the workspace itself is refused."""
    config = str(root / "assay.toml")
    before = everything(root)
    result = run_publish(tmp_path, "--config", config, "--out", str(root))
    assert result.returncode == 2, result.stderr
    assert f"--out {str(root)!r} is the workspace" in result.stderr
    assert everything(root) == before


def test_a_current_folder_that_is_gone_is_a_usage_error(root: Path, tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    script = (
        "import os, sys\n"
        f"os.chdir({str(gone)!r}); os.rmdir({str(gone)!r})\n"
        "from assay.cli import main\n"
        "sys.exit(main(['publish', '--no-cache', '--no-progress']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2, result.stderr
    assert "the current folder no longer exists" in result.stderr
    assert "Traceback" not in result.stderr
    assert os.path.isdir(root)
