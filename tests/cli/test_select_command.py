"""`assay select` end to end with the real `main`, on the example workspace."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from assay.cli import EXIT_ERROR, EXIT_OK, main
from assay.cli.commands.schema import schema
from tests.conftest import ROOT

TASK = ["--where", "repository=billing", "--where", "task_kind=bugfix"]


@pytest.fixture
def examples(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(ROOT / "examples")
    return ROOT / "examples"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["select", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_lists_the_selected_declarations(
    examples: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(capsys, *TASK) == (
        EXIT_OK,
        "decision-records@1   assay/context.assay:5\n"
        "ledger-changes@1     assay/decisions.assay:23\n"
        "settlement-events@2  assay/context.assay:15\n",
        "",
    )


def test_explain_adds_every_other_declaration_and_why(
    examples: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    code, out, err = _run(capsys, *TASK, "--where", "language=rust", "--explain")
    assert (code, err) == (EXIT_OK, "")
    assert "currency-rounding@1  assay/context.assay:23  language: rust is not one of" in out
    assert "settlement-events@1  assay/context.assay:10  superseded by version 2" in out
    assert out == snapshot


def test_json_matches_its_schema_and_snapshot(
    examples: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    code, out, _ = _run(capsys, *TASK, "--declaration", "settlement-events@1", "--format", "json")
    assert code == EXIT_OK
    value = json.loads(out)
    jsonschema.Draft202012Validator(schema("selection")).validate(value)
    assert value["task"] == {"repository": "billing", "task_kind": "bugfix"}
    # settlement-events@1 wants task_kind feature: asked for, and still not matched
    excluded = {(e["name"], e["version"]): e for e in value["excluded"]}
    assert excluded[("settlement-events", 1)]["dimension"] == "task_kind"
    assert excluded[("settlement-events", 2)]["reason"] == "not-requested"
    assert value == snapshot.use_extension(JSONSnapshotExtension)


def test_a_legacy_version_asked_for_by_name_is_selected(
    examples: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(
        capsys, "--where", "repository=billing", "--where", "task_kind=feature",
        "--declaration", "settlement-events@1",
    )  # fmt: skip
    assert code == EXIT_OK
    assert "settlement-events@1  assay/context.assay:10\n" in out
    assert "settlement-events@2" not in out


def test_the_selection_schema_is_snapshotted(snapshot: SnapshotAssertion) -> None:
    assert schema("selection") == snapshot.use_extension(JSONSnapshotExtension)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--where", "language"], "expected KEY=VALUE"),
        (["--where", "=go"], "the dimension (before `=`) is empty"),
        (["--where", "a=1", "--where", "a=2"], "one value per dimension"),
        (["--declaration", "settlement-events"], "expected NAME@VERSION"),
        (["--declaration", "settlement-events@7"], "has no version 7 (it has 1, 2)"),
        (["--declaration", "nothing@1"], "no declaration is named 'nothing'"),
        (["--format", "yaml"], "invalid choice"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    examples: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, out, err = _run(capsys, *args)
    assert (code, out) == (EXIT_ERROR, "")
    assert words in err


def test_spec_errors_stop_with_exit_2_and_their_diagnostics(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "assay.toml").write_text('specs = ["*.assay"]\n')
    (tmp_path / "a.assay").write_text("declaration d version 1 {}\n")
    (tmp_path / "b.assay").write_text("\ndeclaration d version 1 {}\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(capsys, "--where", "language=go")
    assert (code, out) == (EXIT_ERROR, "")
    assert "b.assay:2:13: SPC003" in err
    assert "declaration `d` version 1 is already defined in a.assay on line 1" in err
    assert "nothing was selected" in err


def test_notes_on_standard_error(examples: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--where", "langauge=go")
    assert (code, out) == (EXIT_OK, "decision-records@1  assay/context.assay:5\n")
    assert "no declaration names the dimension 'langauge'" in err


def test_a_workspace_without_declarations_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "assay.toml").write_text("specs = []\n")
    monkeypatch.chdir(tmp_path)
    assert _run(capsys) == (
        EXIT_OK,
        "",
        "assay select: note: the specs declare no task context (no `declaration`)\n",
    )


def test_nothing_selected_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "assay.toml").write_text('specs = ["*.assay"]\n')
    (tmp_path / "a.assay").write_text("declaration d version 1 { when os [linux] }\n")
    monkeypatch.chdir(tmp_path)
    assert _run(capsys, "--where", "os=mac") == (
        EXIT_OK,
        "",
        "assay select: note: no declaration matches the task (--explain says why)\n",
    )
    code, out, _ = _run(capsys, "--where", "os=mac", "--explain")
    assert code == EXIT_OK
    assert out == "not selected:\nd@1  a.assay:1  os: mac is not one of [linux]\n"


def test_the_guide_shows_the_example_declarations_as_they_are() -> None:
    """The guide's spec block is the example workspace's file (after its header)."""
    page = (ROOT / "docs/guide/context.md").read_text(encoding="utf-8")
    shown = page.split("```assay\n", 1)[1].split("```\n", 1)[0]
    assert (ROOT / "examples/assay/context.assay").read_text(encoding="utf-8").endswith(shown)
