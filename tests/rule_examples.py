"""The rules whose examples one test module runs, chosen by the stage that reports them.

Each stage's examples run through that stage (``STAGE_TESTS`` says where), so every
rule of the registry is run by exactly one module; ``tests/engine/test_rule_registry.py``
keeps the list complete. One exception: a summary rule's example that is a spec (an
``assay`` block with ``stage=summary``, not an ``evidence.toml``) is prepared, run and
summarized by the eval stages' module, which runs specs (``runs_specs``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from assay.engine.checks.registry import RULES
from assay.spec.rules.examples import ExampleFile
from assay.spec.rules.rule import Rule

#: Stage -> the test module that runs its rules' examples.
STAGE_TESTS = {
    "check": "tests/engine/test_check_examples.py",
    "runner": "tests/engine/test_check_examples.py",
    "spec": "tests/engine/test_check_examples.py",
    "assembly": "tests/engine/context/test_context_rules.py",
    "session": "tests/engine/traces/reading/test_session_rules.py",
    "trace": "tests/engine/traces/check/test_rule_examples.py",
    "evaluation": "tests/engine/evidence/test_evidence_rules.py",
    "summary": "tests/engine/evidence/summary/test_summary_rules.py",
}


def rules_of(*stages: str) -> list[Rule]:
    """The rules the given stages report, by code."""
    return [r for r in RULES if r.stage in stages]


def runs_specs(files: tuple[ExampleFile, ...]) -> bool:
    """Whether an example is a spec (it has an ``assay`` block) to run the stages on."""
    return any(file.language == "assay" for file in files)


def example_cases(
    *stages: str, where: Callable[[tuple[ExampleFile, ...]], bool] | None = None
) -> list[Any]:
    """``(code, section, files)`` for each example section of the stages' rules (only
    those ``where`` accepts, when given)."""
    return [
        pytest.param(rule.code, section, files, id=f"{rule.code}-{section}")
        for rule in rules_of(*stages)
        for section, files in rule.examples.items()
        if where is None or where(files)
    ]
