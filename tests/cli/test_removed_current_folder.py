"""A shell left in a removed folder (`publish --out .` of an older assay did that to its
user): every command that reads a workspace says so, exit 2, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from assay.engine.files.destination import Destination, DestinationRefused, Ground, claim


@pytest.mark.parametrize(
    "argv", [["check"], ["files"], ["publish", "--out", "site"], ["serve"], ["select"]]
)
def test_a_removed_current_folder_is_a_usage_error(tmp_path: Path, argv: list[str]) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    script = (
        "import os, sys; os.chdir(sys.argv[1]); os.rmdir(sys.argv[1]); "
        "from assay.cli import main; raise SystemExit(main(sys.argv[2:]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(gone), *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "current folder no longer exists" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_rule_refuses_a_relative_path_without_a_current_folder(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    here = os.getcwd()
    os.chdir(gone)
    try:
        os.rmdir(gone)
        with pytest.raises(DestinationRefused, match="no longer exists"):
            claim(Destination("site", "--out", "folder"), Ground())
        claim(Destination(str(tmp_path / "site"), "--out", "folder"), Ground())  # absolute: fine
    finally:
        os.chdir(here)
