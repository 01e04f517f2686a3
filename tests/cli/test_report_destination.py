"""`assay check --output` never writes its report over a file the check read (DESIGN §6):
a record, a run member, the config — nor through a link or over a folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.cli import EXIT_ERROR, EXIT_OK, main
from tests.api.test_runs_api import RUN, write_run


def _snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


@pytest.mark.parametrize(
    "output",
    [f"{RUN}/run.toml", f"{RUN}/boundary.md", "assay.toml", "docs/adr/0001-use-x.md", "link.json"],
)
def test_check_output_refuses_every_input(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    output: str,
) -> None:
    write_run(tmp_path)
    (tmp_path / "assay.toml").write_text('fail-on = "error"\n')
    record = tmp_path / "docs" / "adr" / "0001-use-x.md"
    record.parent.mkdir(parents=True)
    record.write_text("# 1. Use X\n\n## Status\n\nAccepted\n\n## Context\n\nc\n")
    (tmp_path / "link.json").symlink_to(record)
    monkeypatch.chdir(tmp_path)
    before = _snapshot(tmp_path)
    code = main(["check", "--no-cache", "--format", "json", "--output", output])
    assert code == EXIT_ERROR
    assert "nothing was written" in capsys.readouterr().err
    assert _snapshot(tmp_path) == before


def test_check_output_writes_a_new_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_run(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache", "--format", "json", "--output", "report.json"]) == EXIT_OK
    assert (tmp_path / "report.json").read_text().startswith("{")
