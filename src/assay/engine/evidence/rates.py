"""Whether a policy can bound spending: the one place its entries and its rates are
judged, when ``prepare --policy`` reads the file and again when a paid run starts.

Every policy: each number finite and not negative, each rate's ``kind`` credit or
speed and ``dated`` an ISO date (``2026-01-01``: a rate dated ``2026/01/01`` would
compare as text with the attempts' days and never apply). A policy with a ``cap``
also needs ``attempt_worst_case`` and, for each counter the result schema declares,
a credit rate that holds on the day (dated on or before it); a credit rate of a
counter the schema does not declare is a misspelling, since no attempt reports it.
Without counters to price, nothing bounds what an attempt costs but its worst case.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from datetime import date

from assay.spec.evidence import Policy, Rate


def _is_date(text: str) -> bool:
    try:
        return len(text) == 10 and date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


def _describe(index: int, rate: Rate) -> str:
    return f"[[rates]] #{index} (counter {rate.counter!r}, dated {rate.dated!r})"


def entry_problems(policy: Policy) -> list[str]:
    """What is malformed in ``policy``'s entries, one sentence each naming the entry."""
    problems = []
    for name in ("cap", "attempt_worst_case"):
        value = getattr(policy, name)
        if value is not None and not (math.isfinite(value) and value >= 0):
            problems.append(f"`{name}` must be a number, 0 or more (got {value!r})")
    for index, rate in enumerate(policy.rates, 1):
        problems.extend(f"{_describe(index, rate)}: {why}" for why in _rate_problems(rate))
    return problems


def _rate_problems(rate: Rate) -> Iterator[str]:
    if rate.kind not in ("credit", "speed"):
        yield f"`kind` must be credit or speed (got {rate.kind!r})"
    if not _is_date(rate.dated):
        yield f"`dated` must be an ISO date, YYYY-MM-DD (got {rate.dated!r})"
    if not (math.isfinite(rate.per_unit) and rate.per_unit >= 0):
        yield f"`per_unit` must be a number, 0 or more (got {rate.per_unit!r})"


def spending_problems(policy: Policy, counters: Sequence[str], schema: str, day: str) -> list[str]:
    """What a capped ``policy`` lacks to bound a paid run's spending on ``day``, the
    result schema ``schema`` declaring ``counters`` (its malformed entries aside:
    ``entry_problems``); [] for a policy without a cap (a paid run refuses it for
    want of a cap, EVL007)."""
    if policy.cap is None:
        return []
    problems = []
    if policy.attempt_worst_case is None:
        problems.append(
            "a policy with a `cap` needs `attempt_worst_case`, the most credit one attempt "
            "may cost (held before it starts)"
        )
    credit = [(i, r) for i, r in enumerate(policy.rates, 1) if r.kind == "credit"]
    declared = ", ".join(f"`{c}`" for c in counters) or "none"
    for index, rate in credit:
        if rate.counter not in counters:
            problems.append(
                f"{_describe(index, rate)}: the result schema `{schema}` declares no such "
                f"counter (it declares {declared})"
            )
    for counter in counters:
        dated = sorted(r.dated for _, r in credit if r.counter == counter and _is_date(r.dated))
        if not dated:
            problems.append(f"no credit rate for the counter `{counter}` (`[[rates]]`)")
        elif dated[0] > day:
            problems.append(
                f"no credit rate for the counter `{counter}` holds on {day} "
                f"(the earliest is dated {dated[0]})"
            )
    if not counters and not credit:
        problems.append(
            f"no credit rates, and the result schema `{schema}` declares no counter: "
            "every attempt would cost its worst case"
        )
    return problems
