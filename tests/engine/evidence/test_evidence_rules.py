"""The EVL rules' examples, run through the eval stages in a real git
repository: Fails reports the code once (at its `at=`, if given); Passes does not.
The summary's rules whose examples are specs (``stage=summary``) run here too: their
store is prepared, run and then summarized, as ``assay eval summary`` does.

The examples say `python3`; they run with this interpreter (the same program, found
without depending on the PATH a test runner has)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from assay.api import evaluation
from assay.engine.checks.registry import rule
from assay.engine.evidence.catalog import build_catalog, read_specs
from assay.engine.evidence.codes import EvidenceError
from assay.engine.workspace.config import load_config
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.examples import ExampleFile
from tests.rule_examples import example_cases, runs_specs

CASES = [*example_cases("evaluation"), *example_cases("summary", where=runs_specs)]


def _workspace(root: Path, files: tuple[ExampleFile, ...]) -> dict[str, str]:
    root.mkdir(parents=True)
    for file in files:
        text = file.text.replace('"python3"', f'"{sys.executable}"')
        (root / file.path).parent.mkdir(parents=True, exist_ok=True)
        (root / file.path).write_text(text, encoding="utf-8")
    (root / "assay.toml").write_text('specs = ["assay/*.assay"]\n')
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    [spec] = [f for f in files if f.language == "assay"]
    return spec.options


def _stages(root: Path, options: dict[str, str]) -> list[Diagnostic]:
    stage = options.get("stage", "catalog")
    if stage == "catalog":
        specs, problems = read_specs(load_config(root, None))
        return [*problems, *build_catalog(specs).diagnostics]
    try:
        if stage == "merge":
            evaluation.prepare(root, root / "a.sqlite")
            _change(root, options)
            evaluation.prepare(root, root / "b.sqlite")
            evaluation.merge(root / "out.sqlite", [root / "a.sqlite", root / "b.sqlite"])
            return []
        db = root / "evidence.sqlite"
        if options.get("prepare") != "false":
            has_policy = (root / "policy.toml").exists()
            policy = evaluation.read_policy(root / "policy.toml") if has_policy else None
            evaluation.prepare(root, db, policy=policy)
        else:
            with evaluation.open_store(db, create=True):
                pass
        _change(root, options)
        result = evaluation.run(
            root,
            db,
            runner=options.get("runner"),  # type: ignore[arg-type]
            authorize_spending=options.get("authorize") == "true",
        )
        if stage == "summary":
            found = evaluation.summarize_store(db, subset=options["subset"])
            reasons = [*found.errors, *found.notes, *found.no_verdict]
            return [rule(r.code).diagnostic(r.message, str(db)) for r in reasons]
        if stage == "assess":
            evaluation.assess(
                db,
                int(options["attempt"]),
                options.get("verdict", "supported"),
                options.get("policy", "review@1"),
                answer_sha256=options.get("answer"),
            )
        return list(result.diagnostics)
    except EvidenceError as error:
        return list(error.diagnostics)


def _change(root: Path, options: dict[str, str]) -> None:
    if "change" in options:
        with (root / options["change"]).open("a", encoding="utf-8") as changed:
            changed.write("Changed after prepare.\n")


@pytest.mark.parametrize(("code", "section", "files"), CASES)
def test_evidence_rule_example(
    tmp_path: Path, code: str, section: str, files: tuple[ExampleFile, ...]
) -> None:
    root = tmp_path / "ws"
    options = _workspace(root, files)
    # Each example runs through the stage its rule says reports it.
    assert (options.get("stage") == "summary") == (rule(code).stage == "summary"), options
    found = [d for d in _stages(root, options) if d.code == code]
    if section == "Passes":
        assert found == []
        return
    assert len(found) == 1, found
    for file in files:
        if file.reported_at is not None:
            assert (found[0].path, found[0].span.line, found[0].span.column) == (
                file.path,
                *file.reported_at,
            )
