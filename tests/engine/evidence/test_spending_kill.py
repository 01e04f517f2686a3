"""assay killed (SIGKILL) while paid attempts run: their rows, committed before the
agents started, hold each attempt's worst case, so the next run and a continuation
after it keep to the cap, and nothing that completed runs again."""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.engine.evidence.spend_bench import VALID_RATES, Act, Bench, keys, policy_text, rows
from tests.engine.evidence.test_spending_property import _holds, _run

#: A hang guard only: the test waits on the ledger, not on time.
PATIENCE = 60.0


def _wait_for_agents(bench: Bench, count: int) -> None:
    """Until ``count`` agents have begun (their ledger lines), or the hang guard."""
    give_up = time.monotonic() + PATIENCE
    while len(bench.spent()) < count:
        assert time.monotonic() < give_up, "the agents never started"
        time.sleep(0.02)


def test_a_sigkill_of_assay_keeps_the_worst_case_held(tmp_path: Path) -> None:
    """Two attempts running when assay is killed stay `launched`, each holding the worst
    case 1.0; with the cap 2.0 a plain run then starts nothing, and `--continue` runs
    the rest within another cap; true and stored spending hold the bound."""
    exact = Act(input_tokens=400, output_tokens=100, report="exact")  # 0.8
    sleepy = Act(input_tokens=400, output_tokens=100, report="exact", sleep=True)
    plan = {key: [exact] for key in keys(3)}
    plan["t0/overview"] = plan["t1/overview"] = [sleepy, exact]
    bench = Bench(tmp_path, 3, plan, timeout=30)
    (bench.root / "policy.toml").write_text(policy_text(2.0, 1.0, VALID_RATES))
    code, err = bench.assay("eval prepare --db e.sqlite --policy policy.toml")
    assert code == 0, err
    run = "eval run --db e.sqlite --runner agent --authorize-spending --jobs 2"
    process = subprocess.Popen(
        [sys.executable, "-m", "assay", *shlex.split(run)],
        cwd=bench.root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_agents(bench, 2)
    finally:
        process.kill()
        process.wait()
        for pid in bench.pids():  # the agents run in sessions of their own: end them too
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
    ledger = [bench.spent()]
    _run(bench, 1, False)  # the cap is held: nothing starts
    assert len(bench.spent()) == 2
    held = rows(bench.db)[:2]  # as the kill left them
    assert [(r.status, r.reserved, r.charged) for r in held] == [("launched", 1.0, None)] * 2
    assert {r.status for r in rows(bench.db)[2:]} == {"refused"}
    _run(bench, 2, True)
    ledger.append(bench.spent()[2:])
    assert ledger[1], "the continuation ran nothing"
    _holds(bench, 2.0, 1.0, ledger)
