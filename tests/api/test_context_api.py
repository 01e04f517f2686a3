"""`assay.select`: the selection as a value; bad input raises AssayErrors only."""

from __future__ import annotations

from pathlib import Path

import pytest

import assay
from assay.engine.context.selection import Request
from assay.errors import UsageError
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"


def _names(selection: assay.Selection) -> list[str]:
    return [f"{d.declared.name}@{d.declared.version}" for d in selection.selected]


def test_select_returns_the_selection() -> None:
    selection = assay.select(EXAMPLES, where={"repository": "billing", "task_kind": "feature"})
    assert _names(selection) == ["decision-records@1", "ledger-changes@1", "settlement-events@2"]
    assert [d.message for d in selection.excluded] == [
        "language: the task gives no value (wants one of [python, go])",
        "superseded by version 2",
    ]
    assert selection.selected[0].declared.path == "assay/context.assay"


def test_legacy_versions_by_name_as_text_or_request() -> None:
    task = {"repository": "billing", "task_kind": "feature"}
    by_text = assay.select(EXAMPLES, where=task, declarations=["settlement-events@1"])
    by_request = assay.select(
        EXAMPLES, where=task, declarations=[Request(name="settlement-events", version=1)]
    )
    assert by_text == by_request
    assert "settlement-events@1" in _names(by_text)


@pytest.mark.parametrize(
    ("where", "declarations"),
    [({"": "go"}, ()), ({"language": ""}, ()), ({}, ("x",)), ({}, ("settlement-events@9",))],
)
def test_bad_input_is_a_usage_error(where: dict[str, str], declarations: tuple[str, ...]) -> None:
    with pytest.raises(UsageError):
        assay.select(EXAMPLES, where=where, declarations=declarations)


def test_a_spec_error_raises_spec_error_with_the_diagnostics(tmp_path: Path) -> None:
    (tmp_path / "assay.toml").write_text('specs = ["*.assay"]\n')
    (tmp_path / "a.assay").write_text("declaration d version {}\n")
    with pytest.raises(assay.SpecError) as raised:
        assay.select(tmp_path)
    assert [d.code for d in raised.value.diagnostics] == ["SPC001"]
    assert isinstance(raised.value, assay.errors.AssayError)


def test_the_root_stays_import_light() -> None:
    """`assay.select` is served lazily: importing assay does not load the engine."""
    import subprocess
    import sys

    code = "import assay, sys; assert 'assay.engine' not in sys.modules; assay.select"
    subprocess.run([sys.executable, "-c", code], check=True)
