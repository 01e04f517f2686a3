"""`assay check` on documents it cannot read, tested without file permissions.

Root reads any file whatever its mode, and CI runs as root: a test that removes read
permission (`chmod 000`) passes there without ever meeting an unreadable file.  So an
unreadable document is made by other means: a read that fails (the contained read,
patched to raise the
PermissionError a mode would give), a directory named like a record, a dangling symbolic
link; the FIFO case is in test_check_command.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, main
from assay.engine.workspace import loading
from tests.cli.test_check_command import GOOD, workspace


def test_a_document_that_cannot_be_read_is_doc001_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace(tmp_path, {"docs/adr/0001-use-postgres.md": GOOD, "docs/adr/0002-locked.md": GOOD})
    real = loading.read_contained

    def read_contained(root: Path | str, path: str) -> object:
        if path.endswith("0002-locked.md"):
            raise PermissionError(13, "Permission denied", path)
        return real(root, path)

    monkeypatch.setattr(loading, "read_contained", read_contained)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache", "--jobs", "1"]) == EXIT_ERROR  # unreadable input
    out = capsys.readouterr().out
    assert "docs/adr/0002-locked.md:1:1: DOC001 [error] cannot read: Permission denied" in out
    assert "0001-use-postgres.md" not in out  # the readable record is checked, and clean


def test_a_directory_named_like_a_record_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace(tmp_path, {"docs/adr/0001-use-postgres.md": GOOD})
    (tmp_path / "docs/adr/0002-folder.md").mkdir()
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache"]) == EXIT_OK
    assert "1 file" in capsys.readouterr().out


def test_a_dangling_symbolic_link_is_reported_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace(tmp_path, {"docs/adr/0001-use-postgres.md": GOOD})
    (tmp_path / "docs/adr/0002-gone.md").symlink_to(tmp_path / "nowhere" / "0002.md")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache"]) == EXIT_FINDINGS
    assert "docs/adr/0002-gone.md:1:1: PTH002 [error] a symbolic link" in capsys.readouterr().out


def test_a_record_that_is_not_utf8_keeps_its_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Record 2 cannot be decoded, yet its file name numbers it: record 3 has no gap
    (DOC011) before it, in a full run and in a run on record 3 from the warm cache."""
    third = GOOD.replace("# 1. Use", "# 3. Use")
    workspace(
        tmp_path, {"docs/adr/0001-use-postgres.md": GOOD, "docs/adr/0003-use-redis.md": third}
    )
    (tmp_path / "docs/adr/0002-cafe.md").write_bytes(
        GOOD.replace("# 1.", "# 2. Caf\xe9").encode("latin-1")
    )
    monkeypatch.chdir(tmp_path)
    for args in (["check"], ["check", "docs/adr/0003-use-redis.md"], ["check"]):
        main(args)
        out = capsys.readouterr().out
        assert "DOC011" not in out, args
    assert main(["check"]) == EXIT_ERROR
    assert "docs/adr/0002-cafe.md:1:9: DOC001" in capsys.readouterr().out
