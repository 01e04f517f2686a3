"""Every rule assay has, in one table: ``RULES``, and ``rule(code)`` and ``find(key)``
to look one up.

The rule reference (``assay rules``, the documentation site's pages), SARIF's rule
metadata and the checks all read this table, and it is listed, never found by
scanning. A check's ``Rule`` is written beside its logic, in the check's module (one
beside this one): it is in the table because its check is in ``CHECKS``.
The rules a stage reports (the document reader, the runner, the spec reader,
assembly, the session reader, the protocol checker, the evaluation stages and
summaries) are written in a module per family (``assay.spec.rules``), which lists
them (its ``RULES``): they are in the table because the module is listed here. So are
the rules of paths and pins, which the file opener and assembly report as well as
the checks. A rule reported by a stage and by a check (``reader_reported``) is one
rule, listed in both. The table is the engine's: the command line reaches it
through ``assay.api.rules``.
"""

from __future__ import annotations

from types import ModuleType

from assay.engine.checks import CHECKS
from assay.spec.rules import (
    context,
    documents,
    evaluation,
    evaluation_assessments,
    evaluation_spending,
    evaluation_stages,
    protocol_keep,
    protocol_participants,
    protocols,
    records,
    runner,
    runs,
    sessions,
    sources,
    specs,
    summary_notes,
    summary_subsets,
    summary_verdicts,
)
from assay.spec.rules.rule import Rule

#: The family tables of the rules the stages report.
FAMILIES: tuple[ModuleType, ...] = (
    documents,
    records,
    runs,
    sources,
    runner,
    specs,
    context,
    sessions,
    protocols,
    protocol_keep,
    protocol_participants,
    evaluation,
    evaluation_stages,
    evaluation_assessments,
    evaluation_spending,
    summary_subsets,
    summary_notes,
    summary_verdicts,
)
_TABLED = tuple(listed for module in FAMILIES for listed in module.RULES)
#: The rules the family tables do not hold: each is written in its check's module.
CHECKED: tuple[Rule, ...] = tuple(
    check.rule for check in CHECKS if not any(check.rule is listed for listed in _TABLED)
)

#: Every rule, by code.
RULES: tuple[Rule, ...] = tuple(sorted((*_TABLED, *CHECKED), key=lambda found: found.code))
_BY_KEY = {key: found for found in RULES for key in (found.code, found.name)}
if len(_BY_KEY) != 2 * len(RULES):
    raise ValueError("two rules share a code or a name")


def rule(code: str) -> Rule:
    """The rule of ``code`` (or of its kebab name); ``KeyError`` when there is none."""
    return _BY_KEY[code]


def find(key: str) -> Rule | None:
    """The rule ``key`` names, by code (in any case) or kebab name, if any."""
    return _BY_KEY.get(key) or _BY_KEY.get(key.upper())
