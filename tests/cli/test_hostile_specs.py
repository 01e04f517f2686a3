"""Specs a fuzzer would write: no command crashes on them, each says where the problem is.

Each command runs in a real subprocess, so a RecursionError or any traceback shows up
as exit 3 exactly as a user would see it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.pin_repo import git

#: Deeper than Python's default recursion limit allows a recursive resolver to follow.
CHAIN = 498


def _chain_spec(length: int) -> str:
    lines = ["type t0 {", '    files "docs/*.md"', "}"]
    lines += [f"type t{i} extends t{i - 1} {{\n}}" for i in range(1, length)]
    return "\n".join(lines) + "\n"


@pytest.fixture
def deep(tmp_path: Path) -> Path:
    (tmp_path / "chain.assay").write_text(_chain_spec(CHAIN), encoding="utf-8")
    (tmp_path / "assay.toml").write_text('specs = ["chain.assay"]\n', encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n", encoding="utf-8")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    return tmp_path


def _assay(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "assay", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


# The deepest type t_i stands on line 2i + 2 (t0 takes three lines), its name at column 6.
WHERE = f"chain.assay:{2 * (CHAIN - 1) + 2}:6: SPC007"


@pytest.mark.parametrize(
    "args", [["check"], ["pin"], ["select", "--where", "repository=x"]], ids=lambda a: a[0]
)
def test_a_498_deep_extends_chain_is_spc007_at_the_deepest_type(
    deep: Path, args: list[str]
) -> None:
    done = _assay(deep, *args)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert WHERE in done.stdout + done.stderr


def test_files_lists_a_workspace_whose_spec_chain_is_498_deep(deep: Path) -> None:
    done = _assay(deep, "files")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "chain.assay  spec" in done.stdout


def test_a_long_extends_cycle_is_spc006_at_each_type_on_it(deep: Path) -> None:
    # t0 extends the last type: every type of the chain is on one cycle.
    text = _chain_spec(CHAIN).replace("type t0 {", f"type t0 extends t{CHAIN - 1} {{", 1)
    (deep / "chain.assay").write_text(text, encoding="utf-8")
    done = _assay(deep, "check", "--format", "json")
    assert done.returncode == 2, done.stderr
    assert done.stdout.count('"SPC006"') == CHAIN
    assert "chain.assay:1:17: SPC006" in _assay(deep, "check").stdout
