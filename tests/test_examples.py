"""The bundled example workspace: what `bash examples/run` shows, snapshotted.

The records hold deliberate defects (a one-sided supersession, a non-ISO date, a title
number that disagrees with its file, a broken link, two statuses that disagree, an
unfinished template); everything else in them must read clean.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from assay.cli import EXIT_FINDINGS, main
from tests.conftest import ROOT


def test_example_workspace_reports_its_planted_defects(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    snapshot: SnapshotAssertion,
) -> None:
    monkeypatch.chdir(ROOT / "examples")
    assert main(["check", "--color", "never"]) == EXIT_FINDINGS
    out = capsys.readouterr().out
    planted = {
        ("0005-publish-settlement-events-through-kafka.md", "LNK003"),
        ("0005-publish-settlement-events-through-kafka.md", "FLD007"),
        ("0006-publish-settlement-events-through-an-outbox.md", "DOC008"),
        ("0006-publish-settlement-events-through-an-outbox.md", "LNK001"),
        ("0007-round-currency-amounts-half-to-even.md", "FLD005"),
        ("0008-archive-closed-accounts.md", "DOC003"),
        ("0008-archive-closed-accounts.md", "FLD006"),
        ("0008-archive-closed-accounts.md", "DOC007"),
    }
    found = {
        (Path(line.split(":")[0]).name, line.split(" ")[1])
        for line in out.splitlines()
        if line.startswith("docs/")
    }
    assert found == planted
    assert out == snapshot


def test_example_records_one_to_four_are_clean(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT / "examples")
    records = sorted(
        str(p.relative_to(ROOT / "examples"))
        for p in (ROOT / "examples/docs/adr").glob("000[1-4]-*.md")
    )
    assert len(records) == 4
    assert main(["check", *records]) == 0


def test_example_sessions_one_clean_one_silent_fallback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """examples/sessions: the historical review follows ADR 0001's protocol; the other
    falls back to a transcript on its own after a failed Discussion (PRT015, line 5)."""
    monkeypatch.chdir(ROOT / "examples")
    assert main(["trace", "check", "sessions/historical-review.jsonl"]) == 0
    capsys.readouterr()
    assert main(["trace", "check", "sessions/silent-fallback.jsonl", "--format", "json"]) == 1
    found = [(d["code"], d["line"]) for d in json.loads(capsys.readouterr().out)["diagnostics"]]
    assert found == [("PRT015", 5)]
