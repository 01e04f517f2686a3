"""The check summary: a run limited to a few files, with a warm cache, reads only those
files and the changed ones, and reports exactly what a cold run reports."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from assay.engine.runner import check_summary
from assay.engine.runner.result import RunResult
from assay.engine.runner.run import check
from assay.engine.workspace import loading as workspace_module
from assay.engine.workspace.config import load_config

ADR = "docs/adr"


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the documents parsed from now on."""
    seen: list[str] = []
    real = workspace_module.read_document

    def counting(data: bytes, path: str):  # type: ignore[no-untyped-def]
        seen.append(path)
        return real(data, path)

    monkeypatch.setattr(workspace_module, "read_document", counting)
    return seen


def _write(path: Path, text: str) -> None:
    """Write a file so that its size or modification time surely changes."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if before:
        os.utime(path, ns=(before + 10**9, before + 10**9))


def _record(root: Path, number: int) -> Path:
    return next((root / ADR).glob(f"{number:04d}-*.md"))


def _both(root: Path, *paths: str) -> tuple[RunResult, RunResult]:
    """The same run with the warm cache and without any cache."""
    config = load_config(root)
    return check(config, paths=list(paths)), check(config, paths=list(paths), cache=False)


def _edited(root: Path, number: int) -> Path:
    """The record numbered so, with a line added (its stamp surely changes)."""
    record = _record(root, number)
    _write(record, record.read_text() + "\nMore.\n")
    return record


def _scoped(root: Path, number: int) -> str:
    return _record(root, number).relative_to(root).as_posix()


def test_every_record_alone_is_reported_as_a_cold_run_reports_it(
    cache_home: Path, workspace: Path, parsed: list[str]
) -> None:
    check(load_config(workspace), paths=[_scoped(workspace, 1)], cache=False)
    everything = len(parsed)  # a cold run reads every document: records and run files
    check(load_config(workspace))  # fills the cache and the summary
    assert check_summary.load(workspace, _settings(workspace)) is not None
    for record in sorted((workspace / ADR).glob("*.md")):
        path = record.relative_to(workspace).as_posix()
        parsed.clear()
        warm, cold = _both(workspace, path)
        assert warm == cold, path
        # warm: this one record; cold: every document
        assert parsed[: len(parsed) - everything] == [path]
    # The relation and number checks do have something to say here.
    codes = {
        d.code for d in check(load_config(workspace), paths=[_scoped(workspace, 5)]).diagnostics
    }
    assert "LNK003" in codes


def test_a_scoped_run_without_a_summary_fills_it(cache_home: Path, workspace: Path) -> None:
    path = _scoped(workspace, 2)
    warm, cold = _both(workspace, path)  # no cache yet: a full run, which writes it
    assert warm == cold
    assert check_summary.load(workspace, _settings(workspace)) is not None


def test_a_changed_record_is_read_again_and_its_facts_count(
    cache_home: Path, workspace: Path, parsed: list[str]
) -> None:
    """0003 now says it supersedes 0002, which is still accepted: FLD008 in 0002 and
    LNK003 in 0003 (pointing at 0002), both reported by a run limited to 0002,
    although 0003 is not among the files given."""
    check(load_config(workspace))
    other, target = _record(workspace, 3), _record(workspace, 2)
    text = other.read_text()
    _write(other, text.replace("- Date:", f"- Supersedes: [ADR 2]({target.name})\n- Date:", 1))
    parsed.clear()
    config = load_config(workspace)
    warm = check(config, paths=[_scoped(workspace, 2)])
    assert sorted(parsed) == sorted([_scoped(workspace, 2), _scoped(workspace, 3)])
    assert warm == check(config, paths=[_scoped(workspace, 2)], cache=False)
    assert {(d.code, d.path) for d in warm.diagnostics} >= {
        ("FLD008", _scoped(workspace, 2)),
        ("LNK003", _scoped(workspace, 3)),
    }


def test_a_deleted_or_added_record_changes_what_is_reported(
    cache_home: Path, workspace: Path
) -> None:
    check(load_config(workspace))
    path = _scoped(workspace, 5)
    before, _ = _both(workspace, path)
    # 0006 says it supersedes 0005; without it, 0005's "superseded by" is one-sided
    # in another way, and the warm run must not remember 0006.
    _record(workspace, 6).unlink()
    warm, cold = _both(workspace, path)
    assert warm == cold
    assert warm != before
    # A new record numbered 5 in the same folder: a duplicate number, found in the new
    # record and naming the one reported.
    _write(workspace / ADR / "0005-another-five.md", "# 5. Another five\n\nStatus: Accepted\n")
    warm, cold = _both(workspace, path)
    assert warm == cold
    assert any(d.code == "DOC009" for d in warm.diagnostics)


def test_a_directive_in_an_unread_record_still_silences_its_finding(
    cache_home: Path, workspace: Path
) -> None:
    """A finding in another record that points at the reported one is reported; that
    record's own directive silences it — read from the summary, not the file."""
    older, newer = _record(workspace, 1), _record(workspace, 2)
    _write(older, "# 1. Old\n\nStatus: Superseded by [ADR 2](" + newer.name + ")\n")
    _write(newer, "# 2. New\n\nStatus: Accepted\n")
    check(load_config(workspace))
    path = _scoped(workspace, 2)
    warm, cold = _both(workspace, path)
    assert warm == cold
    assert [d.code for d in warm.diagnostics if d.path.endswith(older.name)] == ["LNK003"]
    _write(
        older,
        "# 1. Old\n\nStatus: Superseded by [ADR 2](" + newer.name + ")"
        " <!-- assay: disable-line LNK003 -- kept one-sided -->\n",
    )
    check(load_config(workspace))  # 0001 is in the summary again, with its directive
    warm, cold = _both(workspace, path)
    assert warm == cold
    assert not [d for d in warm.diagnostics if d.path.endswith(older.name)]


def test_changes_go_to_the_small_file_until_there_are_many(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    check(load_config(workspace))
    summary, recent = _files(workspace)
    whole = summary.read_bytes()
    record = _edited(workspace, 4)
    warm, cold = _both(workspace, _scoped(workspace, 2))
    assert warm == cold
    assert summary.read_bytes() == whole and recent.is_file()  # the whole file kept
    monkeypatch.setattr(check_summary, "RECENT_ROWS", 0)
    _write(record, record.read_text() + "\nAnd more.\n")
    warm, cold = _both(workspace, _scoped(workspace, 2))
    assert warm == cold
    assert summary.read_bytes() != whole  # written whole again; the recent file is stale
    assert check(load_config(workspace), paths=[_scoped(workspace, 4)]) == check(
        load_config(workspace), paths=[_scoped(workspace, 4)], cache=False
    )


@pytest.mark.parametrize("which", [0, 1])
def test_a_broken_summary_file_is_ignored(cache_home: Path, workspace: Path, which: int) -> None:
    check(load_config(workspace))
    _edited(workspace, 4)
    check(load_config(workspace), paths=[_scoped(workspace, 3)])  # writes the recent file
    _files(workspace)[which].write_bytes(b"\x80\x04 not a pickle")
    warm, cold = _both(workspace, _scoped(workspace, 4))
    assert warm == cold


def test_too_many_changes_run_in_full(
    cache_home: Path, workspace: Path, parsed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check(load_config(workspace))
    monkeypatch.setattr(check_summary, "SCOPED_READS", 1)
    _edited(workspace, 4)
    parsed.clear()
    warm = check(load_config(workspace), paths=[_scoped(workspace, 2)])
    assert len(parsed) == 1 and parsed == [_scoped(workspace, 4)]  # from the check cache
    assert warm == check(load_config(workspace), paths=[_scoped(workspace, 2)], cache=False)


def _settings(root: Path) -> str:
    from assay.engine.checks import CHECKS
    from assay.engine.runner.check_cache import settings_digest
    from assay.engine.runner.rulesets import Ruleset
    from assay.engine.workspace.loading import open_workspace

    config = load_config(root)
    ruleset = Ruleset.build(
        CHECKS, select=config.select, ignore=config.ignore, severity=config.severity
    )
    return settings_digest(open_workspace(config), ruleset)


def _files(root: Path) -> tuple[Path, Path]:
    paths = check_summary._paths(root)
    assert paths is not None
    return paths


def test_a_full_warm_run_reads_the_summary_header_alone_when_nothing_changed(
    cache_home: Path, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    check(load_config(workspace))
    summary, _recent = _files(workspace)
    whole = summary.read_bytes()
    loaded: list[int] = []
    real = check_summary.cache_files.read_pickles

    def counting(path: Path | None, count: int):  # type: ignore[no-untyped-def]
        if path == summary:
            loaded.append(count)
        return real(path, count)

    monkeypatch.setattr(check_summary.cache_files, "read_pickles", counting)
    assert check(load_config(workspace)) == check(load_config(workspace), cache=False)
    assert loaded == [1] and summary.read_bytes() == whole  # the header; nothing written
    _edited(workspace, 4)
    loaded.clear()
    assert check(load_config(workspace)) == check(load_config(workspace), cache=False)
    assert loaded == [1]  # the header told the change: the rows written, never loaded
    assert summary.read_bytes() != whole
    warm, cold = _both(workspace, _scoped(workspace, 4))
    assert warm == cold
