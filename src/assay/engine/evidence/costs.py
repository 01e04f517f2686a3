"""What attempts cost, from the counters they reported and the policy's dated credit
rates (whether a paid run may launch another attempt is ``spending``'s to say).

A rate holds from its date on: an attempt is priced with the latest rate of each
counter dated on or before the day it started. A counter the agent did not report
completely costs nothing known, so a paid run whose agent reports no counters is
stopped only by the authorization, never by the cap — the docs say so.
"""

from __future__ import annotations

from collections.abc import Iterable

from assay.spec.evidence import Attempt, Counter, Policy, Rate


def rate_for(rates: Iterable[Rate], counter: str, day: str) -> Rate | None:
    """The credit rate of ``counter`` that holds on ``day`` (ISO date), if any."""
    holding = [r for r in rates if r.kind == "credit" and r.counter == counter and r.dated <= day]
    return max(holding, key=lambda r: r.dated, default=None)


def cost(counters: Iterable[Counter], policy: Policy, day: str) -> float:
    """The credit of one attempt's counters on ``day``."""
    total = 0.0
    for counter in counters:
        rate = rate_for(policy.rates, counter.name, day)
        if rate is not None and counter.complete and counter.value is not None:
            total += counter.value * rate.per_unit
    return total


def spent(attempts: Iterable[Attempt], policy: Policy) -> float:
    """The credit the store's attempts cost under ``policy``."""
    return sum(cost(a.counters, policy, (a.started_at or "")[:10]) for a in attempts)


#: Statuses of attempts that never ran, so cost nothing and say nothing of a cost.
NOT_RUN = frozenset({"refused", "basis-error", "launched"})


def estimate(attempts: Iterable[Attempt], policy: Policy) -> float | None:
    """The most one finished attempt cost under ``policy``; None when none finished."""
    costs = [
        cost(a.counters, policy, (a.started_at or "")[:10])
        for a in attempts
        if a.status not in NOT_RUN
    ]
    return max(costs, default=None)
