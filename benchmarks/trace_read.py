"""Reading a recorded session: entries/s and peak memory, at two lengths, both formats.

    .venv/bin/python benchmarks/trace_read.py [--entries 100000 1000000] [--rounds 1]

Generates, in a temporary folder, a Pi session and a neutral trace of each length in
``--entries`` (default 100,000 and 1,000,000 entries): a main agent's turns, a user
message then an assistant message with one tool call then its result, about 330 bytes
a Pi entry. Each file is then read by ``read_session`` in a fresh process
(``--worker``) that consumes every event and diagnostic and reports its own time
(imports not counted) and its peak resident memory (``resource.getrusage``'s
``ru_maxrss``); a second process that only imports assay gives the baseline memory.

Then ``assay trace check`` of the same file against the built-in protocol
(``check_session``, as the command runs it) in a fresh process, its CPU time against
``json.loads`` of every line (CPU time too), as a speed: 0.5x is half as fast.

For the Pi sessions, ``fetch_window`` of the last turn (window 5: the whole file read)
in a fresh process too, its time and peak.

Printed: entries/s and peak RSS per format and length, the time against ``json.loads``
of every line alone (``--floor``, a fresh process too: the ratio the machine's load
moves least), and the growth of the peak
from the shortest to the longest session. Streaming means the growth is the id index
(16 bytes an entry for Pi, ``assay/engine/traces/reading/ids.py``) and nothing for the
neutral format, whatever the entries hold.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def worker(path: Path) -> None:
    """Read one session to its end in this process; print what it took as JSON."""
    sys.path.insert(0, str(REPO / "src"))
    import resource

    from assay.engine.traces.reading import read_session
    from assay.spec.diagnostics import Diagnostic

    start = time.perf_counter()
    events = problems = 0
    for item in read_session(path.parent, path.name):
        if isinstance(item, Diagnostic):
            problems += 1
        else:
            events += 1
    seconds = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        json.dumps(
            {"seconds": seconds, "events": events, "problems": problems, "peak_kib": peak_kib}
        )
    )


def check(path: Path) -> None:
    """``assay trace check`` of one session against the built-in protocol, as the
    command runs it (``assay.api.check_session``: read, checked, sorted)."""
    sys.path.insert(0, str(REPO / "src"))
    import resource

    from assay.api.traces import check_session

    start, cpu = time.perf_counter(), time.process_time()
    found = check_session(path.parent, path.name)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "cpu": cpu, "found": len(found), "peak_kib": peak_kib}))


def fetch(path: Path, entries: int) -> None:
    """Fetch a window of 5 around the session's last turn (the whole file read)."""
    sys.path.insert(0, str(REPO / "src"))
    import resource

    from assay.engine.traces.fetch import fetch_window

    start = time.perf_counter()
    window = fetch_window(path.parent, path.name, f"{entries - 1:08x}", 5)
    seconds = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "entries": len(window.entries), "peak_kib": peak_kib}))  # type: ignore[union-attr]


def floor(path: Path) -> None:
    """The floor: every line through ``json.loads`` and nothing else, in this process."""
    start, cpu = time.perf_counter(), time.process_time()
    with path.open("rb") as lines:
        for line in lines:
            json.loads(line)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(json.dumps({"seconds": seconds, "cpu": cpu}))


def baseline() -> None:
    """Only the imports: the memory every reading starts from."""
    sys.path.insert(0, str(REPO / "src"))
    import resource

    import assay.engine.traces.reading  # noqa: F401  # the imports are what is measured

    print(json.dumps({"peak_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))


def write_pi(path: Path, entries: int) -> None:
    """A Pi session of ``entries`` entries after its header (turns of three)."""
    with path.open("w", encoding="utf-8") as out:
        out.write(
            json.dumps(
                {
                    "type": "session",
                    "version": 3,
                    "id": "bench",
                    "cwd": "/w",
                    "timestamp": "2026-03-01T10:00:00.000Z",
                }
            )
            + "\n"
        )
        parent = None
        for n in range(entries):
            ident, step = f"{n:08x}", n % 3
            if step == 0:
                body = {"role": "user", "content": f"Question {n} about the ledger outbox?"}
            elif step == 1:
                item = {
                    "type": "toolCall",
                    "id": f"call_{n}",
                    "name": "recall_memory",
                    "arguments": {"query": f"ledger outbox {n}"},
                }
                body = {"role": "assistant", "content": [item], "stopReason": "toolUse"}
            else:
                body = {
                    "role": "toolResult",
                    "toolCallId": f"call_{n - 1}",
                    "toolName": "recall_memory",
                    "isError": False,
                    "content": [{"type": "text", "text": "2 turns found"}],
                    "details": {"turns": [{"turnId": f"t{n}"}]},
                }
            entry = {
                "type": "message",
                "id": ident,
                "parentId": parent,
                "timestamp": "2026-03-01T10:00:01.000Z",
                "message": body,
            }
            out.write(json.dumps(entry, separators=(",", ":")) + "\n")
            parent = ident


def write_neutral(path: Path, entries: int) -> None:
    """A neutral trace of ``entries`` events (a user event, a call, its result)."""
    tools = ["read", "bash", "recall_memory", "fetch_session"]
    with path.open("w", encoding="utf-8") as out:
        for n in range(entries):
            step = n % 3
            event: dict[str, object] = {
                "sequence": n,
                "actor": "main",
                "kind": "event",
                "name": "user_message",
            }
            if step == 0:
                event["actor"] = "user"
            elif step == 1:
                event.update(
                    kind="call",
                    name="recall_memory",
                    call_id=f"c{n}",
                    arguments={"query": f"outbox {n}"},
                    active_tools=tools,
                )
            else:
                event.update(
                    kind="result",
                    name="recall_memory",
                    call_id=f"c{n - 1}",
                    returned_turns=[f"t{n}"],
                    active_tools=tools,
                )
            out.write(json.dumps(event, separators=(",", ":")) + "\n")


def _run(*args: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, __file__, *args], capture_output=True, text=True, check=True
    )
    value: dict[str, float] = json.loads(done.stdout)
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--baseline", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--floor", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--fetch", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--check", type=Path, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.worker:
        return worker(options.worker)
    if options.baseline:
        return baseline()
    if options.floor:
        return floor(options.floor)
    if options.check:
        return check(options.check)
    if options.fetch:
        return fetch(Path(options.fetch[0]), int(options.fetch[1]))
    base = _run("--baseline")["peak_kib"]
    print(f"baseline (imports only): peak {base / 1024:.1f} MiB")
    with tempfile.TemporaryDirectory() as folder:
        for name, write in (("pi", write_pi), ("neutral", write_neutral)):
            peaks = []
            for entries in sorted(options.entries):
                path = Path(folder, f"{name}-{entries}.jsonl")
                write(path, entries)
                size = path.stat().st_size
                for _ in range(options.rounds):
                    got = _run("--worker", str(path))
                    rate = entries / got["seconds"]
                    ratio = got["seconds"] / _run("--floor", str(path))["seconds"]
                    print(
                        f"{name:8} {entries:>9,} entries {size / 2**20:7.1f} MiB: "
                        f"{rate:>9,.0f} entries/s, peak {got['peak_kib'] / 1024:6.1f} MiB "
                        f"({got['events']:,.0f} events, {got['problems']:,.0f} problems), "
                        f"{ratio:.1f}x json.loads alone"
                    )
                peaks.append(got["peak_kib"])
                checked, floor_cpu = _run("--check", str(path)), _run("--floor", str(path))["cpu"]
                print(
                    f"{'':8} trace check: {entries / checked['cpu']:>9,.0f} entries/s of CPU, "
                    f"peak {checked['peak_kib'] / 1024:6.1f} MiB, "
                    f"{floor_cpu / checked['cpu']:.2f}x the speed of json.loads alone"
                )
                if name == "pi":
                    got = _run("--fetch", str(path), str(entries))
                    print(
                        f"{'':8} fetch of the last turn, window 5: {got['seconds']:.1f} s, "
                        f"peak {got['peak_kib'] / 1024:6.1f} MiB"
                    )
                path.unlink()
            growth = (peaks[-1] - peaks[0]) / 1024
            print(
                f"{name:8} peak growth from {min(options.entries):,} to "
                f"{max(options.entries):,} entries: {growth:+.1f} MiB"
            )


if __name__ == "__main__":
    main()
