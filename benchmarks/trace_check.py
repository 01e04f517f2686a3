"""Checking a recorded session: events/s and peak memory of ``check_trace``.

    .venv/bin/python benchmarks/trace_check.py [--events 100000 1000000] [--rounds 3]

For each size, ``--rounds`` times, a fresh process (``--worker N``) generates a valid
session of about N events from the built-in ``consultation`` protocol's own state
machine (``assay.engine.traces.generate``, seeded, lazily: the events are never held
in a list) and checks it with ``check_trace``. The time spent inside the generator is
measured apart in the same process (around each ``next``), so the checker's own rate is
N / (total - generation). Times are the process's CPU time (``time.process_time``): the
machine is shared, and wall-clock times there move with other people's work. A second
fresh process only generates the events, for its peak memory.
Each process reports its peak resident memory (``ru_maxrss``) after the run: it must
not grow with the session's length (streaming), so the 1,000,000-event figure should
equal the 100,000-event one within noise.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: The generator makes about 13 events per request; enough requests for N events.
_REQUESTS_PER_EVENT = 1 / 8


def worker(events: int, check: bool) -> None:
    """One measured run in this process; prints seconds, events and peak RSS as JSON."""
    sys.path.insert(0, str(REPO / "src"))
    from assay.engine.traces.check import check_trace
    from assay.engine.traces.generate import generate_trace
    from assay.engine.traces.protocols import protocol_named

    protocol = protocol_named("consultation")
    requests = int(events * _REQUESTS_PER_EVENT)
    stream = itertools.islice(
        generate_trace(protocol, random.Random(20261201), requests=requests), events
    )
    counted = 0
    generating = 0.0

    def counting():  # type: ignore[no-untyped-def]
        nonlocal counted, generating
        clock = time.process_time
        while True:
            before = clock()
            event = next(stream, None)
            generating += clock() - before
            if event is None:
                return
            counted += 1
            yield event

    start = time.process_time()
    if check:
        found = check_trace(counting(), protocol, path="generated.jsonl")
    else:
        found = []
        for _ in counting():
            pass
    seconds = time.process_time() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # islice may cut the last request short: at most its open state is reported.
    codes = sorted({d.code for d in found})
    report = {"seconds": seconds, "generating": generating, "events": counted}
    print(json.dumps({**report, "peak_kib": peak_kib, "codes": codes}))


def _run(events: int, check: bool) -> dict[str, object]:
    command = [sys.executable, __file__, "--worker", str(events)]
    if not check:
        command.append("--generate-only")
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", type=int)
    parser.add_argument("--generate-only", action="store_true")
    args = parser.parse_args()
    if args.worker is not None:
        worker(args.worker, not args.generate_only)
        return
    for events in args.events:
        rates, peaks, totals = [], [], []
        for _ in range(args.rounds):
            checked = _run(events, check=True)
            generated = _run(events, check=False)
            own = float(checked["seconds"]) - float(checked["generating"])  # type: ignore[arg-type]
            rates.append(int(checked["events"]) / own)  # type: ignore[call-overload]
            totals.append(int(checked["events"]) / float(checked["seconds"]))  # type: ignore[arg-type,call-overload]
            peaks.append(int(checked["peak_kib"]))  # type: ignore[call-overload]
            print(
                f"{events:>9} events: {checked['seconds']:.2f} s, of which generating "
                f"{checked['generating']:.2f} s; peak {checked['peak_kib']} KiB "
                f"(generate only {generated['peak_kib']} KiB), codes {checked['codes']}",
                flush=True,
            )
        print(
            f"{events:>9} events: checker {statistics.median(rates):,.0f} events/s "
            f"(with generation {statistics.median(totals):,.0f} events/s), "
            f"peak RSS {statistics.median(peaks) / 1024:.1f} MiB (median of {args.rounds})",
            flush=True,
        )


if __name__ == "__main__":
    main()
