"""The CTX rules' examples, run through assembly in a real git repository:
Fails reports the code once, at its `at=`; Passes does not report it."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.spec.rules.examples import ExampleFile
from tests.engine.context.repo import bundle_of, git_repo
from tests.rule_examples import example_cases

CASES = example_cases("assembly")


@pytest.mark.parametrize(("code", "section", "files"), CASES)
def test_context_rule_example(
    tmp_path: Path, code: str, section: str, files: tuple[ExampleFile, ...]
) -> None:
    root = git_repo(tmp_path / "ws", {f.path: f.text.encode() for f in files})
    [spec] = [f for f in files if f.language == "assay"]
    where = dict(item.split("=", 1) for item in spec.options.get("where", "").split(",") if item)
    budget = int(spec.options["budget"])
    bundle = bundle_of(root, spec.text, budget, task=where, spec_path=spec.path)
    others = [d for d in bundle.diagnostics if not d.code.startswith("CTX")]
    assert not others, others  # the examples' pins hold
    found = [(d.span.line, d.span.column) for d in bundle.diagnostics if d.code == code]
    if section == "Fails":
        assert found == [spec.reported_at]
    else:
        assert found == []
