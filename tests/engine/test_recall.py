"""What a check remembers once it has returned: only a live workspace keeps the check
summary and its split for the next edit (``engine/runner/recall.py``); a command, an
API call or a campaign of fuzzed inputs keeps nothing of the workspace it checked."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from assay.api import check
from assay.api.editing import open_live
from assay.engine.runner.check_summary import Stored
from assay.engine.workspace.candidates import Discovery
from tests.examples_copy import example_repository

RECORD = "docs/adr/0003-partition-ledger-by-tenant.md"


def alive(kind: type) -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is kind)


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return example_repository(tmp_path / "examples")


def test_a_check_keeps_nothing_of_its_workspace_once_it_returns(workspace: Path) -> None:
    """A warm one-record run reads the check summary and splits it against discovery;
    once it has returned neither is alive (a module's slot held both, pinning the
    arenas a large input had used)."""
    summaries, discoveries = alive(Stored), alive(Discovery)
    check(workspace)  # fills the cache and the summary
    report = check(workspace, [RECORD])  # the scoped run: summary read and split
    assert [d.code for d in report.diagnostics] == []
    assert (alive(Stored), alive(Discovery)) == (summaries, discoveries)


def test_a_live_workspace_keeps_its_summary_for_the_next_edit(workspace: Path) -> None:
    """The live workspace does keep them, for as long as it lives: the next edit's
    check is given the same summary rows, not a second unpickled copy."""
    live = open_live(workspace)
    live.refresh()
    text = (workspace / RECORD).read_text("utf-8")
    live.check_text(RECORD, text)
    kept = alive(Stored)
    assert kept >= 1
    for _ in range(3):
        live.check_text(RECORD, text.replace("Proposed", "Accepted"))
    assert alive(Stored) == kept
    del live
    assert alive(Stored) < kept
