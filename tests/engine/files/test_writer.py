"""The one writer (engine/files): umask honoured, folders swapped whole, and the rule of
what a write may replace is tests/engine/files/test_destination.py's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from assay.engine.files import folders
from assay.engine.files.writing import create_file, replace_file, write_file
from assay.errors import UsageError


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_written_file_honours_the_umask(tmp_path: Path, umask_022: None) -> None:
    write_file(tmp_path / "review.md", b"x")
    assert (tmp_path / "review.md").stat().st_mode & 0o777 == 0o644
    create_file(tmp_path / "new.md", b"y")
    assert (tmp_path / "new.md").stat().st_mode & 0o777 == 0o644


def test_replacing_keeps_the_mode_of_the_file_replaced(tmp_path: Path, umask_022: None) -> None:
    path = tmp_path / "a.md"
    path.write_bytes(b"old")
    path.chmod(0o640)
    replace_file(path, b"new", b"old")
    assert path.read_bytes() == b"new" and path.stat().st_mode & 0o777 == 0o640


def test_write_file_refuses_a_link_and_a_folder(tmp_path: Path) -> None:
    (tmp_path / "outside").write_bytes(b"keep")
    (tmp_path / "link").symlink_to(tmp_path / "outside")
    (tmp_path / "dir").mkdir()
    for name in ("link", "dir"):
        with pytest.raises(UsageError):
            write_file(tmp_path / name, b"x")
    assert (tmp_path / "outside").read_bytes() == b"keep"


def test_staging_folder_has_mkdirs_mode(tmp_path: Path, umask_022: None) -> None:
    folder = folders.staging(tmp_path / "site")
    assert folder.stat().st_mode & 0o777 == 0o755


@pytest.mark.parametrize("exchange", [True, False], ids=["renameat2", "fallback"])
def test_swap_replaces_the_old_folder_whole(
    tmp_path: Path, exchange: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not exchange:
        monkeypatch.setattr(folders, "_renameat2", None)
    else:
        assert folders.exchange_supported()  # Linux with glibc: the path CI takes
    out = tmp_path / "site"
    out.mkdir()
    (out / "old.html").write_text("old")
    new = folders.staging(out)
    (new / "new.html").write_text("new")
    folders.swap_in(new, out)
    assert sorted(p.name for p in out.iterdir()) == ["new.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_recover_puts_the_old_folder_back_when_a_kill_fell_between_renames(
    tmp_path: Path,
) -> None:
    out = tmp_path / "site"
    aside = tmp_path / ".site.old-abc"
    aside.mkdir()
    (aside / "index.html").write_text("previous")
    half = tmp_path / ".site.new-def"
    half.mkdir()
    folders.recover(out)
    assert (out / "index.html").read_text() == "previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_create_from_names_a_built_file_under_the_umask_and_never_over_one(
    tmp_path: Path, umask_022: None
) -> None:
    from assay.engine.files.writing import create_from

    built = tmp_path / ".store.partial"
    built.write_bytes(b"store")
    built.chmod(0o600)
    create_from(built, tmp_path / "store.sqlite")
    assert (tmp_path / "store.sqlite").read_bytes() == b"store"
    assert (tmp_path / "store.sqlite").stat().st_mode & 0o777 == 0o644
    (tmp_path / "taken").write_bytes(b"mine")
    with pytest.raises(FileExistsError):
        create_from(built, tmp_path / "taken")
    assert (tmp_path / "taken").read_bytes() == b"mine"
