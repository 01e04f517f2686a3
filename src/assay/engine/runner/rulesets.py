"""Which checks run, and at what severity: `select`, `ignore` and `[severity]`.

A selector is a code (`LNK001`), a family (`LNK`), a check's kebab name
(`broken-link`) or `ALL`.  With no `select`, every check runs.  The command line's
`--select`/`--ignore` replace the configuration's lists, as ruff's do.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence

from attrs import frozen

from assay.engine.checks.base import Check
from assay.errors import UsageError
from assay.spec.diagnostics import CODE_PATTERN, Severity
from assay.spec.model import Model


def matches(selector: str, code: str, name: str) -> bool:
    """True when ``selector`` picks the check ``code``/``name``."""
    return selector in ("ALL", code, name) or (len(selector) == 3 and code.startswith(selector))


def is_known(selector: str, checks: Iterable[Check]) -> bool:
    """True when ``selector`` picks at least one check."""
    return any(matches(selector, c.code, c.name) for c in checks)


def suggestion(selector: str, checks: Sequence[Check]) -> str:
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
    """The active checks and the severity each reports at."""

    checks: tuple[Check, ...]
    severity: Mapping[str, Severity]

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
        for selector in (*select, *ignore, *(severity or {})):
            if not is_known(selector, checks):
                hint = suggestion(selector, checks)
                raise UsageError(f"`{selector}` names no check{hint}; see `assay rules`")
        active: list[Check] = []
        levels: dict[str, Severity] = {}
        for check in checks:
            if select and not any(matches(s, check.code, check.name) for s in select):
                continue
            if any(matches(s, check.code, check.name) for s in ignore):
                continue
            level: str = check.severity
            # The most specific selector wins: code or name over family over ALL.
            for selector, value in sorted((severity or {}).items(), key=_specificity):
                if matches(selector, check.code, check.name):
                    level = value
            if level == "off":
                continue
            active.append(check)
            levels[check.code] = level  # type: ignore[assignment]
        return cls(tuple(active), levels)


def _specificity(item: tuple[str, str]) -> int:
    selector = item[0]
    return 0 if selector == "ALL" else 1 if len(selector) == 3 else 2
