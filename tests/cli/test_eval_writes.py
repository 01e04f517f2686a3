"""What `assay eval summary --output` and `assay eval merge OUT` may write (DESIGN §6):
never over the store they read, never through a link; whole files under the umask."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from assay.engine.evidence import merge as merging
from tests.cli.test_eval_command import _assay, _example


@pytest.fixture
def ran(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = _example(tmp_path)
    assert _assay(root, "eval prepare", monkeypatch)[0] == 0
    assert _assay(root, "eval run --runner fixture", monkeypatch)[0] == 0
    return root


@pytest.fixture
def shards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = _example(tmp_path)
    for index in (1, 2):
        assert _assay(root, f"eval prepare --db s{index}.sqlite", monkeypatch)[0] == 0
        run = f"eval run --runner fixture --db s{index}.sqlite --shard {index}/2"
        assert _assay(root, run, monkeypatch)[0] == 0
    return root


def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture
def umask_022() -> Iterator[None]:
    yield from umask(0o022)


@pytest.fixture
def umask_002() -> Iterator[None]:
    yield from umask(0o002)


def test_summary_output_over_its_own_store_is_refused(
    ran: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = ran / "evidence.sqlite"
    before = store.read_bytes()
    for output in ("evidence.sqlite", "evidence.sqlite-wal"):
        code, out, err = _assay(ran, f"eval summary --output {output}", monkeypatch)
        assert (code, out) == (2, ""), err
        assert f"--output {output!r} is an input assay reads" in err
    assert store.read_bytes() == before


def test_summary_plot_over_the_store_writes_nothing(
    ran: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store named like the plot: refused before the report is written either."""
    os.rename(ran / "evidence.sqlite", ran / "r.differences.svg")
    before = (ran / "r.differences.svg").read_bytes()
    command = "eval summary --db r.differences.svg --format markdown --output r.md"
    code, _, err = _assay(ran, command, monkeypatch)
    assert code == 2 and "is an input assay reads" in err, err
    assert (ran / "r.differences.svg").read_bytes() == before
    assert not (ran / "r.md").exists()


def test_summary_output_through_a_link_is_refused(
    ran: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "elsewhere.md").write_text("keep", encoding="utf-8")
    (ran / "report.md").symlink_to(tmp_path / "elsewhere.md")
    code, _, err = _assay(ran, "eval summary --output report.md", monkeypatch)
    assert code == 2 and "is a symbolic link" in err, err
    assert (tmp_path / "elsewhere.md").read_text(encoding="utf-8") == "keep"


def test_summary_report_and_plot_honour_the_umask(
    ran: Path, monkeypatch: pytest.MonkeyPatch, umask_022: None
) -> None:
    command = "eval summary --format markdown --output summary.md"
    assert _assay(ran, command, monkeypatch)[0] == 0
    for name in ("summary.md", "summary.differences.svg"):
        assert (ran / name).stat().st_mode & 0o777 == 0o644, name


def test_merge_over_a_shard_is_refused_and_leaves_it(
    shards: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = (shards / "s1.sqlite").read_bytes()
    code, _, err = _assay(shards, "eval merge s1.sqlite s1.sqlite s2.sqlite", monkeypatch)
    assert code == 2 and "EVL010 the output exists already" in err, err
    assert (shards / "s1.sqlite").read_bytes() == before


def test_merge_output_honours_the_umask(
    shards: Path, monkeypatch: pytest.MonkeyPatch, umask_002: None
) -> None:
    """SQLite's own creation mode (0644) would ignore a group-writable umask."""
    assert _assay(shards, "eval merge all.sqlite s1.sqlite s2.sqlite", monkeypatch)[0] == 0
    assert (shards / "all.sqlite").stat().st_mode & 0o777 == 0o664
    assert sorted(p.name for p in shards.glob(".all.sqlite*")) == []


def test_merge_never_replaces_a_file_that_took_the_name_meanwhile(
    shards: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = merging._copy

    def someone_writes_out(target: object, stores: object) -> int:
        (shards / "all.sqlite").write_text("a colleague's file", encoding="utf-8")
        return real(target, stores)  # type: ignore[arg-type]

    monkeypatch.setattr(merging, "_copy", someone_writes_out)
    code, _, err = _assay(shards, "eval merge all.sqlite s1.sqlite s2.sqlite", monkeypatch)
    assert code == 2 and "created while merging" in err, err
    assert (shards / "all.sqlite").read_text(encoding="utf-8") == "a colleague's file"
    assert sorted(p.name for p in shards.glob(".all.sqlite*")) == []
