"""`assay.api.evaluation_report`: a summary rendered in each form, written safely."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from assay.api import evaluation, evaluation_report
from assay.api.files import DestinationRefused
from tests.conftest import ROOT


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """examples/eval in a git repository of its own, prepared (no agent run); the
    current folder. The store's path."""
    root = tmp_path / "eval"
    shutil.copytree(ROOT / "examples/eval", root, ignore=shutil.ignore_patterns("evidence*"))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    monkeypatch.chdir(root)
    evaluation.prepare(root, root / "evidence.sqlite")
    return root / "evidence.sqlite"


def test_each_form_renders_the_same_summary(store: Path) -> None:
    """Text says there is no verdict; JSON parses; Markdown links the plot it is given."""
    found = evaluation.summarize_store(store)
    assert "No verdict:" in evaluation_report.render_summary(found, "text")
    assert isinstance(json.loads(evaluation_report.render_summary(found, "json")), dict)
    markdown = evaluation_report.render_summary(found, "markdown", plot="r.differences.svg")
    assert "r.differences.svg" in markdown


def test_a_markdown_report_is_written_with_its_plot_beside_it(store: Path) -> None:
    """The plot first, then the report that links to it, both whole."""
    found = evaluation.summarize_store(store)
    out = store.parent / "reports" / "summary.md"
    out.parent.mkdir()
    written = evaluation_report.write_summary(found, out, store=store, form="markdown")
    assert written == (out.with_name("summary.differences.svg"), out)
    assert "summary.differences.svg" in out.read_text()
    assert written[0].read_text().startswith("<svg")


@pytest.mark.parametrize("taken", ["evidence.sqlite", "evidence.sqlite-wal", "policy.toml"])
def test_an_input_of_the_evaluation_is_never_replaced(store: Path, taken: str) -> None:
    """The store, its journal files and a policy are refused; nothing is written."""
    found = evaluation.summarize_store(store)
    target = store.parent / taken
    before = target.read_bytes() if target.exists() else None
    with pytest.raises(DestinationRefused):
        evaluation_report.write_summary(found, target, store=store, form="text")
    assert (target.read_bytes() if target.exists() else None) == before


def test_summarize_of_the_store_s_attempts_is_summarize_store(store: Path) -> None:
    """The pure `summarize` over what the store keeps gives the store's summary."""
    with evaluation.open_store(store, read_only=True) as opened:
        found, policy = opened.attempts(), opened.policy()
        _, tasks = opened.benchmark_tasks(None)
    summary = evaluation.summarize(found, tasks=tasks, policy=policy)
    assert summary == evaluation.summarize_store(store)
    subset = evaluation.summarize(found, tasks=tasks, policy=policy, subset=tasks[0])
    assert subset != summary
