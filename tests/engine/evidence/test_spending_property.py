"""The spending cap holds, whatever the agents do: generated agent behaviours (exit
status, counters reported exactly, partly, mistyped, overflowing, not at all or not
as JSON,
sleeping past the timeout, having assay cancelled), generated policies and sequences
of ``assay eval run`` (``--jobs``, ``--continue``) on a real workspace with real agent
processes. Per authorization window (the attempts between two continuations), what
the agents truly spent (their ledger) stays within the cap plus one attempt's worst
case, and what the store's own rows count is at least that and within the same bound;
no task/condition that completed is launched again; a policy that cannot bound
spending (no rates, a rate missing or misspelt, a date not ``YYYY-MM-DD`` or in the
future, no worst case) is refused with exit 2 naming its file and entry, and no
agent starts."""

from __future__ import annotations

import json
import math
import signal
import sqlite3
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from pathlib import Path

from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from tests.engine.evidence.spend_bench import (
    MOST,
    MOST_TOKENS,
    VALID_RATES,
    Act,
    Bench,
    keys,
    paid_twice,
    policy_text,
    rows,
    windows,
)

TASKS = 2
EPSILON = 1e-9

acts = st.builds(
    Act,
    input_tokens=st.integers(0, MOST_TOKENS["input_tokens"]),
    output_tokens=st.integers(0, MOST_TOKENS["output_tokens"]),
    report=st.sampled_from(
        ["exact", "exact", "none", "partial", "mistyped", "overflow", "not-json"]
    ),
    exit=st.sampled_from([0, 0, 3]),
    sleep=st.integers(0, 5).map(lambda n: n == 0),  # each costs the 1 s timeout
    cancel=st.integers(0, 7).map(lambda n: n == 0),
)
plans = st.fixed_dictionaries({key: st.lists(acts, min_size=1, max_size=3) for key in keys(TASKS)})
steps = st.lists(st.tuples(st.sampled_from([1, 2]), st.booleans()), min_size=1, max_size=3)

COUNTERS = ("input_tokens", "output_tokens")
#: Dates as a policy may write them; only the first two are ISO dates.
DATES = ("2026-01-01", "2999-01-01", "2026/01/01", "2026-13-01", "01-01-2026", "2026-1-1")
NUMBERS = (0.0, 0.001, 1.0, -0.5, math.nan, math.inf)

rate_entries = st.tuples(
    st.sampled_from([*COUNTERS, "input_tokn"]), st.sampled_from(NUMBERS), st.sampled_from(DATES)
)


def _fine(number: float | None) -> bool:
    return number is not None and math.isfinite(number) and number >= 0


def _faults(cap: float, worst: float | None, rates: Sequence[tuple[str, float, str]]) -> list[str]:
    """What a refusal must name, worked out apart from assay: the malformed entries
    (each rate by its place in the file), else what the policy lacks to bound spending
    today (the worst case, a counter without a rate that holds, a misspelt counter)."""
    malformed = [
        *([] if _fine(cap) else ["`cap`"]),
        *([] if worst is None or _fine(worst) else ["attempt_worst_case"]),
        *(
            f"[[rates]] #{i}"
            for i, (_, per_unit, dated) in enumerate(rates, 1)
            if not _fine(per_unit) or dated not in DATES[:2]
        ),
    ]
    if malformed:
        return malformed
    lacking = [] if worst is not None else ["attempt_worst_case"]
    lacking += [f"[[rates]] #{i}" for i, r in enumerate(rates, 1) if r[0] not in COUNTERS]
    holding = {counter for counter, _, dated in rates if dated == DATES[0]}
    return lacking + [f"`{c}`" for c in COUNTERS if c not in holding]


@contextmanager
def _sigterm_caught() -> Iterator[None]:
    """A cancelling agent signals its parent, this process: outside a run (whose own
    handler cancels it), the signal must not end the test session."""
    previous = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _run(bench: Bench, jobs: int, resume: bool) -> None:
    more = " --continue" if resume else ""
    code, err = bench.assay(
        f"eval run --db e.sqlite --runner agent --authorize-spending --jobs {jobs}{more}"
    )
    assert code in (0, 1, 128 + signal.SIGTERM), err
    assert "Traceback" not in err


def _holds(bench: Bench, cap: float, worst: float, ledger: Sequence[Sequence[float]]) -> None:
    """The invariant, from the ledger and then from the store's own rows."""
    bound = cap + worst + EPSILON
    for window in ledger:
        assert sum(window) <= bound, (cap, worst, window)
    found = rows(bench.db)
    assert paid_twice(found) == []
    stored = windows(bench.db)
    assert len(stored) == len(ledger)
    for kept, spent in zip(stored, ledger, strict=True):
        counted = sum(r.counted for r in kept)
        assert sum(spent) - EPSILON <= counted <= bound, (counted, spent, kept)
        # Every attempt settled, but those assay was killed in: they hold the worst case.
        assert all(
            r.charged is not None or (r.status == "launched" and r.reserved == worst)
            for r in kept
            if r.launched
        )
    assert sum(r.launched for r in found) >= len(bench.spent())


@settings(
    max_examples=min(settings().max_examples, 25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    plan=plans,
    cap=st.sampled_from([0.0, 0.5, 1.0, 2.5, 5.0]),
    worst=st.sampled_from([MOST, 1.5]),
    runs=steps,
)
@example(  # a cancellation while two run, then a continuation
    plan={
        **{key: [Act(input_tokens=400, output_tokens=100, report="exact")] for key in keys(TASKS)},
        "t1/overview": [Act(input_tokens=300, output_tokens=50, report="none", cancel=True)],
    },
    cap=1.0,
    worst=MOST,
    runs=[(2, False), (2, True)],
)
@example(  # a timeout and a failure that reported its counters, then a plain rerun
    plan={
        **{key: [Act(input_tokens=100, output_tokens=10, report="partial")] for key in keys(TASKS)},
        "t0/task": [Act(input_tokens=200, output_tokens=20, report="exact", exit=3)],
        "t1/overview": [Act(input_tokens=400, output_tokens=100, report="exact", sleep=True)],
    },
    cap=2.5,
    worst=1.5,
    runs=[(1, False), (2, False)],
)
def test_paid_runs_keep_to_the_cap(
    plan: dict[str, list[Act]], cap: float, worst: float, runs: list[tuple[int, bool]]
) -> None:
    """Whatever the agents do and however the runs are sequenced, each window's true
    and stored spending is within the cap plus one worst case, and nothing completed
    runs twice."""
    with tempfile.TemporaryDirectory() as where, _sigterm_caught():
        bench = Bench(Path(where), TASKS, plan)
        (bench.root / "policy.toml").write_text(policy_text(cap, worst, VALID_RATES))
        code, err = bench.assay("eval prepare --db e.sqlite --policy policy.toml")
        assert code == 0, err
        ledger: list[list[float]] = [[]]
        for jobs, resume in runs:
            before = len(bench.spent())
            _run(bench, jobs, resume)
            if resume:
                ledger.append([])
            ledger[-1].extend(bench.spent()[before:])
        _holds(bench, cap, worst, ledger)
        for status in sorted({r.status for r in rows(bench.db)}):
            event(f"an attempt {status}")  # --hypothesis-show-statistics: what was reached


def _record_as_an_older_assay(
    db: Path, cap: float, worst: float | None, rates: Sequence[tuple[str, float, str]]
) -> None:
    """The policy written into the store as an assay that did not judge it would have."""
    policy: dict[str, object] = {
        "name": "old",
        "version": 1,
        "recorded_at": "2026-11-30T09:00:00.000Z",
        "cap": cap,
        "rates": [{"kind": "credit", "counter": c, "per_unit": p, "dated": d} for c, p, d in rates],
    }
    if worst is not None:
        policy["attempt_worst_case"] = worst
    with closing(sqlite3.connect(db)) as connection, connection:
        connection.execute(
            "INSERT INTO policies (recorded_at, policy) VALUES (?, ?)",
            (policy["recorded_at"], json.dumps(policy)),
        )


@settings(max_examples=min(settings().max_examples, 30), deadline=None)
@given(
    cap=st.sampled_from([1.0, 1.0, -1.0, math.nan]),
    worst=st.one_of(st.none(), st.sampled_from(NUMBERS)),
    rates=st.lists(rate_entries, max_size=4),
    older=st.booleans(),
)
@example(cap=1.0, worst=1.0, rates=list(VALID_RATES), older=False)  # bounds it
@example(cap=1.0, worst=1.0, rates=[], older=True)  # the audit's: a cap, no rates
@example(cap=1.0, worst=1.0, rates=[(*VALID_RATES[0][:2], "2026/01/01")], older=True)
def test_a_paid_run_starts_only_with_complete_valid_dated_rates(
    cap: float, worst: float | None, rates: list[tuple[str, float, str]], older: bool
) -> None:
    """A policy that cannot bound spending (a malformed number or date, a counter
    without a rate holding today, a misspelt counter, no worst case) is refused with
    exit 2 naming its file (or the store an older assay recorded it in) and each entry
    at fault, before any agent starts or any attempt is recorded; any other policy
    lets the paid run start."""
    faults = _faults(cap, worst, rates)
    act = Act(input_tokens=10, output_tokens=10, report="exact")
    with tempfile.TemporaryDirectory() as where:
        bench = Bench(Path(where), 1, {key: [act] for key in keys(1)})
        (bench.root / "policy.toml").write_text(policy_text(cap, worst, rates))
        code, err = bench.assay("eval prepare --db e.sqlite --policy policy.toml")
        if not faults:
            assert code == 0, err
        else:
            assert code == 2 and "policy.toml" in err, err
            assert all(fault in err for fault in faults), (faults, err)
            assert not bench.db.exists()
            if not older:
                return
            code, err = bench.assay("eval prepare --db e.sqlite")  # prepared, no policy
            assert code == 0, err
            _record_as_an_older_assay(bench.db, cap, worst, rates)
        code, err = bench.assay("eval run --db e.sqlite --runner agent --authorize-spending")
        assert "Traceback" not in err
        if not faults:
            assert code in (0, 1) and bench.spent(), err  # the cap 1 lets the first start
            return
        assert code == 2 and "e.sqlite" in err, err
        assert all(fault in err for fault in faults), (faults, err)
        assert bench.spent() == [] and rows(bench.db) == []
