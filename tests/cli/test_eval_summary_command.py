"""`assay eval summary` on the example store: launches nothing, prints the matched
differences before any aggregate, keeps wrong answers, and gives no verdict without a
recorded policy; each report format, each error path (exit 2, nothing written)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion

from assay.cli.commands.schema import schema
from tests.cli.test_eval_command import _assay, _example


@pytest.fixture
def ran(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example prepared and run once with its fixture agent (wrong with the
    overview, right with the bundle)."""
    root = _example(tmp_path)
    assert _assay(root, "eval prepare", monkeypatch)[0] == 0
    assert _assay(root, "eval run --runner fixture", monkeypatch)[0] == 0
    return root


def test_prepared_only_there_is_no_verdict_and_each_reason_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After `prepare` alone: every task lacks its pair, and no policy was recorded."""
    root = _example(tmp_path)
    _assay(root, "eval prepare", monkeypatch)
    code, out, err = _assay(root, "eval summary", monkeypatch)
    assert (code, err) == (0, "")
    verdict = out[out.index("No verdict:") :]
    assert "EVL030 no-policy" in verdict and "EVL034 missing-pair: 3 of 3 tasks" in verdict


def test_the_text_summary_puts_matched_differences_first(
    ran: Path, monkeypatch: pytest.MonkeyPatch, snapshot: SnapshotAssertion
) -> None:
    code, out, err = _assay(ran, "eval summary", monkeypatch)
    assert (code, err) == (0, "")
    assert out.index("Matched differences per task") < out.index("Aggregates")
    assert "Wrong answers (3, all retained)" in out
    # Durations differ from run to run; everything else is the same every time.
    timed = re.sub(r", duration_ms [-+]?[0-9.]+", "", out)
    stable = "\n".join(line for line in timed.splitlines() if "duration_ms" not in line)
    assert stable == snapshot


def test_json_validates_against_the_schema(ran: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = _assay(ran, "eval summary --format json", monkeypatch)
    value = json.loads(out)
    jsonschema.Draft202012Validator(schema("summary")).validate(value)
    assert code == 0 and value["verdict"] is None
    assert [r["code"] for r in value["no_verdict"]] == ["EVL030"]


def test_markdown_report_is_written_with_its_plot(
    ran: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (ran / "report").mkdir()
    code, out, _ = _assay(
        ran, "eval summary --format markdown --output report/summary.md", monkeypatch
    )
    assert (code, out) == (0, "")
    report = (ran / "report/summary.md").read_text()
    assert report.startswith("# Evaluation summary") and "(summary.differences.svg)" in report
    ElementTree.fromstring((ran / "report/summary.differences.svg").read_text())


def test_subset_errors_and_a_missing_store_exit_2(
    ran: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = _assay(ran, "eval summary --tasks 1-99", monkeypatch)
    assert (code, out) == (2, "") and "EVL021" in err
    code, out, err = _assay(ran, "eval summary --tasks nonesuch", monkeypatch)
    assert (code, out) == (2, "") and "nonesuch" in err
    code, out, err = _assay(ran, "eval summary --db missing.sqlite", monkeypatch)
    assert (code, out) == (2, "") and "no store at missing.sqlite" in err
    assert not (ran / "missing.sqlite").exists()


def test_a_subset_summarizes_only_its_tasks(ran: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = _assay(ran, "eval summary --tasks 2 --format json", monkeypatch)
    value = json.loads(out)
    assert code == 0 and value["tasks"] == ["tag-3-0"] and value["subset"] == "2"


def test_summary_launches_nothing_and_changes_no_attempt(
    ran: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store's attempts are the same rows before and after two summaries."""
    from assay.api.evaluation import attempts

    before = attempts(ran / "evidence.sqlite")
    _assay(ran, "eval summary", monkeypatch)
    _assay(ran, "eval summary --format json", monkeypatch)
    assert attempts(ran / "evidence.sqlite") == before


def test_a_file_that_is_no_store_exits_2_with_its_code(
    ran: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (ran / "notes.sqlite").write_text("not a database\n", encoding="utf-8")
    code, out, err = _assay(ran, "eval summary --db notes.sqlite", monkeypatch)
    assert (code, out) == (2, "") and "EVL011" in err and "Traceback" not in err
