"""The examples of every rule `assay check` reports run: Fails reports the code, Passes
does not — the checks', the runner's and the spec reader's.

The same examples are the rule reference pages (`assay rules CODE`, docs/), so a page
can never show an example the check does not agree with.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from assay.engine.checks.registry import RULES
from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.spec.rules.examples import ExampleFile
from tests.rule_examples import example_cases

# INT001 is raised by a crashing check, which a document cannot make happen; PRT022
# by a session rewritten while `trace fetch` reads it, which a file at rest cannot
# show (tests/engine/traces/test_fetch.py rewrites one for real); PRT035 by more than
# 4,096 calls waiting at once, too long for a reference page
# (tests/engine/traces/check/test_bounds.py).
WITHOUT_EXAMPLES = {"INT001", "PRT022", "PRT035"}
# The other stages' examples run through those stages (tests/rule_examples.py).
CASES = example_cases("check", "runner", "spec")


def _write(root: Path, file: ExampleFile) -> None:
    target = root / file.path
    target.parent.mkdir(parents=True, exist_ok=True)
    if "symlink" in file.options:
        real = (target.parent / file.options["symlink"]).resolve()
        real.parent.mkdir(parents=True, exist_ok=True)
        real.write_text(file.text, encoding="utf-8")
        target.symlink_to(os.path.relpath(real, target.parent))
    elif file.options.get("fifo") == "true":
        os.mkfifo(target)
    else:
        target.write_bytes(file.text.encode(file.options.get("encoding", "utf-8")))


def _track(root: Path, paths: list[str]) -> None:
    """Make ``root`` a git repository tracking ``paths`` (and its config): an example
    with a ``tracked=`` file is about what git tracks."""
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q", str(root)], check=True)
    names = [*paths, *(["assay.toml"] if (root / "assay.toml").exists() else [])]
    subprocess.run([*git, "-C", str(root), "add", "--", *names], check=True)


def test_every_rule_has_both_examples() -> None:
    """A rule without a failing and a passing example has an untested reference page."""
    for rule in RULES:
        if rule.code in WITHOUT_EXAMPLES:
            continue
        found = rule.examples
        assert set(found) == {"Fails", "Passes"}, rule.code
        assert all(found.values()), rule.code


@pytest.mark.parametrize(("code", "section", "files"), CASES)
def test_rule_example(
    tmp_path: Path, code: str, section: str, files: tuple[ExampleFile, ...]
) -> None:
    """Fails: the check reports once in each file that says where (`at=`), there.
    Passes: it reports nothing."""
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    for file in files:
        _write(workspace, file)
    if any(f.language == "assay" for f in files):
        (workspace / "assay.toml").write_text('specs = ["assay/*.assay"]\n')
    if any("tracked" in f.options for f in files):
        _track(workspace, [f.path for f in files if f.options.get("tracked") != "false"])
    result = check(load_config(workspace))
    codes = [d.code for d in result.diagnostics]
    # A spec problem stops the run: only a spec rule's own Fails example may have one.
    spec_problems = [c for c in codes if c.startswith("SPC") and c != code]
    assert not spec_problems, result.diagnostics
    if section == "Fails":
        places = sorted((f.path, *f.reported_at) for f in files if f.reported_at is not None)
        assert places, "a Fails example says where its finding is (at=L:C)"
        found = sorted(
            (d.path, d.span.line, d.span.column) for d in result.diagnostics if d.code == code
        )
        assert found == places, result.diagnostics
    else:
        assert code not in codes, result.diagnostics
