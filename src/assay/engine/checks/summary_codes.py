"""EVL020-EVL037 and EVL016: what an evaluation summary reports, as rules with pages.

``assay eval summary`` (``assay.engine.evidence.summary.summarize``) reports these;
``assay check`` never does, and they are not checks to select, ignore or give a
severity. EVL020-EVL024 are subset errors (exit 2, nothing summarized), EVL025-EVL028
and EVL037 are notes on what the numbers leave out (EVL016 on an assessment it leaves
out), EVL029-EVL036 are the reasons a summary gives no verdict, one per missing
condition. They are registered here only so
that ``assay rules EVL030`` and the rule reference explain them, with examples the test
suite runs through ``summarize`` (``tests/engine/evidence/summary/test_summary_rules.py``).

An example is one ``evidence.toml``: ``tasks`` (the benchmark's, in order), optional
``subset``, ``required_counters`` and ``policy`` (``recorded_at``, ``minimum_difference``,
``rates``), and ``attempts``, each with its ``id``, ``task``, ``condition`` and what
differs from a completed, correct, fully provided attempt started at
``2026-11-02T10:00:<id>Z`` under ``bench@1``, ``key@1``, ``fixture@1``, ``result@1``:
``correctness``, ``status``, ``complete = false``, ``counters``, ``incomplete``
(counters reported incomplete), a version, or ``assessment = "VERDICT under
NAME@V"`` (an independent assessment; the example policy is ``eval@1``). A Fails
example reports its code; the Passes example does not.
"""

from __future__ import annotations

from assay.engine.checks import summary_note_codes as notes
from assay.engine.checks import summary_subset_codes as subset
from assay.engine.checks import summary_verdict_codes as verdict
from assay.engine.checks.base import Check

SUMMARY_RULES: tuple[Check, ...] = (
    subset.subset_syntax_error,
    subset.subset_out_of_bounds,
    subset.subset_absent_task,
    subset.subset_overflow,
    subset.subset_duplicate_task,
    notes.incompatible_versions,
    notes.attempt_outside_benchmark,
    notes.counter_not_used,
    notes.no_dated_rate,
    verdict.correctness_unknown,
    verdict.no_policy,
    verdict.policy_after_execution,
    verdict.unsuccessful_attempt,
    verdict.incomplete_provision,
    verdict.missing_pair,
    verdict.required_counter_incomplete,
    verdict.no_threshold,
    notes.superseded_attempts,
    notes.assessment_other_policy,
)
