"""Evaluation evidence as the store keeps it (seed 002, second half).

One ``Attempt`` is one launch (or one refused or prepared launch) of an agent for one
task under one condition. The store (``assay.engine.evidence``) writes a row before
the launch and completes it after; the summary reads these values and nothing else,
so the two meet here. The four result dimensions the seed separates are four fields,
never folded into one: ``provision`` (was the required material delivered),
``correctness`` (the answer against the answer key), ``verification`` (did the check
command run, and pass) and ``assessment`` (an independent semantic judgement bound to
the exact answer, the source basis and the policy).
"""

from __future__ import annotations

from typing import Literal

from attrs import frozen

from assay.spec.model import Model

__all__ = [
    "NOT_LAUNCHED",
    "Assessment",
    "Attempt",
    "AttemptStatus",
    "Condition",
    "Correctness",
    "Counter",
    "Drift",
    "Policy",
    "Provision",
    "Rate",
    "Verification",
    "Versions",
]

#: ``overview``: the agent gets the overview documents; ``task``: the assembled bundle.
Condition = Literal["overview", "task"]

#: ``launched`` is the state written before the process starts; an attempt still
#: ``launched`` after the run ended was interrupted (SIGKILL, power loss) and says so.
AttemptStatus = Literal[
    "launched",
    "completed",  # exited 0 with output that parsed against the result schema
    "failed",  # exited non-zero
    "malformed",  # exited 0, output does not parse against the result schema
    "timeout",
    "cancelled",  # Ctrl-C or SIGTERM while it ran
    "basis-error",  # a pinned source drifted since prepare: not launched
    "refused",  # a paid runner without authorization, or stopped at the cap
]

Correctness = Literal["correct", "wrong", "unknown"]

#: The statuses of a row recorded without starting a process: such a row is kept
#: evidence of a refusal, never an execution (a policy must precede executions only).
NOT_LAUNCHED: frozenset[str] = frozenset({"basis-error", "refused"})


@frozen(kw_only=True)
class Versions(Model):
    """The independent versions an attempt ran under (seed 002: each its own)."""

    benchmark: str  #: ``name@version``
    answer_key: str
    runner: str
    result_schema: str
    #: The cues delivered, ``cue@declaration@version`` joined by ``, ``; None: no cue.
    cue: str | None = None
    declarations: tuple[str, ...] = ()  #: ``name@version`` of each delivered declaration


@frozen(kw_only=True)
class Provision(Model):
    """Was all required material delivered, and complete.

    Prepared, it says what the stdin holds; on a launched attempt it also says how many
    of those bytes the agent read (``delivered``): fewer than ``stdin_size`` is an
    incomplete delivery (the prompt comes last, so nothing short of all is all the
    required material), ``complete`` false and the shortfall in ``missing``.
    """

    complete: bool
    #: What was required and not delivered (declaration or file names), in order.
    missing: tuple[str, ...] = ()
    stdin_sha256: str | None = None  #: digest of the stdin prepared for the agent
    stdin_size: int | None = None
    #: Stdin bytes the agent read; None: not launched, recorded before it was measured,
    #: or not measurable here.
    delivered: int | None = None
    #: Optional units left out whole because the budget had no room (``path``,
    #: ``path:A-B``, each with its sha256 and size): explicit, never silent.
    omitted: tuple[str, ...] = ()


@frozen(kw_only=True)
class Drift(Model):
    """One delivered unit whose bytes differ from what ``prepare`` pinned (a basis
    error): its path and both digests. ``(stdin)`` is the stdin as a whole (a prompt
    changed); a digest is None where the unit is absent (added, gone, unreadable)."""

    condition: Condition
    path: str
    prepared_sha256: str | None
    current_sha256: str | None


@frozen(kw_only=True)
class Verification(Model):
    """Did the task's check command run, and did it pass."""

    ran: bool
    passed: bool | None = None  #: None when it did not run
    exit_code: int | None = None


@frozen(kw_only=True)
class Assessment(Model):
    """An independent semantic assessment, valid only for exactly what it names."""

    verdict: Literal["supported", "unsupported", "unclear"]
    answer_sha256: str  #: the exact answer assessed
    basis_sha256: tuple[str, ...]  #: the source basis digests it was judged against
    policy: str  #: ``name@version`` of the assessment policy


@frozen(kw_only=True)
class Counter(Model):
    """One usage counter an agent reported (tokens, requests); ``complete`` is False
    when the agent's output did not report it in a form the result schema knows."""

    name: str
    value: int | None
    complete: bool


@frozen(kw_only=True)
class Attempt(Model):
    """One attempt, as retained: every attempt is kept, failures included."""

    id: int
    task: str
    condition: Condition
    status: AttemptStatus
    versions: Versions
    #: ``I/N`` when the attempt ran in a shard, else None.
    shard: str | None = None
    started_at: str | None = None  #: ISO 8601 UTC, when launched
    duration_ms: int | None = None
    exit_code: int | None = None
    provision: Provision
    correctness: Correctness = "unknown"
    answer: str | None = None  #: the answer as the result schema read it
    verification: Verification
    #: The latest independent assessment still bound to this answer and basis
    #: (``assay eval assess``; the store keeps every one).
    assessment: Assessment | None = None
    counters: tuple[Counter, ...] = ()
    #: Output fields the result schema does not know: kept, and proving nothing.
    unknown_fields: tuple[str, ...] = ()
    #: Why the attempt ended as it did, in a sentence, when not ``completed``.
    note: str | None = None
    #: On a basis error: every unit that drifted since prepare, with both digests.
    drift: tuple[Drift, ...] = ()


@frozen(kw_only=True)
class Rate(Model):
    """A dated rate for one counter: credit per unit (a price) or units per second
    (a speed). A summary converts counters only with rates dated on or before the
    attempts it converts, and says which rate it used."""

    kind: Literal["credit", "speed"]
    counter: str  #: the counter it applies to, e.g. ``input_tokens``
    per_unit: float
    dated: str  #: ISO 8601 date from which the rate holds


@frozen(kw_only=True)
class Policy(Model):
    """The evaluation policy, recorded before execution: without one no verdict.

    A paid runner also needs ``cap`` (the most credit a run may spend),
    ``attempt_worst_case`` (the most credit one attempt may cost: held before it starts,
    kept when its counters are unknown), a credit rate of every counter the result
    schema declares, and an explicit authorization given on the command line; it stops
    at the cap until continued.
    """

    name: str
    version: int
    recorded_at: str  #: ISO 8601 UTC, when it was stored (before the first attempt)
    rates: tuple[Rate, ...] = ()
    cap: float | None = None
    #: The most credit one attempt may cost, as the team declares it (the model's token
    #: limits at the rates): reserved before a paid attempt starts, charged when what it
    #: cost is not known.
    attempt_worst_case: float | None = None
    #: The file the policy was read from, so a refusal can name it.
    source: str | None = None
    #: The least matched difference (task minus overview correctness rate) the team
    #: agreed, before running, would count as "the bundle helps".
    minimum_difference: float | None = None
    #: The subset of the benchmark's tasks (``--tasks`` syntax) agreed before running:
    #: a summary of a subset earns a verdict only when it selects exactly these tasks.
    subset: str | None = None
