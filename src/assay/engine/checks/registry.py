"""Every rule assay has, in one table: ``RULES``, and ``rule(code)`` to look one up.

The rule reference (``assay rules``, the documentation site's pages), SARIF's rule
metadata and the checks all read this table; a module per family
(``assay.spec.rules``) holds the ``Rule`` literals and lists them (its ``RULES``),
and a rule is in the table because its module is listed here. The table is the
engine's, so that the command line reaches it through ``assay.api.rules``.
"""

from __future__ import annotations

from types import ModuleType

from assay.spec.rules import (
    context,
    documents,
    evaluation,
    evaluation_assessments,
    evaluation_spending,
    evaluation_stages,
    fields,
    forms,
    identities,
    links,
    protocol_keep,
    protocol_participants,
    protocols,
    records,
    run_layout,
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

_MODULES: tuple[ModuleType, ...] = (
    documents,
    records,
    runs,
    identities,
    run_layout,
    fields,
    forms,
    links,
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

#: Every rule, by code.
RULES: tuple[Rule, ...] = tuple(
    sorted(
        (listed for module in _MODULES for listed in module.RULES),
        key=lambda found: found.code,
    )
)
_BY_KEY = {key: found for found in RULES for key in (found.code, found.name)}
if len(_BY_KEY) != 2 * len(RULES):
    raise ValueError("two rules share a code or a name")


def rule(code: str) -> Rule:
    """The rule of ``code`` (or of its kebab name); ``KeyError`` when there is none."""
    return _BY_KEY[code]


def find(key: str) -> Rule | None:
    """The rule ``key`` names, by code (in any case) or kebab name, if any."""
    return _BY_KEY.get(key) or _BY_KEY.get(key.upper())
