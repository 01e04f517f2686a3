"""The measures of each compared attempt: correctness, duration, counters, and the
counters converted to credit and seconds with dated rates.

A counter is used only when every compared attempt reports it complete (the runner and
result schema versions are already equal, so the counts are compatible); otherwise it
is left out of every task, with a note naming the attempts that lack it. A conversion
uses, per attempt, the latest rate for that counter dated on or before the attempt's
start (UTC date); when one compared attempt has none, the conversion is left out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from attrs import frozen

from assay.engine.evidence.summary.instants import day
from assay.engine.evidence.summary.numbers import count
from assay.engine.evidence.summary.reasons import reason
from assay.spec.evaluation_summary import RateUse, Reason
from assay.spec.evidence import Attempt, Rate
from assay.spec.model import Model
from assay.spec.rules.summary_notes import EVL027, EVL028

_SCORE = {"correct": 1.0, "wrong": 0.0}
_LARGEST = 1e150
_KINDS: tuple[Literal["credit", "speed"], ...] = ("credit", "speed")
_PREFIX = {"credit": "credit", "speed": "seconds"}


@frozen(kw_only=True)
class Measured(Model):
    """Each compared attempt's measures (by attempt id), what was used, and notes."""

    values: dict[int, dict[str, float]]
    rates: tuple[RateUse, ...]
    notes: tuple[Reason, ...]
    unused_counters: frozenset[str]


def measure(compared: Sequence[Attempt], rates: Sequence[Rate]) -> Measured:
    """The measures of ``compared`` (the latest attempt of each task and side)."""
    values: dict[int, dict[str, float]] = {a.id: _basic(a) for a in compared}
    notes: list[Reason] = []
    names = sorted({c.name for a in compared for c in a.counters})
    used: list[str] = []
    for name in names:
        lacking = [a.id for a in compared if _count(a, name) is None]
        if lacking:
            notes.append(
                reason(
                    EVL027,
                    f"counter {name!r} is not used: incomplete or absent on "
                    f"{len(lacking)} of {count(len(compared), 'compared attempt')}",
                    attempts=lacking,
                )
            )
            continue
        used.append(name)
        for attempt in compared:
            values[attempt.id][f"counter:{name}"] = float(_count(attempt, name) or 0)
    uses: list[RateUse] = []
    for name in used:
        for kind in _KINDS:
            known = [r for r in rates if r.kind == kind and r.counter == name]
            if known:
                _convert(compared, values, name, kind, known, uses, notes)
    return Measured(
        values=values,
        rates=tuple(uses),
        notes=tuple(notes),
        unused_counters=frozenset(names) - frozenset(used),
    )


def _basic(attempt: Attempt) -> dict[str, float]:
    found: dict[str, float] = {}
    if attempt.correctness in _SCORE:
        found["correct"] = _SCORE[attempt.correctness]
    if attempt.duration_ms is not None:
        found["duration_ms"] = float(attempt.duration_ms)
    return found


def _count(attempt: Attempt, name: str) -> int | None:
    """The counter's value when the attempt reports it complete, once; else None."""
    matching = [c for c in attempt.counters if c.name == name]
    if len(matching) != 1 or not matching[0].complete or matching[0].value is None:
        return None
    value = matching[0].value
    # A negative count, or one past what SQLite stores, is not a count: incomplete.
    return value if 0 <= value < 2**63 else None


def _convert(
    compared: Sequence[Attempt],
    values: dict[int, dict[str, float]],
    name: str,
    kind: Literal["credit", "speed"],
    known: list[Rate],
    uses: list[RateUse],
    notes: list[Reason],
) -> None:
    dated = sorted(
        (
            (d, i, r)
            for i, r in enumerate(known)
            if (d := day(r.dated)) and math.isfinite(r.per_unit) and r.per_unit > 0
        ),
        key=lambda item: (item[0], item[1]),
    )
    chosen: dict[int, Rate] = {}
    for attempt in compared:
        started = day(attempt.started_at)
        usable = [r for d, _, r in dated if started is not None and d <= started]
        if usable:
            chosen[attempt.id] = usable[-1]  # the latest dated on or before the start
    lacking = [a.id for a in compared if a.id not in chosen]
    measure_name = f"{_PREFIX[kind]}:{name}"
    counts: dict[tuple[str, float], int] = {}
    for attempt in (a for a in compared if a.id in chosen):
        rate = chosen[attempt.id]
        units = values[attempt.id][f"counter:{name}"]
        converted = units * rate.per_unit if kind == "credit" else units / rate.per_unit
        # Past 1e150 a conversion is a mistyped rate, and its square (the interval's
        # variance) would overflow: treated as no usable rate, like a negative one.
        if not abs(converted) < _LARGEST:
            lacking.append(attempt.id)
            continue
        values[attempt.id][measure_name] = converted
        counts[(rate.dated, rate.per_unit)] = counts.get((rate.dated, rate.per_unit), 0) + 1
    if lacking:
        for attempt in compared:
            values[attempt.id].pop(measure_name, None)
        notes.append(
            reason(
                EVL028,
                f"{measure_name} is not computed: no usable {kind} rate for {name!r} "
                f"dated on or before the start of {count(len(lacking), 'compared attempt')}",
                attempts=lacking,
            )
        )
        return
    for (dated_on, per_unit), n in sorted(counts.items()):
        uses.append(RateUse(kind=kind, counter=name, dated=dated_on, per_unit=per_unit, attempts=n))
