"""What git's index vouches for, and warm runs that trust it: whatever state the working
tree is in, a run with the cache reports exactly what a run without it reports."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.engine.workspace.discovery import discover
from assay.engine.workspace.git_index import IndexQuery
from tests.conftest import ROOT


def _git(root: Path, *args: str) -> str:
    identity = ["-c", "user.email=test@example.com", "-c", "user.name=Test"]
    done = subprocess.run(
        ["git", *identity, *args], cwd=root, check=True, capture_output=True, text=True
    )
    return done.stdout


def _repo(root: Path, files: dict[str, str], *, commit: bool = True) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    _git(root, "init", "-q")
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    _git(root, "add", "-A")
    if commit:
        _git(root, "commit", "-q", "-m", "init")
    return root


def _vouched(root: Path, wanted: set[str] | None = None) -> dict[str, str] | None:
    """What the index vouches for among ``wanted`` (default: every file below ``root``)."""
    answer = IndexQuery(root).answer()
    return None if answer is None else answer.vouched(_files(root) if wanted is None else wanted)


def _files(root: Path) -> set[str]:
    return {
        (Path(folder) / name).relative_to(root).as_posix()
        for folder, dirs, names in os.walk(root)
        if ".git" not in Path(folder).relative_to(root).parts
        for name in names
    }


def _blob(root: Path, name: str) -> str:
    return _git(root, "hash-object", "--", name).strip()


def test_clean_tracked_files_are_vouched_for_by_their_blob(tmp_path: Path) -> None:
    names = ["a.md", "docs/b c.md", "docs/ünï.md", "x\ny.md"]
    root = _repo(tmp_path / "r", {name: f"# {i}\n" for i, name in enumerate(names)})
    _repo_staged = _repo(tmp_path / "s", {"new.md": "# new\n"}, commit=False)
    assert _vouched(root) == {name: _blob(root, name) for name in names}
    assert _vouched(_repo_staged) == {"new.md": _blob(_repo_staged, "new.md")}


def test_only_the_files_asked_for_are_vouched_for(tmp_path: Path) -> None:
    root = _repo(tmp_path / "r", {"a.md": "# a\n", "b.md": "# b\n", "c/d.md": "# d\n"})
    assert _vouched(root, {"c/d.md", "b.md", "absent.md"}) == {
        "b.md": _blob(root, "b.md"),
        "c/d.md": _blob(root, "c/d.md"),
    }
    assert _vouched(root, set()) == {}


def test_what_git_does_not_check_is_not_vouched_for(tmp_path: Path) -> None:
    names = ("same.md", "edited.md", "assumed.md", "skipped.md", "touched.md")
    files = {n: f"# {n}\n" for n in names}
    files["run.sh"] = "#!/bin/sh\n"
    root = _repo(tmp_path / "r", files)
    (root / "run.sh").chmod(0o755)
    (root / "link.md").symlink_to("same.md")
    _git(root, "add", "run.sh", "link.md")
    _git(root, "commit", "-q", "-m", "more")
    (root / "edited.md").write_text("# edited, same size?\n", encoding="utf-8")
    _git(root, "update-index", "--assume-unchanged", "assumed.md")
    (root / "assumed.md").write_text("# changed behind git's back\n", encoding="utf-8")
    _git(root, "update-index", "--skip-worktree", "skipped.md")
    (root / "untracked.md").write_text("# untracked\n", encoding="utf-8")
    (root / "intended.md").write_text("# to be added\n", encoding="utf-8")
    _git(root, "add", "--intent-to-add", "intended.md")
    stat = (root / "touched.md").stat()
    os.utime(root / "touched.md", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    vouched = _vouched(root)
    # An executable is a regular file too; a touched file is left to `lstat` until
    # git looks at its content again (`git status` does): a cautious answer.
    assert set(vouched) == {"same.md", "run.sh"}
    assert vouched["same.md"] == _blob(root, "same.md")


def test_a_conflict_is_not_vouched_for(tmp_path: Path) -> None:
    root = _repo(tmp_path / "r", {"a.md": "# base\n", "b.md": "# b\n"})
    _git(root, "checkout", "-q", "-b", "other")
    (root / "a.md").write_text("# other\n", encoding="utf-8")
    _git(root, "commit", "-q", "-am", "other")
    _git(root, "checkout", "-q", "-")
    (root / "a.md").write_text("# mine\n", encoding="utf-8")
    _git(root, "commit", "-q", "-am", "mine")
    subprocess.run(["git", "merge", "-q", "other"], cwd=root, capture_output=True, check=False)
    assert set(_vouched(root)) == {"b.md"}


def test_paths_are_the_workspaces_own_below_the_repository_root(tmp_path: Path) -> None:
    root = _repo(tmp_path / "r", {"top.md": "#\n", "ws/a.md": "# a\n", "ws/b.md": "# b\n"})
    (root / "ws" / "b.md").write_text("# b, edited\n", encoding="utf-8")
    (root / "top.md").write_text("# edited outside the workspace\n", encoding="utf-8")
    assert _vouched(root / "ws") == {"a.md": _blob(root / "ws", "a.md")}


def test_outside_git_nothing_is_vouched_for(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# a\n", encoding="utf-8")
    env_dir = tmp_path / "plain"
    env_dir.mkdir()
    assert _vouched(env_dir) is None


@pytest.mark.parametrize("which", ["_INDEX", "_CHANGED"])
@pytest.mark.parametrize("broken", [("assay-no-such-git",), ("git", "no-such-command")])
def test_git_that_cannot_run_or_fails_vouches_for_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, which: str, broken: tuple[str, ...]
) -> None:
    from assay.engine.workspace import git_index

    root = _repo(tmp_path / "r", {"docs/adr/0001-a.md": "# 1. A\n\nStatus: Accepted\n"})
    monkeypatch.setattr(git_index, which, broken)
    assert IndexQuery(root).answer() is None
    stamps = discover(load_config(root)).stamps  # every file by `lstat`, as before
    assert {type(s) for s in stamps.values()} == {tuple}


def test_the_index_is_read_when_it_saves_lstats(tmp_path: Path) -> None:
    """Records that are most of the files: blob ids. A few records among many other
    files (a large repository): `lstat`, cheaper than reading the whole index."""
    records = {f"docs/adr/{n:04d}-r.md": f"# {n}. R\n\nStatus: Accepted\n" for n in range(1, 6)}
    mostly = _repo(tmp_path / "mostly", records)
    rarely = _repo(tmp_path / "rarely", {**records, **{f"src/m{n}.py": "" for n in range(30)}})
    for root, kind in ((mostly, str), (rarely, tuple)):
        stamps = discover(load_config(root)).stamps
        assert len(stamps) == 5 and {type(s) for s in stamps.values()} == {kind}


# -- warm runs over a working tree in any state --------------------------------------------

ADR = "docs/adr"
RECORDS = sorted(p.name for p in (ROOT / "examples" / ADR).glob("*.md"))
OPERATIONS = st.tuples(
    st.sampled_from(
        ["edit", "edit same size", "touch", "add", "commit", "revert", "delete", "new",
         "symlink", "assume unchanged", "restage all"]
    ),
    st.integers(0, len(RECORDS) - 1),
)  # fmt: skip


def _apply(root: Path, operation: str, k: int) -> None:
    name = f"{ADR}/{RECORDS[k]}"
    path = root / name
    exists = path.is_file() and not path.is_symlink()
    if operation == "edit" and exists:
        text = path.read_text(encoding="utf-8")
        swapped = text.replace("Accepted", "Superseded", 1)
        path.write_text(swapped if swapped != text else text + "\nMore context.\n")
    elif operation == "edit same size" and exists:
        # Within the second of the commit, often: git's racily clean entries.
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("Accepted", "Rejected", 1), encoding="utf-8")
    elif operation == "touch" and path.exists():
        os.utime(path)
    elif operation == "add" and path.exists():
        _git(root, "add", "--", name)
    elif operation == "commit":
        _git(root, "commit", "-q", "--allow-empty", "-m", "step")
    elif operation == "revert":
        subprocess.run(["git", "checkout", "-q", "--", name], cwd=root, capture_output=True)
    elif operation == "delete" and path.exists():
        path.unlink()
    elif operation == "new":
        (root / ADR / f"{90 + k:04d}-new-{k}.md").write_text(
            f"# {90 + k}. New\n\nStatus: Accepted\n\nSupersedes: [ADR 1]({RECORDS[0]})\n"
        )
    elif operation == "symlink" and path.exists() and k > 0:
        path.unlink()
        path.symlink_to(RECORDS[0])
    elif operation == "assume unchanged" and exists:
        done = subprocess.run(
            ["git", "update-index", "--assume-unchanged", "--", name], cwd=root,
            capture_output=True, check=False,
        )  # fmt: skip
        if done.returncode == 0:
            path.write_text(path.read_text(encoding="utf-8") + "\nBehind git's back.\n")
    elif operation == "restage all":
        _git(root, "add", "-A")


@settings(
    # Each example copies the examples into a new repository and checks up to twelve
    # times (0.8 s): a tenth of the profile's count keeps CI's share at 16 s, while the
    # soak profile still tries 1,000.
    max_examples=settings().max_examples // 10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=st.lists(OPERATIONS, min_size=1, max_size=6), focus=st.integers(0, len(RECORDS) - 1))
def test_a_warm_run_reports_what_a_cold_run_reports_whatever_git_says(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    steps: list[tuple[str, int]],
    focus: int,
) -> None:
    base = tmp_path_factory.mktemp("warm")
    monkeypatch.setenv("XDG_CACHE_HOME", str(base / "cache"))
    monkeypatch.delenv("ASSAY_NO_CACHE", raising=False)
    root = base / "ws"
    shutil.copytree(ROOT / "examples", root)
    _repo(root, {})
    check(load_config(root))  # the cache and the summary, from the committed tree
    for operation, k in steps:
        _apply(root, operation, k)
        config = load_config(root)
        paths = [p for p in (f"{ADR}/{RECORDS[focus]}",) if (root / p).exists()]
        assert check(config, paths=paths) == check(config, paths=paths, cache=False), (
            operation, k,
        )  # fmt: skip
    config = load_config(root)
    assert check(config) == check(config, cache=False)
