"""`assay.api.files`: contained reading, the rule of what a write may replace, the writer."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from assay import api
from assay.api import files
from assay.api.workspace import load_config
from assay.errors import UsageError


def test_read_text_reads_below_the_root_and_never_through_a_link(tmp_path: Path) -> None:
    """The text, undecodable bytes replaced; None for a link, a folder or past `limit`."""
    (tmp_path / "a.md").write_bytes(b"caf\xe9\n")
    (tmp_path / "link.md").symlink_to(tmp_path / "a.md")
    assert files.read_text(tmp_path, "a.md") == "caf\ufffd\n"
    assert files.read_text(tmp_path, "link.md") is None
    assert files.read_text(tmp_path, "missing.md") is None
    assert files.read_text(tmp_path, "a.md", limit=3) is None


def test_file_destination_refuses_inputs_links_folders_and_the_workspace(tmp_path: Path) -> None:
    """Each refusal names the flag and the path; an absent path is fine."""
    (tmp_path / "spec.assay").write_text("")
    (tmp_path / "link").symlink_to(tmp_path / "spec.assay")
    (tmp_path / "folder").mkdir()
    inputs = [tmp_path / "spec.assay"]
    target = files.file_destination(tmp_path / "r.txt", flag="--output", inputs=inputs)
    assert target == tmp_path / "r.txt"
    for bad in ("spec.assay", "link", "folder", "."):
        with pytest.raises(files.DestinationRefused, match=r"^--output "):
            files.file_destination(
                tmp_path / bad, flag="--output", workspace=tmp_path, inputs=inputs
            )


def test_report_destination_is_never_a_file_the_check_read(tmp_path: Path) -> None:
    """A checked record and the config are refused; elsewhere in the workspace is fine."""
    (tmp_path / "assay.toml").write_text("")
    (tmp_path / "docs" / "adr").mkdir(parents=True)
    (tmp_path / "docs" / "adr" / "0001-x.md").write_text("# 1. X\n\n## Status\n\nAccepted\n")
    config = load_config(tmp_path)
    report = api.check(tmp_path, config=config, cache=False)
    assert report.files == ("docs/adr/0001-x.md",)
    for taken in ("docs/adr/0001-x.md", "assay.toml"):
        with pytest.raises(files.DestinationRefused, match="is an input assay reads"):
            files.report_destination(tmp_path / taken, config, report)
    assert files.report_destination(tmp_path / "out.sarif", config, report).name == "out.sarif"


def test_write_text_replaces_whole_with_the_umask_s_mode(tmp_path: Path) -> None:
    """UTF-8, the mode the umask gives (not mkstemp's 0o600); a folder is refused."""
    old = os.umask(0o022)
    try:
        files.write_text(tmp_path / "r.md", "é\n")
    finally:
        os.umask(old)
    assert (tmp_path / "r.md").read_bytes() == "é\n".encode()
    assert (tmp_path / "r.md").stat().st_mode & 0o777 == 0o644
    (tmp_path / "d").mkdir()
    with pytest.raises(UsageError):
        files.write_text(tmp_path / "d", "x")
