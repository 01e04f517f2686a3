"""No byte from outside the workspace reaches any output: a canary behind committed links.

A workspace (a real git repository) holds a file link and a folder link to a canary
file and a canary folder outside it; each holds a random string. Every command and
format is run as a real subprocess; the string must appear in no stdout, stderr or
written file, and no command may exit 3 (an internal error).
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_check_command import GOOD

#: What a subprocess may grow to (in KiB) while a link names a 200 MB file: reading the
#: file would take at least its size; the interpreter with assay loaded needs far less.
MEMORY_CEILING_KIB = 150 * 1024


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


@pytest.fixture
def canary_workspace(tmp_path: Path) -> tuple[Path, Path, str]:
    """(workspace root, a folder for written outputs, the canary string)."""
    canary = f"CANARY-{secrets.token_hex(16)}"
    outside = tmp_path / "outside"
    (outside / "folder").mkdir(parents=True)
    (outside / "secret.md").write_text(f"{canary}\n# 9. {canary}\n", encoding="utf-8")
    (outside / "folder" / "0007-linked.md").write_text(
        GOOD.replace("# 1.", "# 7.") + f"\n{canary}\n", encoding="utf-8"
    )
    root = tmp_path / "repo"
    (root / "docs" / "adr").mkdir(parents=True)
    (root / "assay.toml").write_text("")
    (root / "docs/adr/0001-use-postgres.md").write_text(GOOD, encoding="utf-8")
    (root / "docs/adr/0002-secret.md").symlink_to(outside / "secret.md")
    (root / "docs/adr/linked").symlink_to(outside / "folder")
    (root / "docs/0003-relative.md").symlink_to(Path("../../outside/secret.md"))
    (outside / "folder" / "run.toml").write_text(f'source = "{canary}"\n', "utf-8")
    (outside / "folder" / "guide.txt").write_text(f"{canary}\n", encoding="utf-8")
    (outside / "folder" / "session.jsonl").write_text(f'{{"x": "{canary}"}}\n', "utf-8")
    (root / "assay").mkdir()
    (root / "assay/context.assay").write_text(
        'declaration testing version 1 {\n    primary "guides/linked.txt"\n}\n'
        'declaration more version 1 {\n    primary "guides/folder/guide.txt"\n}\n',
        encoding="utf-8",
    )
    (root / "guides").mkdir()
    (root / "guides/linked.txt").symlink_to(outside / "secret.md")
    (root / "guides/folder").symlink_to(outside / "folder")
    (root / "runs").mkdir()
    (root / "runs/linked-run").symlink_to(outside / "folder")
    (root / "sessions").mkdir()
    (root / "sessions/s.jsonl").symlink_to(outside / "folder" / "session.jsonl")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "links")
    written = tmp_path / "written"
    written.mkdir()
    return root, written, canary


def _assay(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "assay", *args],
        cwd=root,
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )


def _assert_clean(result: subprocess.CompletedProcess[str], canary: str) -> None:
    assert result.returncode != 3, result.stderr
    assert canary not in result.stdout
    assert canary not in result.stderr


@pytest.mark.parametrize("report_format", ["text", "json", "sarif", "github"])
def test_check_quotes_nothing_behind_a_link_in_any_format(
    canary_workspace: tuple[Path, Path, str], report_format: str
) -> None:
    root, written, canary = canary_workspace
    output = written / f"report.{report_format}"
    shown = _assay(root, "check", "--no-cache", "--format", report_format)
    _assert_clean(shown, canary)
    assert "PTH002" in shown.stdout  # the link is reported ...
    saved = _assay(root, "check", "--no-cache", "--format", report_format, "--output", str(output))
    _assert_clean(saved, canary)
    assert canary not in output.read_text(encoding="utf-8")  # ... and nothing of its target


@pytest.mark.parametrize(
    "command",
    [
        ["files"],
        ["files", "--json"],
        ["parse", "docs/adr/0002-secret.md"],
        ["parse", "--json", "docs/adr/0002-secret.md"],
        ["parse", "docs/adr/linked/0007-linked.md"],
        ["parse", "--json", "docs/0003-relative.md"],
        ["rules"],
        ["select", "--explain"],
        ["select", "--explain", "--format", "json"],
        ["pin"],
        ["pin", "--format", "json"],
        ["pin", "--write"],
        ["assemble", "--budget", "100000", "--out", "bundle"],
        ["trace", "check", "sessions/s.jsonl"],
        ["trace", "check", "--format", "sarif", "guides/folder/session.jsonl"],
        ["trace", "fetch", "--turn", "1", "--window", "5", "sessions/s.jsonl"],
        ["render", "runs/linked-run"],
        ["render", "--write", "runs/linked-run"],
        ["new", "--dir", "docs/adr/linked", "A new decision"],
        ["new", "Another decision"],
    ],
)
def test_other_commands_show_nothing_behind_a_link(
    canary_workspace: tuple[Path, Path, str], command: list[str]
) -> None:
    root, _written, canary = canary_workspace
    _assert_clean(_assay(root, *command), canary)
    for file in root.rglob("*"):  # nothing written in the workspace holds it either
        if file.is_file() and not file.is_symlink() and ".git" not in file.parts:
            assert canary.encode() not in file.read_bytes(), file


def test_publish_builds_a_site_holding_nothing_behind_a_link(
    canary_workspace: tuple[Path, Path, str],
) -> None:
    root, written, canary = canary_workspace
    site = written / "site"
    _assert_clean(_assay(root, "publish", "--out", str(site)), canary)
    assert (site / "index.html").is_file()
    for path in [root, site]:
        for file in path.rglob("*"):
            if file.is_file() and not file.is_symlink():
                assert canary.encode() not in file.read_bytes(), file


def test_a_link_to_a_big_file_is_never_read(tmp_path: Path) -> None:
    big = tmp_path / "big.md"
    with big.open("wb") as stream:  # sparse: 200 MB of size, no disk
        stream.truncate(200 * 1024 * 1024)
    root = tmp_path / "repo"
    (root / "docs" / "adr").mkdir(parents=True)
    (root / "assay.toml").write_text("")
    (root / "docs/adr/0001-use-postgres.md").write_text(GOOD, encoding="utf-8")
    (root / "docs/adr/0002-big.md").symlink_to(big)
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    measure = (
        "import resource, subprocess, sys;"
        "r = subprocess.run([sys.executable, '-m', 'assay', 'check', '--no-cache'],"
        " capture_output=True);"
        "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    result = subprocess.run(
        [sys.executable, "-c", measure], cwd=root, capture_output=True, text=True, check=True
    )
    code, peak = (int(word) for word in result.stdout.split())
    assert code == 1  # the link is a finding, not an error
    assert peak < MEMORY_CEILING_KIB, f"peak RSS {peak} KiB"
