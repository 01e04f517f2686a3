"""A check reads each run member once: the run pass reads and checks it, and the document
pass and the review take what it read (``engine/passes/run_members.py``,
``engine/runs/parts.py``); nothing of it stays alive once the check returns."""

from __future__ import annotations

import gc
import subprocess
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import pytest

import assay
from assay.api import check
from assay.engine.runner.run import CheckOptions, check_keeping
from assay.engine.workspace import loading
from assay.engine.workspace.config import load_config
from assay.engine.workspace.document_context import DocumentContext
from assay.grammar.markdown import document
from tests.engine.runs.builders import OVERVIEW, write_run
from tests.examples_copy import example_repository

RUN = "runs/github.com-vectifyai-pageindex"


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return example_repository(tmp_path / "examples")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each workspace file's bytes are read, and each document parsed."""
    counted: Counter[str] = Counter()
    real_bytes, real_parse = loading.contained_bytes, loading.read_document

    def reading(root: Path, path: str, unsaved: Mapping[str, bytes] | None = None) -> bytes | str:
        counted[path] += 1
        return real_bytes(root, path, unsaved)

    def parsing(data: bytes | str, path: str = "<document>") -> object:
        counted["parsed " + path] += 1
        return real_parse(data, path)

    monkeypatch.setattr(loading, "contained_bytes", reading)
    monkeypatch.setattr(loading, "read_document", parsing)
    return counted


def _members(reads: Counter[str]) -> dict[str, int]:
    return {path: n for path, n in reads.items() if RUN in path}


@pytest.mark.parametrize("cache", [False, True])
def test_a_check_reads_and_parses_each_run_member_once(
    workspace: Path, reads: Counter[str], cache: bool
) -> None:
    """One check, cold, in one process: each member (run.toml too) read once, each
    Markdown member parsed once, though both passes and the run checks saw them."""
    report = check(workspace, cache=cache, jobs=1)
    members = _members(reads)
    assert f"{RUN}/run.toml" in members and f"parsed {RUN}/overview.md" in members
    assert set(members.values()) == {1}, members
    assert f"{RUN}/overview.md" in report.files  # the document pass has its outcome


def test_verifying_a_run_reads_each_member_once(workspace: Path, reads: Counter[str]) -> None:
    """verify_run checks the workspace and gives the run its review: the review comes
    from the check's reading, not from a third read of the run."""
    verification = assay.verify_run(workspace / RUN, cache=False)
    assert verification.verified
    assert assay.render_review(verification).startswith("---\n")
    members = _members(reads)
    assert members and set(members.values()) == {1}, members


def test_a_warm_scoped_check_reads_only_the_changed_run_once(
    workspace: Path, reads: Counter[str]
) -> None:
    """pre-commit after a member changed: the run is read again, each member once."""
    check(workspace)
    overview = workspace / RUN / "overview.md"
    overview.write_text(overview.read_text("utf-8") + "\nOne more line.\n", "utf-8")
    reads.clear()
    check(workspace, [f"{RUN}/overview.md"])
    members = _members(reads)
    assert members[f"{RUN}/overview.md"] == 1
    assert set(members.values()) == {1}, members


def test_nothing_of_the_runs_stays_alive_after_a_check(workspace: Path) -> None:
    """The members' documents live while their run is checked, not after the check."""

    def alive() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if type(o) is DocumentContext)

    before = alive()
    check(workspace, cache=False, jobs=1)
    assay.verify_run(workspace / RUN, cache=False)
    assert alive() == before


def test_runs_read_by_two_processes_give_the_same_report_and_parts(
    workspace: Path, reads: Counter[str]
) -> None:
    """With two processes the workers read and check whole runs: the report and the
    runs' review parts are those of one process, and this process read only the
    manifests (for every run's source) — no member a second time."""
    for n in range(5):  # one source, five folders not named by it
        write_run(workspace, f"copy-{n}", overview=None if n == 3 else OVERVIEW)
    subprocess.run(["git", "add", "-A"], cwd=workspace, check=True)
    config = load_config(workspace)
    alone_checked = check_keeping(config, CheckOptions(cache=False, jobs=1, parts=True))
    alone, alone_parts = alone_checked.report, alone_checked.parts
    reads.clear()
    shared_checked = check_keeping(config, CheckOptions(cache=False, jobs=2, parts=True))
    shared, shared_parts = shared_checked.report, shared_checked.parts
    assert shared.diagnostics == alone.diagnostics and shared.files == alone.files
    assert "IDN003" in {d.code for d in alone.diagnostics}  # a run check's finding
    assert shared_parts == alone_parts and len(alone_parts) == 6
    read_here = {p for p in reads if p.startswith("runs/") and not p.startswith("parsed ")}
    assert read_here == {p for p in read_here if p.endswith("/run.toml")}
    assert len(read_here) == 6


def test_verifying_and_rendering_parse_each_member_once(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No reader of any stage (check, run checks, review, rendering) parses a member
    again: the Markdown parser itself meets each member once."""
    parses: Counter[str] = Counter()
    real = document._read_document

    def counting(data: bytes | str, path: str) -> object:
        parses[path] += 1
        return real(data, path)

    monkeypatch.setattr(document, "_read_document", counting)
    verification = assay.verify_run(workspace / RUN, cache=False)
    assert verification.verified
    assay.render_review(verification)
    members = [path for path in parses if path.startswith("runs/")]
    assert members and all(parses[path] == 1 for path in members), parses
