"""``summarize`` over 1,000, 10,000 and 100,000 synthetic attempts: linear?

    .venv/bin/python benchmarks/eval_summary.py [--largest 100000] [--repeat 3]
        [--seed 20261201] [--json FILE]

Issue 16's "Speed" paragraph asks for the summary's time at scale and that it grow
linearly. For each N of 1,000, 10,000 and 100,000 (capped at ``--largest``) the
attempts are generated from the seed alone (``random.Random``, no clock): N/2 tasks,
each with an overview and a task attempt; 5 % of tasks retried once (the retry is the
compared one), 3 % of attempts failed or timed out, 2 % under another runner version
(incompatible), 10 % with an incomplete ``output_tokens`` counter; correctness drawn
with the task attempt right more often; the input shuffled. A policy with two dated
credit rates for ``input_tokens`` and a speed rate. Measured: CPU time
(``time.process_time``) of ``summarize`` (best of ``--repeat``), twice: as is, and with
the generated input moved out of the cyclic garbage collector's sight (``gc.freeze()``,
what a long-lived process holding its attempts would do); then once each
``render_text`` and ``summary_json`` (JSON includes its schema validation). Printed: the
time per attempt and the ratio per-attempt(N) / per-attempt(smallest N), about 1 when
linear.

Why twice: summarize's own work is linear, but each collection of CPython's oldest
generation walks every live object, the 100,000 input attempts included, so with the
collector on the time per attempt still rises with N; frozen, it does not.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from assay.engine.evidence.summary import render_text, summarize, summary_json
from assay.spec.evidence import (
    Attempt,
    Counter,
    Policy,
    Provision,
    Rate,
    Verification,
    Versions,
)

VERSIONS = Versions(benchmark="bench@1", answer_key="key@1", runner="r@1", result_schema="s@1")
OTHER = Versions(benchmark="bench@1", answer_key="key@1", runner="r@0", result_schema="s@1")
POLICY = Policy(
    name="eval",
    version=1,
    recorded_at="2026-10-01T00:00:00Z",
    minimum_difference=0.05,
    rates=(
        Rate(kind="credit", counter="input_tokens", per_unit=0.002, dated="2026-10-01"),
        Rate(kind="credit", counter="input_tokens", per_unit=0.0015, dated="2026-11-15"),
        Rate(kind="speed", counter="input_tokens", per_unit=800.0, dated="2026-10-01"),
    ),
)


def generate(n: int, seed: int) -> tuple[list[Attempt], list[str]]:
    """About ``n`` attempts over ``n // 2`` tasks, deterministic for the seed."""
    rng = random.Random(f"{seed}:{n}")
    tasks = [f"task-{i:06d}" for i in range(n // 2)]
    attempts: list[Attempt] = []
    for task in tasks:
        for condition, p_correct in (("overview", 0.55), ("task", 0.7)):
            for _ in range(2 if rng.random() < 0.05 else 1):
                attempts.append(_attempt(rng, len(attempts) + 1, task, condition, p_correct))
    rng.shuffle(attempts)
    return attempts[:n], tasks


def _attempt(rng: random.Random, id: int, task: str, condition: str, p: float) -> Attempt:
    status = "failed" if rng.random() < 0.02 else "timeout" if rng.random() < 0.01 else "completed"
    correct = "correct" if rng.random() < p else "wrong"
    day = 10 + rng.randrange(20)
    counters = (
        Counter(name="input_tokens", value=rng.randrange(500, 5000), complete=True),
        Counter(name="output_tokens", value=rng.randrange(50, 500), complete=rng.random() > 0.1),
    )
    return Attempt(
        id=id,
        task=task,
        condition=condition,  # type: ignore[arg-type]
        status=status,  # type: ignore[arg-type]
        versions=OTHER if rng.random() < 0.02 else VERSIONS,
        started_at=f"2026-11-{day:02d}T10:00:00Z",
        duration_ms=rng.randrange(200, 20_000),
        provision=Provision(complete=True),
        correctness=correct if status == "completed" else "unknown",  # type: ignore[arg-type]
        answer=str(rng.randrange(100)),
        verification=Verification(ran=True, passed=correct == "correct"),
        counters=counters,
    )


def best(repeat: int, work: Callable[[], Any]) -> float:
    """The least CPU seconds of ``repeat`` runs of ``work``."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--largest", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--json", dest="json_path")
    options = parser.parse_args(argv)
    sizes = [n for n in (1_000, 10_000, 100_000) if n <= options.largest] or [options.largest]
    rows = []
    for n in sizes:
        attempts, tasks = generate(n, options.seed)
        summary = summarize(attempts, tasks=tasks, policy=POLICY)
        run = lambda a=attempts, t=tasks: summarize(a, tasks=t, policy=POLICY)  # noqa: E731
        seconds = best(options.repeat, run)
        gc.collect()
        gc.freeze()
        frozen = best(options.repeat, run)
        gc.unfreeze()
        text = best(1, lambda s=summary: render_text(s))
        as_json = best(1, lambda s=summary: summary_json(s))
        rows.append({"attempts": len(attempts), "summarize_s": seconds, "frozen_s": frozen,
                     "text_s": text, "json_s": as_json})  # fmt: skip
        del attempts, tasks, summary, run
        gc.collect()
    base = rows[0]["summarize_s"] / rows[0]["attempts"]
    frozen_base = rows[0]["frozen_s"] / rows[0]["attempts"]
    head = f"{'attempts':>9} {'summarize s':>12} {'us/attempt':>11} {'ratio':>6} "
    head += f"{'frozen s':>9} {'us/attempt':>11} {'ratio':>6} {'text s':>8} {'json s':>8}"
    print(head)
    for row in rows:
        per = row["summarize_s"] / row["attempts"]
        frozen_per = row["frozen_s"] / row["attempts"]
        row["ratio"], row["frozen_ratio"] = per / base, frozen_per / frozen_base
        print(
            f"{row['attempts']:>9} {row['summarize_s']:>12.3f} {per * 1e6:>11.1f} "
            f"{row['ratio']:>6.2f} {row['frozen_s']:>9.3f} {frozen_per * 1e6:>11.1f} "
            f"{row['frozen_ratio']:>6.2f} {row['text_s']:>8.3f} {row['json_s']:>8.3f}"
        )
    if options.json_path:
        with open(options.json_path, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
