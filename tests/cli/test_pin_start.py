"""A second ``assay pin`` with no spec changed takes the declarations from the type
cache, as ``assay check`` does: no spec is parsed, Lark is never imported (a third of
the command's start and 15 MiB before a byte was hashed, issue 27 §3), and the
verdicts are the same."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PROBE = (
    "import sys\nfrom assay.cli import main\n"
    "code = main(['pin', '--format', 'json'])\n"
    "print('lark' in sys.modules, code, file=sys.stderr)\n"
)


def _pin(workspace: Path, cache: Path) -> tuple[str, str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    env.pop("ASSAY_NO_CACHE", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=workspace,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout, done.stderr.strip()


def test_a_warm_pin_parses_no_spec(examples_dir: Path, tmp_path: Path) -> None:
    workspace = tmp_path / "w"
    shutil.copytree(examples_dir, workspace)
    cold_report, cold = _pin(workspace, tmp_path / "cache")
    warm_report, warm = _pin(workspace, tmp_path / "cache")
    assert cold.startswith("True"), cold  # the first run parsed the specs
    assert warm.startswith("False"), warm
    assert warm_report == cold_report


def test_a_changed_spec_is_parsed_again(examples_dir: Path, tmp_path: Path) -> None:
    workspace = tmp_path / "w"
    shutil.copytree(examples_dir, workspace)
    _pin(workspace, tmp_path / "cache")
    spec = workspace / "assay" / "context.assay"  # the spec that declares the pins
    spec.write_text(spec.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    _, after = _pin(workspace, tmp_path / "cache")
    assert after.startswith("True"), after
