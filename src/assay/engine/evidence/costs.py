"""What attempts cost, from the counters they reported and the policy's dated credit
rates (whether a paid run may launch another attempt is ``spending``'s to say).

A rate holds from its date on: an attempt is priced with the latest rate of each
counter dated on or before the day it started. A paid attempt is *settled* at its
price only when it reported every counter the result schema declares, completely,
whatever its exit status (an agent that failed after using the model was still
billed); any counter missing or malformed, or output that cannot be read, and what
it cost is unknown: it is charged its worst case, held since before it started.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from assay.engine.evidence.records import Charge
from assay.spec.evidence import Counter, Policy, Rate


def rate_for(rates: Iterable[Rate], counter: str, day: str) -> Rate | None:
    """The credit rate of ``counter`` that holds on ``day`` (ISO date), if any."""
    holding = [r for r in rates if r.kind == "credit" and r.counter == counter and r.dated <= day]
    return max(holding, key=lambda r: r.dated, default=None)


def cost(counters: Iterable[Counter], policy: Policy, day: str) -> float:
    """The credit of one attempt's complete, priced counters on ``day``."""
    total = 0.0
    for counter in counters:
        rate = rate_for(policy.rates, counter.name, day)
        if rate is not None and counter.complete and counter.value is not None:
            total += counter.value * rate.per_unit
    return total


def price(
    counters: Sequence[Counter], declared: Sequence[str], policy: Policy, day: str
) -> float | None:
    """The credit of an attempt that reported every ``declared`` counter completely,
    each with a rate on ``day``; None when what it cost is not known."""
    reported = {c.name: c for c in counters if c.complete and c.value is not None}
    if any(name not in reported or rate_for(policy.rates, name, day) is None for name in declared):
        return None
    return cost((reported[name] for name in declared), policy, day)


def charge(row: Charge, policy: Policy) -> float:
    """What one attempt row counts against the cap: its settled charge, else the worst
    case it holds (launched and never settled: assay was killed), else (a row from
    before reservations were kept) its priced counters."""
    if row.charged is not None:
        return row.charged
    if row.reserved is not None:
        return row.reserved
    return cost(row.counters, policy, (row.started_at or "")[:10])


def spent(rows: Iterable[Charge], policy: Policy) -> float:
    """The credit the store's attempts count against the cap under ``policy``."""
    return sum(charge(row, policy) for row in rows)
