"""``assay eval run``: for each task the overview attempt, then the task attempt.

Each attempt is a row written and committed *before* its process starts (status
``launched``, the command, the stdin's digest and bytes, the versions); when it ends
the same row gets its status, exit code, raw stdout and stderr (their first
``keep_output`` bytes, with the size and sha256 of all), timing, the reading of
its output and the verification. Nothing is retried or dropped: a drifted pin (basis
error), a refusal to spend and a cancellation are rows too. ``--jobs N`` runs N
processes at once in worker threads; only this module's thread writes the store.
SIGINT and SIGTERM kill the running children, record them ``cancelled`` and stop.
Which pairs run is ``pending``'s to say; what a paid attempt holds and is charged,
``spending``'s.
"""

from __future__ import annotations

import hashlib
import os
import signal
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from types import FrameType
from typing import Any

from attrs import frozen

from assay.engine.evidence.attempt import attempt as run_attempt
from assay.engine.evidence.attempt import status_of
from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.drift import describe, drift
from assay.engine.evidence.launch import Children, Ran
from assay.engine.evidence.material import received
from assay.engine.evidence.outcome import Reading, correctness, read_output
from assay.engine.evidence.output import DEFAULT_KEEP
from assay.engine.evidence.pending import CONDITIONS, pending
from assay.engine.evidence.plan import Plan
from assay.engine.evidence.prepare import deliveries, now
from assay.engine.evidence.records import Finish, Preparation, Store
from assay.engine.evidence.spending import Spending
from assay.engine.workspace.config import Config
from assay.spec.diagnostics import Diagnostic
from assay.spec.evaluation import TaskDecl
from assay.spec.evidence import Drift, Provision, Verification
from assay.spec.model import Model
from assay.spec.rules.evaluation_stages import EVL006, EVL009

_Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


@frozen(kw_only=True)
class RunOptions(Model):
    """How to run: parallelism, slice, spending."""

    jobs: int = 1
    keep_output: int = DEFAULT_KEEP  #: bytes of each output kept in the store
    shard: tuple[int, int] | None = None
    authorize_spending: bool = False
    resume: bool = False  #: ``--continue``: past the cap, what did not run to its end


@frozen(kw_only=True)
class RunResult(Model):
    """What a run did: the ids of its attempts, its findings, the signal that stopped it."""

    attempt_ids: tuple[int, ...]
    diagnostics: tuple[Diagnostic, ...] = ()
    signal: int | None = None


#: Statuses of attempts assay killed: what they reported may not be all they spent.
KILLED = frozenset({"timeout", "cancelled"})


def run(
    config: Config,
    store: Store,
    plan: Plan,
    options: RunOptions,
    progress: Callable[[int, int], None] | None = None,
) -> RunResult:
    """Run the benchmark's tasks (those of the shard); see the module."""
    plan.required_runner()  # a plan without a runner is refused before the store is read
    prepared = store.preparations(plan.benchmark_id)
    tasks = pending(store, plan, shard=options.shard, resume=options.resume)
    unprepared = [t.name for t, _ in tasks for c in CONDITIONS if (t.name, c) not in prepared]
    if unprepared:
        listed = ", ".join(sorted(set(unprepared))[:5])
        message = (
            f"{plan.benchmark_id} is not prepared in {store.path.name} for {listed}: "
            "run `assay eval prepare` first"
        )
        raise EvidenceError([plan.at("benchmark", EVL009, message)])
    drifted = _drift(config, plan, prepared, {t.name for t, _ in tasks})
    session = _Session(config, store, plan, options, prepared, drifted, progress)
    return session.run(tasks)


def _drift(
    config: Config, plan: Plan, prepared: dict[tuple[str, str], Preparation], names: set[str]
) -> dict[str, tuple[Drift, ...]]:
    """Per task, every unit whose material changed since prepare (basis error)."""
    drifted = {}
    for task, *both in deliveries(config, plan):
        if task.name not in names:
            continue
        changed = tuple(
            unit
            for d in both
            for unit in drift(d.condition, prepared[(task.name, d.condition)].snapshot, d.snapshot)
        )
        if changed:
            drifted[task.name] = changed
    return drifted


class _Session:
    """One run's state: the queue of attempts, the children, the spending."""

    def __init__(
        self,
        config: Config,
        store: Store,
        plan: Plan,
        options: RunOptions,
        prepared: dict[tuple[str, str], Preparation],
        drifted: dict[str, tuple[Drift, ...]],
        progress: Callable[[int, int], None] | None,
    ) -> None:
        self.config, self.store, self.plan, self.options = config, store, plan, options
        self.runner = plan.required_runner()
        self.prepared, self.drifted, self.progress = prepared, drifted, progress
        self.children = Children()
        self.ids: list[int] = []
        self.split: list[str] = []  #: tasks whose task attempt the cap refused, not the overview
        self.overview_ran: set[str] = set()  #: tasks whose overview attempt ran (and was paid)
        self.diagnostics: list[Diagnostic] = []
        self.signal: int | None = None
        self.spending = Spending(
            store, plan, authorized=options.authorize_spending, resume=options.resume
        )
        self.shard = f"{options.shard[0]}/{options.shard[1]}" if options.shard else None
        self.env = {k: os.environ[k] for k in self.runner.env if k in os.environ}
        self.answers = {a.task: a.answer for a in plan.answer_key.answers}

    def run(self, tasks: list[tuple[TaskDecl, tuple[str, ...]]]) -> RunResult:
        refusal = self.spending.gate()
        if refusal is not None:
            self.diagnostics.append(refusal)
            for task, conditions in tasks:
                for condition in conditions:
                    self._not_launched(task, condition, "refused", refusal.message)
            return self._result()
        previous = self._handle_signals()
        try:
            self._loop(tasks)
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
        capped = self.spending.finding(self.split)
        self.diagnostics.extend([capped] if capped else [])
        return self._result()

    def _result(self) -> RunResult:
        return RunResult(
            attempt_ids=tuple(self.ids), diagnostics=tuple(self.diagnostics), signal=self.signal
        )

    def _handle_signals(self) -> dict[signal.Signals, _Handler]:
        if threading.current_thread() is not threading.main_thread():
            return {}

        def stop(signum: int, frame: FrameType | None) -> None:
            self.signal = signum
            self.children.cancel()

        previous: dict[signal.Signals, _Handler] = {}
        for signum in (signal.SIGINT, signal.SIGTERM):
            previous[signum] = signal.signal(signum, stop)
        return previous

    def _loop(self, tasks: list[tuple[TaskDecl, tuple[str, ...]]]) -> None:
        pending = deque(tasks)
        ready: deque[tuple[TaskDecl, tuple[str, ...]]] = deque()
        running: dict[Future[tuple[Ran, Verification]], _Running] = {}
        total, done = sum(len(conditions) for _, conditions in tasks), 0
        self.overview_ran.update(t.name for t, conditions in tasks if "overview" not in conditions)
        with ThreadPoolExecutor(max_workers=max(1, self.options.jobs)) as pool:
            while (pending or ready or running) and self.signal is None:
                done += self._fill(pool, pending, ready, running)
                if not running:
                    continue
                done += self._collect(running, ready)
                if self.progress is not None:
                    self.progress(done, total)
            for future, ended in list(running.items()):
                self._record(ended.attempt, *future.result())

    def _fill(
        self,
        pool: ThreadPoolExecutor,
        pending: deque[tuple[TaskDecl, tuple[str, ...]]],
        ready: deque[tuple[TaskDecl, tuple[str, ...]]],
        running: dict[Future[tuple[Ran, Verification]], _Running],
    ) -> int:
        """Launch attempts while a job is free, nothing stops the run and the spending
        allows: a task's next condition (``ready``) before a new task (``pending``).
        Returns how many were decided without a launch (their next condition is ready)."""
        done = 0
        while (
            len(running) < self.options.jobs
            and (ready or pending)
            and self.signal is None
            and not self.spending.must_wait()  # a running attempt's cost decides
        ):
            task, conditions = ready.popleft() if ready else pending.popleft()
            launched = self._launch(pool, task, conditions[0])
            if launched is None:
                done += 1
                if conditions[1:]:
                    ready.appendleft((task, conditions[1:]))
                continue
            running[launched[0]] = _Running(attempt=launched[1], conditions=conditions)
        return done

    def _collect(
        self,
        running: dict[Future[tuple[Ran, Verification]], _Running],
        ready: deque[tuple[TaskDecl, tuple[str, ...]]],
    ) -> int:
        """Wait for the first attempts to end and record them; the task's next condition
        becomes ready unless a signal stops the run. Returns how many ended."""
        finished, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in finished:
            ended = running.pop(future)
            self._record(ended.attempt, *future.result())
            if ended.conditions[1:] and self.signal is None:
                ready.appendleft((ended.attempt.task, ended.conditions[1:]))
        return len(finished)

    def _not_launched(
        self,
        task: TaskDecl,
        condition: str,
        status: str,
        note: str,
        drifted: tuple[Drift, ...] = (),
    ) -> None:
        prep = self.prepared.get((task.name, condition))
        ident = self._row(task, condition, status, prep)
        self.store.finish(ident, Finish(status=status, note=note, drift=drifted))

    def _row(
        self,
        task: TaskDecl,
        condition: str,
        status: str,
        prep: Preparation | None,
        reserved: float | None = None,
    ) -> int:
        stdin = prep.stdin if prep else b""
        cues = ", ".join(prep.cues) if prep and prep.cues else None
        ident = self.store.launch(
            prep=prep,
            task=task.name,
            condition=condition,
            versions=self.plan.versions(prep.declarations if prep else (), cues),
            command=self.runner.argv,
            stdin=stdin,
            stdin_sha256=hashlib.sha256(stdin).hexdigest(),
            provision=prep.provision if prep else _no_provision(),
            shard=self.shard,
            started_at=now(),
            status=status,
            reserved=reserved,
        )
        self.ids.append(ident)
        return ident

    def _launch(
        self, pool: ThreadPoolExecutor, task: TaskDecl, condition: str
    ) -> tuple[Future[tuple[Ran, Verification]], _Launched] | None:
        """Record then start one attempt; None when it was recorded without a launch."""
        if task.name in self.drifted:
            drifted = self.drifted[task.name]
            note = f"the material changed since prepare: {describe(drifted)}; prepare again"
            self._not_launched(task, condition, "basis-error", note, drifted)
            if condition == "overview":
                message = f"task `{task.name}`: {note}; its pair was not launched"
                self.diagnostics.append(
                    EVL006.diagnostic(message, self.plan.places["benchmark"][0], task.name_span)
                )
            return None
        capped = self.spending.over_cap()
        if capped is not None:
            if condition == "task" and task.name in self.overview_ran:  # the cap splits it
                self.split.append(task.name)
                capped += "; its overview attempt ran: the pair is split until continued"
            self._not_launched(task, condition, "refused", capped)
            return None
        prep = self.prepared[(task.name, condition)]
        started = now()
        held = self.spending.hold()  # the worst case, committed with the row, before the start
        ident = self._row(task, condition, "launched", prep, held)
        env = {**self.env, "ASSAY_TASK": task.name, "ASSAY_CONDITION": condition}
        root = str(self.config.root)
        keep = self.options.keep_output
        future = pool.submit(
            run_attempt, self.children, self.runner, root, prep.stdin, env, task, keep
        )
        return future, _Launched(
            ident=ident, task=task, condition=condition, started=started, held=held
        )

    def _record(self, launched: _Launched, ran: Ran, verification: Verification) -> None:
        # The output is read whatever the exit status: an agent that failed after using
        # the model reports what it spent; its answer counts only when it completed.
        reading = _reading(ran, self.plan) if ran.exit_code is not None else None
        status, note = status_of(
            ran, reading.problem if reading else None, self.children.cancelled.is_set()
        )
        task = launched.task
        answer = reading.answer if reading and status == "completed" else None
        counters = reading.counters if reading else ()
        provision = received(
            self.prepared[(task.name, launched.condition)].provision, ran.stdin_taken
        )
        charged = self.spending.settle(
            launched.held,
            None if status in KILLED else counters,
            launched.started[:10],
            started=ran.exit_code is not None,
        )
        if launched.condition == "overview":
            self.overview_ran.add(task.name)
        self.store.finish(
            launched.ident,
            Finish(
                status=status,
                duration_ms=ran.child_us // 1000,
                child_us=ran.child_us,
                exit_code=ran.exit_code,
                stdout=ran.stdout,
                stderr=ran.stderr,
                correctness=correctness(answer, self.answers.get(task.name)),
                answer=answer,
                verification=verification,
                counters=counters,
                unknown_fields=reading.unknown_fields if reading else (),
                note=note,
                provision=provision,
                charged=charged,
            ),
        )


@frozen(kw_only=True)
class _Launched(Model):
    """One attempt started: its row, its task and condition, when, the credit it holds."""

    ident: int
    task: TaskDecl
    condition: str
    started: str
    held: float | None


@frozen(kw_only=True)
class _Running(Model):
    """A running attempt and the conditions of its task still to run after it."""

    attempt: _Launched
    conditions: tuple[str, ...]


def _reading(ran: Ran, plan: Plan) -> Reading:
    """The output read against the result schema; a truncated one is not read (its
    JSON is cut), so malformed, saying how much was printed."""
    if ran.stdout.truncated:
        problem = (
            f"the output is {ran.stdout.size} bytes, more than the {len(ran.stdout.head)} "
            "kept (--keep-output): not read"
        )
        return Reading(answer=None, problem=problem)
    return read_output(ran.stdout.head, plan.results)


def _no_provision() -> Provision:
    return Provision(complete=False, missing=("not prepared",))
