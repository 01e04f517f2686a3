"""The Python API of evaluation evidence: prepare, run, merge and read the store.

::

    from assay.api import evaluation

    evaluation.prepare(".", "evidence.sqlite")             # no agent is started
    result = evaluation.run(".", "evidence.sqlite", runner="fixture", jobs=4)
    for attempt in evaluation.attempts("evidence.sqlite"):
        print(attempt.task, attempt.condition, attempt.status, attempt.correctness)
    evaluation.merge("all.sqlite", ["shard-1.sqlite", "shard-2.sqlite"])
    evaluation.assess("evidence.sqlite", 2, "supported", "team-review@1")

``assess`` records a judgement someone (a person, another tool) made of an attempt's
answer; assay never makes one itself. ``parse_shard("2/4")`` reads ``--shard I/N``
into the ``shard`` that ``run`` takes; ``assay.api.evaluation_report`` renders and
writes a summary's report.

Objects are chosen by name: ``"demo"`` is the newest version, ``"demo@1"`` a legacy
one; with one name of a kind declared, it need not be given. Nothing here prints. A
spec or store problem raises ``EvidenceError`` with its diagnostics (SPC or EVL);
a bad argument ``UsageError``.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from cattrs import ClassValidationError, transform_error

from assay.api import StrPath
from assay.engine.evidence.assessments import AssessmentRecord
from assay.engine.evidence.assessments import record as _record
from assay.engine.evidence.assessments import records as _records
from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.merge import merge_stores
from assay.engine.evidence.output import DEFAULT_KEEP
from assay.engine.evidence.plan import Plan, make_plan
from assay.engine.evidence.prepare import now
from assay.engine.evidence.prepare import prepare as _prepare
from assay.engine.evidence.records import Preparation, Store
from assay.engine.evidence.run import RunOptions, RunResult
from assay.engine.evidence.run import run as _run
from assay.engine.evidence.shards import parse_shard
from assay.engine.files.destination import Ground
from assay.engine.workspace.config import Config, ConfigError, load_config
from assay.errors import UsageError
from assay.spec.convert import from_json_value
from assay.spec.evaluation_summary import Summary
from assay.spec.evidence import Attempt, Policy
from assay.spec.rules.evaluation_stages import EVL011, EVL012

__all__ = [
    "AssessmentRecord",
    "EvidenceError",
    "Preparation",
    "RunResult",
    "Store",
    "assess",
    "assessments",
    "attempts",
    "merge",
    "open_store",
    "parse_shard",
    "prepare",
    "read_policy",
    "run",
    "summarize",
    "summarize_store",
]


def open_store(path: StrPath, *, create: bool = False, read_only: bool = False) -> Store:
    """The store at ``path``, upgraded to the current schema; use it in a ``with``
    block, which closes it when the block ends. ``read_only``: the file is never written
    (nor migrated: an older store is read through an upgraded copy in memory), and a
    file that is not a store, an empty one too, is refused untouched (EVL011)."""
    return Store(Path(path), create=create, read_only=read_only)


def attempts(path: StrPath) -> list[Attempt]:
    """Every attempt the store at ``path`` keeps, in the order recorded (read-only)."""
    with open_store(path, read_only=True) as store:
        return store.attempts()


def assess(
    db: StrPath,
    attempt: int,
    verdict: str,
    policy: str,
    answer_sha256: str | None = None,
) -> AssessmentRecord:
    """Record an independent assessment of ``attempt`` (``supported``, ``unsupported``
    or ``unclear``) under ``policy`` (``name@version``), bound to the attempt's answer
    digest and source basis digests; every earlier one is kept. Given ``answer_sha256``
    (of the answer the assessor judged) must equal the stored answer's (EVL013).
    Refused, nothing written: an unknown attempt (EVL015), one without an answer
    (EVL014); a malformed verdict, policy or digest is a ``UsageError``."""
    if isinstance(attempt, bool) or not isinstance(attempt, int):
        raise UsageError(f"attempt {attempt!r}: expected an attempt id, a whole number")
    _claim_store(db, None)
    with open_store(db) as store:
        return _record(
            store.db,
            str(db),
            attempt=attempt,
            verdict=verdict,
            policy=policy,
            at=now(),
            expected_answer=answer_sha256,
        )


def assessments(db: StrPath) -> list[AssessmentRecord]:
    """Every assessment the store keeps, in the order recorded, each saying whether it
    still binds its attempt (``Attempt.assessment`` is the latest that does); read-only."""
    with open_store(db, read_only=True) as store:
        return _records(store.db)


def _plan(
    root: StrPath, config: StrPath | Config | None, need_runner: bool, **names: str | None
) -> tuple[Config, Plan]:
    if isinstance(config, Config):
        settings = config
    else:
        explicit = None if config is None else Path(root) / config
        settings = load_config(Path(root), explicit)
    return settings, make_plan(settings, need_runner=need_runner, **names)


def prepare(
    root: StrPath,
    db: StrPath,
    *,
    benchmark: str | None = None,
    answers: str | None = None,
    results: str | None = None,
    policy: Policy | None = None,
    config: StrPath | Config | None = None,
) -> list[Preparation]:
    """Store every task's material under both conditions in ``db`` (made if absent),
    and ``policy`` if given (recorded now, before any attempt); no agent starts. A
    policy with a cap that cannot bound spending under the result schema is refused
    (EVL042), nothing prepared."""
    from assay.engine.evidence.spending import unbounded

    settings, plan = _plan(
        root, config, False, benchmark=benchmark, answers=answers, results=results
    )
    refusal = None if policy is None else unbounded(policy, plan, Path(db))
    if refusal is not None:
        raise refusal
    _claim_store(db, settings)
    with open_store(db, create=True) as store:
        made = _prepare(settings, store, plan)
        if policy is not None:
            store.record_policy(policy)
        return made


def run(
    root: StrPath,
    db: StrPath,
    *,
    runner: str,
    benchmark: str | None = None,
    answers: str | None = None,
    results: str | None = None,
    jobs: int = 1,
    shard: tuple[int, int] | None = None,
    authorize_spending: bool = False,
    resume: bool = False,
    keep_output: int = DEFAULT_KEEP,
    config: StrPath | Config | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> RunResult:
    """Run the prepared tasks with ``runner``; every attempt is kept in ``db``, with
    the first ``keep_output`` bytes of its stdout and stderr (and the size and sha256
    of all of each: ``Store.outputs``)."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise UsageError(f"jobs {jobs!r}: expected a whole number, 1 or more")
    if isinstance(keep_output, bool) or not isinstance(keep_output, int) or keep_output < 0:
        raise UsageError(f"keep_output {keep_output!r}: expected a whole number of bytes")
    settings, plan = _plan(
        root, config, True, benchmark=benchmark, answers=answers, results=results, runner=runner
    )
    _claim_store(db, settings)
    with open_store(db) as store:
        options = RunOptions(
            jobs=jobs,
            shard=shard,
            authorize_spending=authorize_spending,
            resume=resume,
            keep_output=keep_output,
        )
        return _run(settings, store, plan, options, progress)


def merge(out: StrPath, sources: Iterable[StrPath]) -> int:
    """Join shard stores into ``out`` (which must not exist); the attempts copied.
    Stores of different versions or preparations are refused (EVL010)."""
    return merge_stores(Path(out), [Path(s) for s in sources], _around(None))


def _claim_store(db: StrPath, config: Config | None) -> None:
    """Refuse (``DestinationRefused``, nothing touched) a store path the one rule does
    not allow: an absent path or an evidence store assay made, tracked or not (a store
    is the one file these commands exist to add to); never another file, a link, a
    path through one inside the workspace, or anything under ``.git``. SQLite's own
    files beside it (``-wal``, ``-shm``, ``-journal``) are judged too."""
    from attrs import evolve

    from assay.engine.evidence.store import is_store
    from assay.engine.files.destination import Destination, claim, granted, judge, survey

    ground = _around(config)
    name = os.fspath(db)
    store = Destination(name, "--db", made=is_store, what="evidence store", owned=True)
    place = survey(store, ground)
    if not place.made and judge(store, evolve(place, made=True)) is None and place.kind == "file":
        # A file of other content, an empty one too: EVL011, as a read of it says.
        message = "not an evidence store: assay adds only to a store it made"
        raise EvidenceError([EVL011.diagnostic(message, name)])
    granted(store, place)
    for suffix in ("-wal", "-shm", "-journal"):
        companion = Destination(name + suffix, "--db", made=_always, what="store's journal")
        claim(companion, ground)
    if place.kind == "absent":  # a new store: the folders on the way, as for any output
        try:
            place.target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(
                f"--db {name!r}: cannot make its folder ({error.strerror}); nothing was written"
            ) from None


def _around(config: Config | None) -> Ground:
    """The workspace a store's path is judged in: ``config``'s, else the one around the
    current folder, if any."""
    from assay.engine.workspace.inputs import ground

    if config is None:
        try:
            config = load_config(Path.cwd())
        except (ConfigError, OSError):  # no workspace here: a store needs none
            return Ground()
    return ground(config)


def _always(_: Path) -> bool:
    return True


def summarize(
    found: Sequence[Attempt],
    *,
    tasks: Sequence[str],
    policy: Policy | None,
    subset: str | None = None,
    required_counters: Sequence[str] = (),
) -> Summary:
    """The summary of the attempts ``found`` over the benchmark's ``tasks`` (in its
    order), or over the ``subset`` of them (``1-20``, ``a,b``), judged by ``policy``
    (None: no verdict). Pure: it opens nothing; render it with
    ``evaluation_report.render_summary``."""
    from assay.engine.evidence.summary import summarize as _summarize

    return _summarize(
        found, tasks=tasks, policy=policy, subset=subset, required_counters=required_counters
    )


def summarize_store(
    path: StrPath,
    *,
    benchmark: str | None = None,
    subset: str | None = None,
    required_counters: Sequence[str] = (),
) -> Summary:
    """The summary of the store at ``path``: its attempts over the tasks ``prepare``
    stored for ``benchmark`` (``name@version``; default the latest prepared), with the
    policy recorded before execution, if any. Launches nothing and writes nothing."""
    with open_store(path, read_only=True) as store:
        found, policy = store.attempts(), store.policy()
        _, tasks = store.benchmark_tasks(benchmark)
    if not tasks:  # nothing prepared (a store made by hand): the tasks attempted
        tasks = tuple(dict.fromkeys(a.task for a in found))
    return summarize(
        found, tasks=tasks, policy=policy, subset=subset, required_counters=required_counters
    )


def read_policy(path: StrPath) -> Policy:
    """A policy from a TOML file: ``name``, ``version``, ``cap``, ``attempt_worst_case``,
    ``minimum_difference``, ``subset`` and ``[[rates]]`` (kind, counter, per_unit, dated);
    stamped with the time it is read, which is when it is recorded, and with ``path``.
    A malformed entry (a date that is not ``YYYY-MM-DD``, a negative number) is
    EVL012, naming the entry."""
    from assay.engine.evidence.rates import entry_problems
    from assay.engine.workspace.config_bounds import BoundPassed, bounded_text

    where = str(path)
    try:
        # Bounded as a config is (size, a dotted key's parts) before tomllib reads it.
        data = tomllib.loads(bounded_text(Path(path)))
        data["recorded_at"] = now()
        data["source"] = where
        data["rates"] = tuple(data.get("rates", ()))
        value: Policy = from_json_value(data, Policy)
    except BoundPassed as error:
        from assay.spec.source import Span

        span = Span(0, 0, error.line, error.column, error.line, error.column)
        message = f"cannot read the policy: {error}"
        raise EvidenceError([EVL012.diagnostic(message, where, span)]) from None
    except RecursionError:  # `x = [[[…]]]` thousands deep ends tomllib's recursion
        message = "cannot read the policy: values nested too deeply"
        raise EvidenceError([EVL012.diagnostic(message, where)]) from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise EvidenceError(
            [EVL012.diagnostic(f"cannot read the policy: {error}", where)]
        ) from None
    except (ClassValidationError, TypeError, ValueError) as error:  # a field missing or mistyped
        why = (
            "; ".join(transform_error(error)) if isinstance(error, ClassValidationError) else error
        )
        raise EvidenceError([EVL012.diagnostic(f"not a policy: {why}", where)]) from None
    problems = entry_problems(value)
    if problems:
        raise EvidenceError([EVL012.diagnostic(f"not a policy: {p}", where) for p in problems])
    return value
