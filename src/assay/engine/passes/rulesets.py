"""Which checks run, and at what severity: `select`, `ignore` and `[severity]`.

A selector is a code (`LNK001`), a family (`LNK`), a check's kebab name
(`broken-link`) or `ALL`.  With no `select`, every check runs.  The command line's
`--select`/`--ignore` replace the configuration's lists, as ruff's do.  Selectors pick
among the checks' rules and the runner's own (SUP001, SUP002, INT001), which have no
check: the runner reports them when their code is active.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence

from attrs import frozen

from assay.engine.checks.base import Check
from assay.engine.checks.registry import RULES
from assay.errors import UsageError
from assay.spec.diagnostics import CODE_PATTERN, Severity
from assay.spec.model import Model
from assay.spec.rules.rule import Rule


def matches(selector: str, code: str, name: str) -> bool:
    """True when ``selector`` picks the check ``code``/``name``."""
    return selector in ("ALL", code, name) or (len(selector) == 3 and code.startswith(selector))


def selectable(checks: Iterable[Check]) -> tuple[Rule, ...]:
    """The rules a run of ``checks`` can select: theirs, and the runner's own."""
    return (*(c.rule for c in checks), *(r for r in RULES if r.stage == "runner"))


def is_known(selector: str, checks: Iterable[Rule]) -> bool:
    """True when ``selector`` picks at least one rule."""
    return any(matches(selector, c.code, c.name) for c in checks)


def suggestion(selector: str, checks: Sequence[Rule]) -> str:
    """What to tell of a selector that names no check: ``; did you mean `broken-link`?``,
    the codes its family has (``DOC999``), or ``""`` when nothing is near."""
    if CODE_PATTERN.match(selector):
        family = sorted(c.code for c in checks if c.family == selector[:3])
        if family:
            return f"; {selector[:3]} has {family[0]} to {family[-1]}"
        return ""
    names = [*(c.name for c in checks), *(c.code for c in checks)]
    names += sorted({c.family for c in checks})
    close = difflib.get_close_matches(selector, names, n=1, cutoff=0.6)
    return f"; did you mean `{close[0]}`?" if close else ""


@frozen
class Ruleset(Model):
    """The active checks, and the severity each active rule reports at (the runner's
    own rules are active when their code is in ``severity``)."""

    checks: tuple[Check, ...]
    severity: Mapping[str, Severity]
    #: The codes whose severity the configuration set (a team's word, which a record
    #: no spec declares keeps: ``engine.runner.undeclared``).
    configured: frozenset[str] = frozenset()

    @classmethod
    def build(
        cls,
        checks: Sequence[Check],
        *,
        select: Sequence[str] = (),
        ignore: Sequence[str] = (),
        severity: Mapping[str, str] | None = None,
    ) -> Ruleset:
        """The ruleset for these settings; an unknown selector is a usage error."""
        known = selectable(checks)
        for selector in (*select, *ignore, *(severity or {})):
            if not is_known(selector, known):
                hint = suggestion(selector, known)
                raise UsageError(f"`{selector}` names no check{hint}; see `assay rules`")
        levels: dict[str, Severity] = {}
        configured: set[str] = set()
        for check in known:
            if select and not any(matches(s, check.code, check.name) for s in select):
                continue
            if any(matches(s, check.code, check.name) for s in ignore):
                continue
            level: str = check.severity
            # The most specific selector wins: code or name over family over ALL.
            for selector, value in sorted((severity or {}).items(), key=_specificity):
                if matches(selector, check.code, check.name):
                    level = value
                    configured.add(check.code)
            if level == "off":
                continue
            levels[check.code] = level  # type: ignore[assignment]
        return cls(tuple(c for c in checks if c.code in levels), levels, frozenset(configured))

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The active rules: the active checks', and the runner's that are on."""
        return (
            *(c.rule for c in self.checks),
            *(r for r in RULES if r.code in self.severity and r.stage == "runner"),
        )


def _specificity(item: tuple[str, str]) -> int:
    selector = item[0]
    return 0 if selector == "ALL" else 1 if len(selector) == 3 else 2
