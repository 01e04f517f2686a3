"""SARIF's `invocations[0].executionSuccessful` says what the exit code says: false
exactly when `assay check` exits 2 (a spec error, a document it cannot read), true
with findings or without; each log still valid against the official schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from assay.cli import main
from tests.cli.test_check_command import DECLARED, GOOD, UNKNOWN_STATUS, workspace
from tests.cli.test_formats import ACCEPTED_NOTES, run_multitool, sarif_schema_path

__all__ = ["sarif_schema_path"]  # a fixture, imported so pytest finds it here too

#: Each case: the files written, the arguments, the exit code expected.
CASES = {
    "spec-error": ({"bad.assay": "type {\n"}, [], 2),
    "unreadable-record": ({"docs/adr/0004-latin.md": b"# 4. Caf\xe9\n"}, [], 2),
    "spec-error-fail-on-never": ({"bad.assay": "type {\n"}, ["--fail-on", "never"], 2),
    "findings": ({}, [], 1),
    "findings-fail-on-never": ({}, ["--fail-on", "never"], 0),
    "clean": ({"docs/adr/0002-use-redis.md": GOOD.replace("# 1.", "# 2.")}, [], 0),
}


def _sarif(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str | bytes], args: list[str]
) -> tuple[int, dict[str, object]]:
    tmp_path.mkdir(exist_ok=True)
    root = workspace(
        tmp_path,
        {
            "team.assay": DECLARED,
            "docs/adr/0001-use-postgres.md": GOOD,
            "docs/adr/0002-use-redis.md": UNKNOWN_STATUS,
        },
    )
    for name, content in files.items():
        path = root / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    monkeypatch.chdir(root)
    code = main(["check", "--format", "sarif", "--output", "assay.sarif", "--no-cache", *args])
    return code, json.loads((root / "assay.sarif").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("files", "args", "code"), CASES.values(), ids=CASES.keys())
def test_execution_successful_is_false_exactly_when_the_check_exits_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    sarif_schema_path: Path,
    files: dict[str, str | bytes],
    args: list[str],
    code: int,
) -> None:
    exited, log = _sarif(tmp_path, monkeypatch, files, args)
    assert exited == code
    [run] = log["runs"]  # type: ignore[misc]
    assert run["invocations"] == [{"executionSuccessful": code != 2}]
    official = json.loads(sarif_schema_path.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(
        official, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    assert [e.message for e in validator.iter_errors(log)] == []


def test_a_stopped_run_passes_microsofts_validator(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    sarif_schema_path: Path,
) -> None:
    """Nothing beyond the notes assay declines on purpose, for a log that says the
    run did not succeed."""
    folder = tmp_path_factory.mktemp("stopped")
    files, args, _ = CASES["spec-error"]
    _sarif(folder / "w", monkeypatch, files, args)
    log = folder / "w/assay.sarif"
    findings = run_multitool(sarif_schema_path, folder / "validation.sarif", log)
    assert [f for f in findings["assay.sarif"] if f[1] != "note"] == []
    assert {rule for rule, _ in findings["assay.sarif"]} <= ACCEPTED_NOTES
