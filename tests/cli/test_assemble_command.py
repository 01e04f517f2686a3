"""`assay assemble` end to end with the real `main`, on a copy of the example workspace
made a real git repository (`git init`, `git add`)."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from assay.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, main
from assay.cli.commands.schema import schema
from tests.conftest import ROOT

TASK = ["--where", "repository=billing", "--where", "task_kind=bugfix"]


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", root, ignore=shutil.ignore_patterns("run"))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    monkeypatch.chdir(root)
    return root


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["assemble", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_example_bundle_and_manifest(
    workspace: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    code, out, err = _run(capsys, *TASK, "--budget", "4000", "--out", "bundle")
    assert code == EXIT_OK, err
    assert "CTX002 [info]" in err and "0004-retain-failed-settlement-attempts.md" in err
    assert out.endswith("5 units, 3502 of 4000 bytes, 1 omitted; tracking checked\n")
    manifest = json.loads((workspace / "bundle/manifest.json").read_text())
    jsonschema.Draft202012Validator(schema("manifest")).validate(manifest)
    text = (workspace / "bundle/bundle.md").read_bytes()
    for entry in manifest["included"]:
        source = (workspace / entry["path"]).read_bytes()
        piece = text[entry["offset"] : entry["offset"] + entry["bytes"]]
        assert piece in source and (entry["lines"] is not None or piece == source)
    assert [o["path"] for o in manifest["omitted"]] == [
        "docs/adr/0004-retain-failed-settlement-attempts.md"
    ]
    assert out == snapshot(name="summary")
    assert manifest == snapshot(name="manifest", extension_class=JSONSnapshotExtension)
    assert text.decode() == snapshot(name="bundle.md")


def test_overflow_writes_nothing(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, *TASK, "--budget", "100", "--out", "bundle")
    assert (code, out) == (EXIT_FINDINGS, "")
    assert "CTX001 [error]" in err and "over the budget of 100 bytes" in err
    assert not (workspace / "bundle").exists()
    assert not [p for p in workspace.iterdir() if p.name.startswith(".bundle")]


def test_overflow_leaves_an_earlier_bundle_as_it_was(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(capsys, *TASK, "--budget", "5000")[0] == EXIT_OK  # default --out: bundle
    before = (workspace / "bundle/manifest.json").read_bytes()
    assert _run(capsys, *TASK, "--budget", "10")[0] == EXIT_FINDINGS
    assert (workspace / "bundle/manifest.json").read_bytes() == before
    assert _run(capsys, *TASK, "--budget", "4000")[0] == EXIT_OK  # replaced when complete
    assert json.loads((workspace / "bundle/manifest.json").read_text())["budget"] == 4000


def test_an_out_folder_holding_other_files_is_refused(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(capsys, *TASK, "--budget", "5000", "--out", "docs")
    assert code == EXIT_ERROR and "holds an input assay reads" in err
    assert err.endswith("; nothing was written\n") and err.count("nothing was written") == 1
    assert (workspace / "docs/adr").is_dir()


def test_out_dash_writes_the_bundle_to_stdout_and_the_manifest_to_a_file(
    workspace: Path, capfdbinary: pytest.CaptureFixture[bytes]
) -> None:
    assert main(["assemble", *TASK, "--budget", "5000", "--out", "-"]) == EXIT_ERROR
    assert b"needs --manifest" in capfdbinary.readouterr().err
    code = main(["assemble", *TASK, "--budget", "5000", "--out", "-", "--manifest", "m.json"])
    out, err = capfdbinary.readouterr()
    assert code == EXIT_OK, err
    manifest = json.loads((workspace / "m.json").read_text())
    assert out.startswith(b"<!-- assay bundle") and b"wrote standard output and m.json" in err
    for entry in manifest["included"]:
        assert (
            out[entry["offset"] : entry["offset"] + entry["bytes"]]
            in (workspace / entry["path"]).read_bytes()
        )
    assert not (workspace / "bundle").exists()


def test_chars_and_usage_errors(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, *TASK, "--budget", "5000", "--unit", "chars", "--out", "b")
    assert code == EXIT_OK and "of 5000 chars" in out
    assert _run(capsys, *TASK)[0] == EXIT_ERROR  # no --budget
    assert _run(capsys, *TASK, "--budget", "-1")[0] == EXIT_ERROR
    assert _run(capsys, "--where", "nope", "--budget", "1")[0] == EXIT_ERROR


def test_a_changed_pinned_file_fails_with_pin001(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = workspace / "docs/adr/0004-retain-failed-settlement-attempts.md"
    record.write_bytes(record.read_bytes() + b"\nedited\n")
    code, _, err = _run(capsys, *TASK, "--budget", "5000")
    assert code == EXIT_FINDINGS and "PIN001" in err and "assay pin --write" in err
    assert not (workspace / "bundle").exists()


def test_the_python_api_returns_values_and_writes_only_when_asked(workspace: Path) -> None:
    import assay

    bundle = assay.assemble(
        workspace, where={"repository": "billing", "task_kind": "bugfix"}, budget=4000
    )
    assert bundle.ok and bundle.manifest is not None
    assert [d.code for d in bundle.diagnostics] == ["CTX002"]
    assert not (workspace / "bundle").exists()
    written = assay.write_bundle(bundle, workspace / "out")
    assert (written / "bundle.md").read_bytes() == bundle.text


def test_the_guide_shows_what_the_command_prints(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/guide/context.md's console block (standard output; it writes a bundle, so
    it runs here, in a copy of the examples, not in place)."""
    page = (ROOT / "docs/guide/context.md").read_text(encoding="utf-8")
    block = page.split("checked by tests/cli/test_assemble_command.py -->\n```console\n")[1]
    command, *shown = block.split("```\n", 1)[0].splitlines()
    args = command.removeprefix("$ assay assemble ").split()
    code, out, _ = _run(capsys, *args)
    assert code == EXIT_OK
    assert out.splitlines() == shown


_EXTRA = """declaration "extra" version 1 {
    primary "docs/adr/0001-record-architecture-decisions.md"
}
"""


def test_an_untracked_spec_s_declarations_are_not_assembled(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: seed 002 pins "tracked regular declaration and source files"; an
    untracked `.assay` file's declarations were assembled. PTH004 in the spec, in
    `assemble` and in `check`, and nothing written."""
    source = "docs/adr/0001-record-architecture-decisions.md"
    digest = hashlib.sha256((workspace / source).read_bytes()).hexdigest()
    spec = _EXTRA.replace(f'"{source}"', f'"{source}" sha256 "{digest}"')
    (workspace / "assay/untracked.assay").write_text(spec, encoding="utf-8")
    code, out, err = _run(capsys, "--declaration", "extra@1", "--budget", "40000")
    assert (code, out) == (EXIT_FINDINGS, ""), err
    assert "assay/untracked.assay:2:5: PTH004 [error]" in err, err
    assert "spec file `assay/untracked.assay` is not tracked by git" in err
    assert not (workspace / "bundle").exists()
    assert main(["check", "--select", "PTH004", "--format", "json"]) == EXIT_FINDINGS
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    assert [(d["path"], d["line"]) for d in found] == [("assay/untracked.assay", 2)]


def test_a_linked_spec_is_a_finding_at_the_spec_not_silence(
    workspace: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 24: a spec file that is a symbolic link is not read (no link is followed),
    and `assemble` went on without its declarations, saying nothing."""
    (tmp_path / "shared.assay").write_text(_EXTRA, encoding="utf-8")
    (workspace / "assay/shared.assay").symlink_to(tmp_path / "shared.assay")
    code, out, err = _run(capsys, *TASK, "--budget", "40000")
    assert (code, out) == (EXIT_FINDINGS, ""), err
    assert "assay/shared.assay:1:1: PTH002 [error]" in err, err
    assert "the spec file is a symbolic link" in err
    assert not (workspace / "bundle").exists()
