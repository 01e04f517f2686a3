"""The summary's EVL rules' examples, run through summarize: Fails reports the code,
Passes does not. (An example that is a spec, ``stage=summary``, runs the whole way in
``tests/engine/evidence/test_evidence_rules.py``.)"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from attrs import evolve

from assay.engine.evidence.summary import summarize
from assay.spec.evaluation_summary import Summary
from assay.spec.evidence import Assessment, Attempt, Policy, Rate
from assay.spec.rules.examples import ExampleFile
from tests.engine.evidence.summary.build import VERSIONS, attempt
from tests.rule_examples import example_cases, runs_specs

CASES = example_cases("summary", where=lambda files: not runs_specs(files))
_VERSION_KEYS = ("benchmark", "answer_key", "runner", "result_schema")


def _attempt(fields: dict[str, Any]) -> Attempt:
    """The short form the rule docs describe (``assay.spec.rules.summary_subsets``' docstring)."""
    fields = dict(fields)
    versions = evolve(VERSIONS, **{k: fields.pop(k) for k in _VERSION_KEYS if k in fields})
    if "declarations" in fields:
        versions = evolve(versions, declarations=tuple(fields.pop("declarations")))
    omitted = tuple(fields.pop("omitted", ()))
    counters: dict[str, int | None] = dict(fields.pop("counters", {}))
    counters.update(dict.fromkeys(fields.pop("incomplete", ()), None))
    status = fields.get("status", "completed")
    correctness = fields.pop("correctness", "correct" if status == "completed" else "unknown")
    if "assessment" in fields:  # "VERDICT under NAME@V"
        verdict, _, policy = fields.pop("assessment").partition(" under ")
        fields["assessment"] = Assessment(
            verdict=verdict, answer_sha256="0" * 64, basis_sha256=(), policy=policy
        )
    made = attempt(
        fields.pop("id"),
        fields.pop("task"),
        fields.pop("condition"),
        correctness,
        versions=versions,
        counters=counters,
        **fields,
    )
    return evolve(made, provision=evolve(made.provision, omitted=omitted))


def summary_of(evidence: str) -> Summary:
    """The summary of one example's ``evidence.toml``."""
    data = tomllib.loads(evidence)
    policy = None
    if "policy" in data:
        given = dict(data["policy"])
        rates = tuple(Rate(**r) for r in given.pop("rates", ()))
        policy = Policy(name="eval", version=1, rates=rates, **given)
    return summarize(
        [_attempt(a) for a in data.get("attempts", [])],
        tasks=data["tasks"],
        policy=policy,
        subset=data.get("subset"),
        required_counters=data.get("required_counters", ()),
    )


@pytest.mark.parametrize(("code", "section", "files"), CASES)
def test_summary_rule_example(code: str, section: str, files: tuple[ExampleFile, ...]) -> None:
    """Fails: the code is reported (as an error, a note or a no-verdict reason);
    Passes: it is not."""
    [evidence] = files
    summary = summary_of(evidence.text)
    reported = [r.code for r in (*summary.errors, *summary.notes, *summary.no_verdict)]
    if section == "Fails":
        assert code in reported, summary
    else:
        assert code not in reported, summary
