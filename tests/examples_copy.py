"""A copy of ``examples/`` (or one of its folders) in a git repository of its own, for
the tests that run assay on it: a bundle pins tracked files, and a test may edit it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.conftest import ROOT


def example_repository(target: Path, part: str = "") -> Path:
    """``examples/PART`` copied to ``target`` (its evidence stores left out), every
    file added to a new repository there."""
    source = ROOT / "examples" / part if part else ROOT / "examples"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.sqlite*"))
    subprocess.run(["git", "init", "-q", str(target)], check=True)
    subprocess.run(["git", "add", "-A"], cwd=target, check=True)
    return target
