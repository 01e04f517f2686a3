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


def test_parse_where_and_parse_request_read_the_command_line_s_forms() -> None:
    """`KEY=VALUE` items into a task; `NAME@VERSION` into a request; bad ones UsageError."""
    from assay.api.context import parse_request, parse_where

    assert parse_where(["repository=billing", "language=go"]) == {
        "repository": "billing",
        "language": "go",
    }
    assert parse_request("settlement-events@1") == Request(name="settlement-events", version=1)
    for bad in (lambda: parse_where(["repository"]), lambda: parse_request("x@one")):
        with pytest.raises(UsageError):
            bad()


def test_write_bundle_and_manifest_given_the_config_refuse_its_inputs(tmp_path: Path) -> None:
    """With the config, a source the bundle includes and the config itself are refused."""
    import shutil

    from assay.api.context import write_bundle, write_manifest
    from assay.api.files import DestinationRefused
    from assay.api.workspace import load_config

    root = tmp_path / "examples"
    shutil.copytree(EXAMPLES, root)
    config = load_config(root)
    bundle = assay.assemble(root, where={"repository": "billing"}, budget=100_000, config=config)
    assert bundle.ok and bundle.manifest is not None
    source = root / bundle.manifest.included[0].path
    with pytest.raises(DestinationRefused, match="is an input assay reads"):
        write_manifest(bundle, source, config=config)
    with pytest.raises(DestinationRefused):
        write_bundle(bundle, root, config=config)
    written = write_bundle(bundle, tmp_path / "bundle", config=config)
    assert (written / "bundle.md").read_bytes() == bundle.text
    manifest = write_manifest(bundle, tmp_path / "manifest.json", config=config)
    assert manifest.read_bytes() == (written / "manifest.json").read_bytes()
