"""`assay assemble` builds a bundle in memory, so its budget is bounded (documented in
docs/guide/context.md): above it the budget is refused, exit 2, nothing written; at it,
a pinned file many times larger is only measured, in bounded memory."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from assay.cli import EXIT_ERROR, main
from assay.spec.manifest import MAX_BUDGET
from tests.cli.pin_repo import make_repo
from tests.peak import OWN_PEAK_KIB

SPEC = 'declaration big version 1 {\n    primary "data/big.txt" sha256 "%s"\n}\n'
BIG = 512 * 1024 * 1024  # a sparse file: holes, read as zero bytes


def _sparse_sha(size: int) -> str:
    hasher, block = hashlib.sha256(), bytes(1 << 20)
    for _ in range(size >> 20):
        hasher.update(block)
    return hasher.hexdigest()


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = make_repo(tmp_path / "repo", SPEC % ("0" * 64), {"data/big.txt": b""})
    monkeypatch.chdir(root)
    return root


@pytest.mark.parametrize("unit", ["bytes", "chars"])
def test_a_budget_above_the_bound_is_refused_and_nothing_is_written(
    repo: Path, capsys: pytest.CaptureFixture[str], unit: str
) -> None:
    most = MAX_BUDGET[unit]
    code = main(["assemble", "--budget", str(most + 1), "--unit", unit, "--out", "out"])
    err = capsys.readouterr().err
    assert code == EXIT_ERROR, err
    assert f"at most {most:,} {unit}" in err
    assert not (repo / "out").exists()


def test_a_file_eight_times_the_largest_budget_is_measured_in_bounded_memory(
    repo: Path,
) -> None:
    with (repo / "data" / "big.txt").open("r+b") as stream:
        stream.truncate(BIG)
    (repo / "assay" / "context.assay").write_text(SPEC % _sparse_sha(BIG))
    code = (
        "import sys; from assay.cli import main; "
        f"status = main(['assemble', '--budget', '{MAX_BUDGET['bytes']}', '--out', 'out']); "
        f"print({OWN_PEAK_KIB}, file=sys.stderr); "
        "sys.exit(status)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr  # CTX001: the file does not fit
    assert "CTX001" in done.stdout + done.stderr
    peak_mib = int(done.stderr.strip().splitlines()[-1]) / 1024
    assert peak_mib < 3 * MAX_BUDGET["bytes"] / 2**20, peak_mib
    assert not (repo / "out").exists()
