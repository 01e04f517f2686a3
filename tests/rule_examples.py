"""The rules whose examples one test module runs, chosen by the stage that reports them.

Each stage's examples run through that stage (``STAGE_TESTS`` says where), so every
rule of the registry is run by exactly one module; ``tests/spec/test_rule_registry.py``
keeps the list complete.
"""

from __future__ import annotations

from typing import Any

import pytest

from assay.spec.rules.registry import RULES
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


def example_cases(*stages: str) -> list[Any]:
    """``(code, section, files)`` for each example section of the stages' rules."""
    return [
        pytest.param(rule.code, section, files, id=f"{rule.code}-{section}")
        for rule in rules_of(*stages)
        for section, files in rule.examples.items()
    ]
