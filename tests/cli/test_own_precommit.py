"""This repository's own `.pre-commit-config.yaml`, run by the real `pre-commit`.

The config's hooks are `repo: local`, `language: system`: they run the `ruff` and
`assay` of the development environment, found first on PATH (as after `. .ci/venv.sh;
assay_venv dev` and an activated venv). Each test runs them in a temporary git
repository holding a copy of this working tree (the files git tracks or would track,
uncommitted edits included), with git and pre-commit kept from any global
configuration and pre-commit's cache in the test's folder. Nothing is installed and
nothing is fetched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
BIN = Path(sys.executable).parent
CONFIG = ".pre-commit-config.yaml"
RECORD = "docs/decisions/0002-match-format-patterns-with-re2.md"


class Clone:
    """A git repository holding this working tree's files, committed without hooks."""

    def __init__(self, path: Path, home: Path) -> None:
        self.path = path
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("GIT_", "PRE_COMMIT", "XDG_"))
        }
        env.update(
            PATH=os.pathsep.join([str(BIN), env.get("PATH", os.defpath)]),
            HOME=str(home),
            XDG_CACHE_HOME=str(home / ".cache"),
            PRE_COMMIT_HOME=str(home / "pre-commit-cache"),
            GIT_CONFIG_GLOBAL=os.devnull,
            GIT_CONFIG_NOSYSTEM="1",
            NO_COLOR="1",
        )
        self.env = env
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8", "surrogateescape")
        for name in filter(None, listed.split("\0")):
            source = ROOT / name
            if not os.path.lexists(source):
                continue  # deleted in the working tree, not yet in the index
            target = path / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target, follow_symlinks=False)
        self.ok("git", "init", "-q", "-b", "main")
        self.ok("git", "add", "-A")
        identity = ["-c", "user.name=Assay Tests", "-c", "user.email=tests@assay.invalid"]
        self.ok("git", *identity, "-c", "commit.gpgsign=false", "commit", "-q", "-m", "copy")

    def run(self, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            command,
            cwd=self.path,
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )

    def ok(self, *command: str) -> str:
        result = self.run(*command)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    def pre_commit(self, *files: str) -> subprocess.CompletedProcess[str]:
        return self.run(str(BIN / "pre-commit"), "run", "--color", "never", "--files", *files)


def _records() -> list[str]:
    folder = ROOT / "docs" / "decisions"
    return sorted(p.relative_to(ROOT).as_posix() for p in folder.glob("[0-9]*-*.md"))


def _hooks() -> dict[str, dict[str, Any]]:
    config = yaml.safe_load((ROOT / CONFIG).read_text(encoding="utf-8"))
    return {hook["id"]: hook for repo in config["repos"] for hook in repo["hooks"]}


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Clone:
    for tool in ("pre-commit", "ruff", "assay"):
        assert (BIN / tool).is_file(), f"{tool} is not installed in {BIN}"
    base = tmp_path_factory.mktemp("own-precommit")
    (base / "home").mkdir()
    return Clone(base / "repo", base / "home")


def test_the_config_is_valid_and_installs_nothing(tmp_path: Path) -> None:
    """pre-commit accepts the config; every hook is local and runs a system tool."""
    result = subprocess.run(
        [str(BIN / "pre-commit"), "validate-config", str(ROOT / CONFIG)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    config = yaml.safe_load((ROOT / CONFIG).read_text(encoding="utf-8"))
    assert [repo["repo"] for repo in config["repos"]] == ["local"]
    hooks = _hooks()
    assert sorted(hooks) == ["assay-check", "ruff-check", "ruff-format"]
    assert {hook["language"] for hook in hooks.values()} == {"system"}


def test_the_assay_hook_is_the_manifests_but_for_its_language() -> None:
    """What this repository runs on itself is what its users get (.pre-commit-hooks.yaml)."""
    manifest = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (offered,) = [hook for hook in manifest if hook["id"] == "assay-check"]
    ours = _hooks()["assay-check"]
    for key in ("entry", "types", "require_serial", "pass_filenames"):
        assert ours.get(key) == offered.get(key), key
    assert "files" not in ours and "exclude" not in ours


def test_the_hooks_pass_on_the_decision_records(clone: Clone) -> None:
    """ruff on a Python file, assay on every record and the config: all pass."""
    result = clone.pre_commit(*_records(), "pyproject.toml", "tests/test_own_decisions.py")
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    for name in ("ruff check", "ruff format", "assay check"):
        line = next((line for line in output.splitlines() if line.startswith(name)), "")
        assert line.endswith("Passed"), output


def test_a_record_without_its_status_fails_the_assay_hook(clone: Clone) -> None:
    """The record's `## Status` section removed: the assay hook fails, naming it."""
    record = clone.path / RECORD
    text = record.read_text(encoding="utf-8")
    assert "## Status\n\nAccepted\n\n" in text
    record.write_text(text.replace("## Status\n\nAccepted\n\n", ""), encoding="utf-8")
    try:
        result = clone.pre_commit(RECORD, "pyproject.toml")
    finally:
        record.write_text(text, encoding="utf-8")
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "assay check" in output and "Failed" in output
    # The project holds its records to their folder's conventions: warnings fail.
    assert f"{RECORD}:1:1: FLD001 [warning] no `Status` field; " in output, output
