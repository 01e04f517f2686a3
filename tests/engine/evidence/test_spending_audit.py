"""The audit's cases of paid runs, each as it was found: an agent that reports its
counters and fails is charged what they cost, and a pair that completed is not run
(nor paid for) again, by ``--continue`` or a plain run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.evidence.spend_bench import VALID_RATES, Act, Bench, keys, policy_text, rows

RUN = "eval run --db e.sqlite --runner agent --authorize-spending"


def _bench(tmp_path: Path, tasks: int, act: Act, cap: float) -> Bench:
    bench = Bench(tmp_path, tasks, {key: [act] for key in keys(tasks)})
    (bench.root / "policy.toml").write_text(policy_text(cap, 1.0, VALID_RATES))
    code, err = bench.assay("eval prepare --db e.sqlite --policy policy.toml")
    assert code == 0, err
    return bench


def test_an_agent_that_reports_its_counters_and_fails_is_charged_them(tmp_path: Path) -> None:
    """Each failing attempt costs its 0.8: under the cap 1.6 two start, two are refused."""
    failing = Act(input_tokens=400, output_tokens=100, report="exact", exit=3)
    bench = _bench(tmp_path, 2, failing, 1.6)
    code, err = bench.assay(RUN)
    assert bench.spent() == [0.8, 0.8]
    assert code == 1 and "EVL008" in err, err
    found = [(r.status, r.charged) for r in rows(bench.db)]
    assert found == [("failed", 0.8), ("failed", 0.8), ("refused", None), ("refused", None)]


@pytest.mark.parametrize(
    ("cap", "again"),
    [
        (10.0, [RUN]),  # a plain run of a store where both attempts of t0 completed
        (1.6, [RUN, f"{RUN} --continue"]),  # t0's latest rows refused, then continued
    ],
)
def test_a_completed_pair_is_not_paid_for_twice(
    tmp_path: Path, cap: float, again: list[str]
) -> None:
    """The first run completes t0's pair (0.8 each); whatever runs after, t0 is never
    launched again, and t1 runs once (the cap 1.6 refuses it until continued)."""
    bench = _bench(tmp_path, 2, Act(input_tokens=400, output_tokens=100, report="exact"), cap)
    bench.assay(RUN)
    for command in again:
        code, err = bench.assay(command)
        assert code in (0, 1), err
    assert sorted(bench.keys()) == sorted(keys(2))  # each launched once
    statuses = {r.key: r.status for r in rows(bench.db)}
    assert statuses == {key: "completed" for key in keys(2)}
