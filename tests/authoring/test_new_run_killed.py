"""`assay new run` killed while it stages: the next `assay check` finds no extra run,
and the next `assay new run` tidies what the kill left.

The kill is real: a child process runs the command with the one writer wrapped so that
the process SIGKILLs itself right after `run.toml` lands in the staging folder.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from assay.cli import EXIT_OK, main

SOURCE = "https://github.com/pallets/flask"
SLUG = "github.com-pallets-flask"

_KILLED_WHILE_STAGING = """
import os, signal, sys
from assay.engine.authoring import new_run

written = new_run.write_file

def then_die(path, data, **options):
    written(path, data, **options)
    if os.path.basename(path) == "run.toml":
        os.kill(os.getpid(), signal.SIGKILL)

new_run.write_file = then_die
from assay.cli import main
sys.exit(main(["new", "run", "--source", sys.argv[1], "--system", "Flask"]))
"""


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git repository (git lists untracked files, hidden folders' too)."""
    (tmp_path / "assay.toml").write_text("", encoding="utf-8")
    subprocess.run(("git", "init", "-q"), cwd=tmp_path, check=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _kill_while_staging(root: Path) -> list[Path]:
    child = subprocess.run(
        (sys.executable, "-c", _KILLED_WHILE_STAGING, SOURCE),
        cwd=root,
        capture_output=True,
        check=False,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    left = sorted((root / "runs").glob(f".{SLUG}.new-*"))
    assert len(left) == 1 and (left[0] / "run.toml").is_file()  # the kill's leftover
    assert not (root / "runs" / SLUG).exists()
    return left


def test_check_reads_no_run_from_a_killed_staging_folder(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _kill_while_staging(workspace)
    assert main(["check", "--format", "json", "--no-cache"]) == EXIT_OK
    report = json.loads(capsys.readouterr().out)
    assert report["diagnostics"] == [] and report["summary"]["files"] == 0
    assert main(["files", "--format", "json"]) == EXIT_OK
    assert ".new-" not in capsys.readouterr().out


def test_the_next_new_run_tidies_the_leftover(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (left,) = _kill_while_staging(workspace)
    assert main(["new", "run", "--source", SOURCE, "--system", "Flask"]) == EXIT_OK
    assert not left.exists()
    assert sorted(p.name for p in (workspace / "runs").iterdir()) == [SLUG]
    assert (workspace / "runs" / SLUG / "run.toml").is_file()
