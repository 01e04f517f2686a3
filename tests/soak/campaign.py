"""The campaign loop: draw an input, run it, judge it, keep what failed, measure.

Input ``i`` of a campaign is drawn from its own random source, seeded by the campaign
seed and ``i``, so a campaign is the same whatever else runs, and one input can be made
again from its index alone.  Its target follows a fixed schedule: the in-process targets
in turn, and every ``subprocess_every``-th input through a real ``assay`` process.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import random
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import FrameType

from tests.soak import memory
from tests.soak.corpus import Corpus, load_corpus
from tests.soak.targets import RUNNERS, Case, Problem, make_case

IN_PROCESS = (
    "document",
    "document-check",
    "spec",
    "spec-check",
    "config",
    "filename",
    "run",
    "cli",
)
SLOW_SECONDS = 1.0
SLOW_SIZE_LIMIT = 1024 * 1024
#: An input of at most ``SLOW_SIZE_LIMIT`` whose own peak rises this far above the
#: resident size before it is kept as heavy: memory bounded per input, not only overall.
HEAVY_KIB = 128 * 1024


class Hang(BaseException):
    """The watchdog's alarm: an input ran past the hang limit (not an ``Exception``, so
    no ``except Exception`` in assay swallows it)."""


@dataclass
class Settings:
    seed: int = 1
    inputs: int | None = 3000
    seconds: float | None = None
    out: Path = Path("/tmp/assay-fuzz")
    subprocess_every: int = 200
    sample_every: int = 250
    hang_seconds: float = 10.0
    progress_every: int = 0  # inputs between progress lines on stderr (0: none)
    targets: tuple[str, ...] = ()  # empty: every target


@dataclass
class Failure:
    kind: str  # "crash" or "slow"
    key: str
    target: str
    index: int
    size: int
    seconds: float
    detail: str
    saved: str = ""
    count: int = 1


@dataclass
class Report:
    runs: Counter[str] = field(default_factory=Counter)
    crashes: dict[str, Failure] = field(default_factory=dict)
    slow: list[Failure] = field(default_factory=list)
    slowest: tuple[float, int, str, int] = (0.0, 0, "", -1)  # seconds, size, target, index
    heavy: list[Failure] = field(default_factory=list)
    heaviest: tuple[int, int, str, int] = (0, 0, "", -1)  # KiB over the start, size, target, index
    #: index, RSS, peak RSS so far, settled RSS (all KiB): see ``tests.soak.memory``.
    memory: list[tuple[int, int, int, int]] = field(default_factory=list)
    elapsed: float = 0.0
    interrupted: bool = False

    @property
    def total(self) -> int:
        return sum(self.runs.values())


def target_of(index: int, settings: Settings) -> str:
    """The schedule: which entry point input ``index`` goes to."""
    targets = settings.targets or (*IN_PROCESS, "cli-subprocess")
    every = settings.subprocess_every
    if "cli-subprocess" in targets and every and index % every == every - 1:
        return "cli-subprocess"
    in_process = [t for t in targets if t != "cli-subprocess"] or ["cli-subprocess"]
    return in_process[index % len(in_process)]


def case_for(index: int, settings: Settings, corpus: Corpus) -> Case:
    rng = random.Random(f"assay-fuzz/{settings.seed}/{index}")
    return make_case(target_of(index, settings), rng, corpus)


@contextmanager
def _environment(out: Path) -> Iterator[None]:
    """assay's caches go to the output folder, never the user's; restored afterwards."""
    saved = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(out / "cache")
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = saved


def on_alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang()


def _crash_key(error: BaseException) -> tuple[str, str]:
    """(exception type, innermost frame inside assay) of a raised exception."""
    frames = traceback.extract_tb(error.__traceback__)
    inner = next(
        (f for f in reversed(frames) if "/src/assay/" in f.filename), frames[-1] if frames else None
    )
    where = ""
    if inner is not None:
        where = f"{inner.filename.split('/src/')[-1]}:{inner.lineno} in {inner.name}"
    return type(error).__name__, where


def run_one(case: Case, scratch: Path, hang_seconds: float) -> tuple[tuple[str, str], str] | None:
    """Run ``case``; None when it passed, else its dedup key and what happened."""
    from assay.errors import AssayError

    # CPU time decides (the machines are shared: wall time is the neighbours' too); the
    # wall-clock alarm, four times later, catches an input that waits without working.
    # A real process has its own timeout (``targets.run_cli_subprocess``).
    if case.target != "cli-subprocess":
        signal.setitimer(signal.ITIMER_PROF, hang_seconds)
        signal.setitimer(signal.ITIMER_REAL, 4 * hang_seconds)
    try:
        RUNNERS[case.target](case, scratch)
    except Problem as problem:
        return problem.key, problem.detail
    except AssayError:
        return None
    except (Exception, Hang, RecursionError, SystemExit) as error:
        return _crash_key(error), "".join(traceback.format_exception(error))[-6000:]
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
    return None


def save_case(case: Case, out: Path, kind: str, description: str) -> Path:
    """Keep ``case`` under ``out/<kind>/`` with a one-line reproducer beside it."""
    folder = out / kind
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(case.data + case.name + repr(case.argv).encode()).hexdigest()[:12]
    stem = folder / f"{case.target}-{digest}"
    record = asdict(case)
    record["data"] = base64.b64encode(case.data).decode()
    record["name"] = base64.b64encode(case.name).decode()
    stem.with_suffix(".case.json").write_text(json.dumps(record, indent=1))
    stem.with_suffix(".input").write_bytes(case.data)
    reproduce = f"python -m tests.soak.fuzz --replay {stem.with_suffix('.case.json')}"
    stem.with_suffix(".txt").write_text(f"{reproduce}\n{description}\n")
    return stem.with_suffix(".case.json")


def load_case(path: Path) -> Case:
    record = json.loads(path.read_text())
    record["data"] = base64.b64decode(record["data"])
    record["name"] = base64.b64decode(record["name"])
    return Case(**record)


def run_campaign(settings: Settings, corpus: Corpus | None = None) -> Report:
    corpus = corpus or load_corpus()
    report = Report()
    out = settings.out
    out.mkdir(parents=True, exist_ok=True)
    previous = signal.signal(signal.SIGALRM, on_alarm), signal.signal(signal.SIGPROF, on_alarm)
    with _environment(out):
        _warm_up(settings, corpus, out)
        start = time.perf_counter()
        index = 0
        try:
            while settings.inputs is None or index < settings.inputs:
                if settings.seconds is not None and time.perf_counter() - start >= settings.seconds:
                    break
                if index % settings.sample_every == 0:
                    report.memory.append(_memory_sample(index))
                _one_input(report, case_for(index, settings, corpus), index, settings)
                index += 1
                if settings.progress_every and index % settings.progress_every == 0:
                    print(
                        f"{index} inputs, {len(report.crashes)} unique crashes, "
                        f"{len(report.slow)} slow",
                        file=sys.stderr,
                        flush=True,
                    )
        except KeyboardInterrupt:  # Ctrl-C ends a long campaign with its report
            report.interrupted = True
    report.memory.append(_memory_sample(index))
    signal.signal(signal.SIGALRM, previous[0])
    signal.signal(signal.SIGPROF, previous[1])
    report.elapsed = time.perf_counter() - start
    return report


def _memory_sample(index: int) -> tuple[int, int, int, int]:
    return index, memory.rss_kib(), memory.max_rss_kib(), memory.settled_kib()


def _timed(case: Case, settings: Settings) -> tuple[tuple[tuple[str, str], str] | None, float]:
    began = time.process_time()
    failed = run_one(case, settings.out / "workspaces" / case.target, settings.hang_seconds)
    return failed, time.process_time() - began  # this process's CPU, not the neighbours'


def _one_input(report: Report, case: Case, index: int, settings: Settings) -> None:
    """Run one input, time it in CPU seconds, and keep it if it crashed, was slow or
    heavy."""
    out = settings.out
    before = memory.rss_kib()
    measured_peak = memory.reset_peak()
    failed, took = _timed(case, settings)
    peak = memory.peak_kib() if measured_peak else None
    report.runs[case.target] += 1
    size = len(case.data)
    in_process = case.target != "cli-subprocess"
    if failed is not None:
        key, detail = failed
        _record(report.crashes, "crash", " | ".join(key), case, index, took, detail, out)
    elif took > SLOW_SECONDS and size <= SLOW_SIZE_LIMIT and in_process:
        # Once more before calling it slow: the first run may pay what is no input's
        # own (a collection of the garbage the input before left, a neighbour on the
        # same core); the input's cost is the lower figure, the same input run again.
        took = min(took, _timed(case, settings)[1])
        if took > SLOW_SECONDS:
            slow = Failure("slow", f"{took:.2f}s", case.target, index, size, took, "")
            note = f"slow: {took:.2f} s of CPU, {size} bytes, input {index}"
            slow.saved = str(save_case(case, out, "slow", note))
            report.slow.append(slow)
    if took > report.slowest[0]:
        report.slowest = (took, size, case.target, index)
    if peak is not None and in_process:
        _weigh(report, case, index, peak - before, settings)


def _weigh(report: Report, case: Case, index: int, rise: int, settings: Settings) -> None:
    """Keep an input whose own peak rose more than ``HEAVY_KIB`` above where it began."""
    size = len(case.data)
    if rise > report.heaviest[0]:
        report.heaviest = (rise, size, case.target, index)
    if rise > HEAVY_KIB and size <= SLOW_SIZE_LIMIT:
        heavy = Failure("heavy", f"{rise // 1024} MiB", case.target, index, size, 0.0, "")
        note = f"heavy: its peak {rise // 1024} MiB over the start, {size} bytes, input {index}"
        heavy.saved = str(save_case(case, settings.out, "heavy", note))
        report.heavy.append(heavy)


def _warm_up(settings: Settings, corpus: Corpus, out: Path) -> None:
    """One plain input per in-process target, not counted: the first call of each
    imports its modules and builds its parsers, which is no input's fault."""
    targets = {target_of(i, settings) for i in range(len(IN_PROCESS))} - {"cli-subprocess"}
    for target in sorted(targets):
        case = make_case(target, random.Random(0), corpus)
        plain = {"spec": corpus.specs, "spec-check": corpus.specs, "config": corpus.configs}
        case.data = plain.get(target, corpus.documents)[0]
        run_one(case, out / "workspaces" / target, settings.hang_seconds)


def _record(
    found: dict[str, Failure],
    kind: str,
    key: str,
    case: Case,
    index: int,
    took: float,
    detail: str,
    out: Path,
) -> None:
    if key in found:
        found[key].count += 1
        return
    failure = Failure(kind, key, case.target, index, len(case.data), took, detail)
    failure.saved = str(save_case(case, out, "crashes", f"{key}\n\n{detail}"))
    found[key] = failure
