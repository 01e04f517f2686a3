"""`eval summary --output`: each report's plot is named after it, so two reports in one
folder keep two plots; and neither may write over an input of the evaluation (the
store, another store, the policy, a spec, the config): exit 2, nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.test_eval_command import _assay, _example


@pytest.fixture
def ran(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = _example(tmp_path)
    assert _assay(root, "eval prepare", monkeypatch)[0] == 0
    assert _assay(root, "eval run --runner fixture", monkeypatch)[0] == 0
    return root


def test_two_reports_in_one_folder_have_two_plots(
    ran: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, subset in (("all", ""), ("first", " --tasks 1")):
        command = f"eval summary --format markdown --output {name}.md{subset}"
        assert _assay(ran, command, monkeypatch)[0] == 0
    for name in ("all", "first"):
        assert f"]({name}.differences.svg)" in (ran / f"{name}.md").read_text()
        assert (ran / f"{name}.differences.svg").is_file()
    assert not (ran / "summary-differences.svg").exists()
    first = (ran / "first.differences.svg").read_text()
    assert first != (ran / "all.differences.svg").read_text()


@pytest.mark.parametrize(
    ("output", "why"),
    [
        ("policy.toml", "is a file git tracks"),
        ("eval.assay", "is an input assay reads"),
        ("assay.toml", "is an input assay reads"),
        ("other.sqlite", "is a file assay did not make"),
    ],
)
def test_a_report_never_replaces_an_input(
    ran: Path, monkeypatch: pytest.MonkeyPatch, output: str, why: str
) -> None:
    shutil.copy(ran / "evidence.sqlite", ran / "other.sqlite")
    before = (ran / output).read_bytes()
    code, out, err = _assay(ran, f"eval summary --output {output}", monkeypatch)
    assert (code, out) == (2, "") and why in err, err
    assert (ran / output).read_bytes() == before
    for fmt in ("json", "markdown"):
        code, _, err = _assay(ran, f"eval summary --format {fmt} --output {output}", monkeypatch)
        assert code == 2 and why in err, err
    assert (ran / output).read_bytes() == before
    assert not (ran / Path(output).with_suffix(".differences.svg").name).exists()
