"""Files assay writes take the mode the umask gives, as a plain ``open`` would: a
review or a report a colleague, a web server or CI must read is never ``0o600``."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from assay.cli import EXIT_OK, main
from tests.api.test_runs_api import RUN, write_run


@pytest.fixture
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(previous)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_review_md_is_0644_under_umask_022(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, umask_022: None
) -> None:
    write_run(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["render", RUN, "--write"]) == EXIT_OK
    assert _mode(tmp_path / RUN / "review.md") == 0o644


def test_a_check_report_is_0644_under_umask_022(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, umask_022: None
) -> None:
    write_run(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache", "--format", "json", "--output", "report.json"]) == EXIT_OK
    assert _mode(tmp_path / "report.json") == 0o644


def test_a_replaced_report_takes_the_umask_mode_never_an_executable_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, umask_022: None
) -> None:
    """An output that replaced an executable file would run when that file is run
    (a hook): a report gets the umask's mode, whatever it replaced."""
    write_run(tmp_path)
    monkeypatch.chdir(tmp_path)
    command = ["check", "--no-cache", "--format", "json", "--output", "report.json"]
    assert main(command) == EXIT_OK
    (tmp_path / "report.json").write_text((tmp_path / "report.json").read_text() + " ")
    os.chmod(tmp_path / "report.json", 0o755)
    assert main(command) == EXIT_OK
    assert _mode(tmp_path / "report.json") == 0o644
    assert not (tmp_path / "report.json").read_text().endswith(" ")


def test_pin_write_keeps_the_spec_files_mode_and_writes_only_a_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, umask_022: None
) -> None:
    from tests.cli.pin_repo import GUIDE, make_repo, sha

    spec_text = 'declaration testing version 1 {\n    primary "guides/testing.md" sha256 "%s"\n}\n'
    root = make_repo(tmp_path / "repo", spec_text % sha(GUIDE))
    monkeypatch.chdir(root)
    spec = root / "assay" / "context.assay"
    os.chmod(spec, 0o640)
    (root / "guides" / "testing.md").write_bytes(GUIDE + b"More.\n")
    assert main(["pin", "--write"]) == EXIT_OK
    assert _mode(spec) == 0o640 and sha(GUIDE + b"More.\n") in spec.read_text()
    inode = spec.stat().st_ino
    assert main(["pin", "--write"]) == EXIT_OK
    assert spec.stat().st_ino == inode  # nothing to renew: not rewritten
