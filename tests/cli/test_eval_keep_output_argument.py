"""`eval run --keep-output` takes a byte count of 0 or more; anything else is a usage
error (exit 2) naming the option and the value, before any store is opened."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.cli import EXIT_ERROR, main


@pytest.mark.parametrize("value", ["-5", "abc", "1.5", ""])
def test_a_bad_byte_count_is_refused_by_name(
    value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["eval", "run", "--runner", "r", "--keep-output", value]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert "--keep-output" in err and repr(value) in err
    assert list(tmp_path.iterdir()) == []  # nothing made
