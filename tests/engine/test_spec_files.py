"""`read_spec_files`: the one reader of a workspace's spec files for the commands that
need their statements beyond types (`assay eval`, `assay trace check`): a spec that is
not UTF-8 is SPC001 at its start, as `assay check` reports it, whichever command asks."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.cli import main
from assay.engine.workspace.config import load_config
from assay.engine.workspace.loading import read_spec_files


def _workspace(root: Path) -> Path:
    root.mkdir()
    (root / "assay.toml").write_text('specs = ["good.assay", "bad.assay"]\n', encoding="utf-8")
    (root / "good.assay").write_text("type note {\n    title required\n}\n", encoding="utf-8")
    (root / "bad.assay").write_bytes(b"type \xff {}\n")
    (root / "s.jsonl").write_text(
        '{"sequence":0,"actor":"user","kind":"event","name":"user_message"}\n', encoding="utf-8"
    )
    return root


def test_the_good_spec_parses_and_the_bad_one_is_spc001(tmp_path: Path) -> None:
    specs, problems = read_spec_files(load_config(_workspace(tmp_path / "ws")))
    assert [s.path for s in specs] == ["good.assay"]
    assert [(p.code, p.path, p.span.line, p.span.column) for p in problems] == [
        ("SPC001", "bad.assay", 1, 1)
    ]


@pytest.mark.parametrize("command", [["trace", "check", "s.jsonl"], ["eval", "prepare"]])
def test_every_command_reports_it_where_it_is_and_stops(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
) -> None:
    monkeypatch.chdir(_workspace(tmp_path / "ws"))
    assert main(command) == 2
    captured = capsys.readouterr()
    assert "bad.assay:1:1" in captured.err and "SPC001" in captured.err
    assert "Traceback" not in captured.err
    assert not (tmp_path / "ws" / "evidence.sqlite").exists()
