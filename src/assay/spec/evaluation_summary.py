"""What ``assay eval summary`` computes from retained attempts (``assay schema summary``).

A public contract (DESIGN §4): ``version`` changes only when the shape does. The order
of the fields is the order a reader should meet them in: the matched per-task
differences come before any aggregate, and the descriptive (unmatched) rates come last
among the numbers, labelled as such, because they can disagree with the matched ones.
"""

from __future__ import annotations

from typing import Any, Literal

from attrs import frozen

from assay.spec.evidence import Assessment, AttemptStatus, Condition, Correctness, Versions
from assay.spec.model import Model

#: 2: each task's pair shows its independent assessments (under the run's policy).
SUMMARY_VERSION = 2

#: ``correct``: 1 for a correct answer, 0 for a wrong one; ``duration_ms``: wall time;
#: ``counter:NAME``: a usage counter; ``credit:NAME`` and ``seconds:NAME``: the counter
#: converted with the credit or speed rate dated on or before the attempt.
Measure = str


@frozen(kw_only=True)
class Reason(Model):
    """One thing the summary reports: a subset error, a note, or a reason for no
    verdict, each with its EVL code."""

    code: str
    name: str
    message: str
    task: str | None = None
    attempts: tuple[int, ...] = ()  #: the attempt ids it is about, ascending
    column: int | None = None  #: for a subset error: 1-based column in the subset text


@frozen(kw_only=True)
class MatchedValue(Model):
    """One measure of one task's pair: the task attempt's value minus the overview's."""

    measure: Measure
    overview: float
    task: float
    difference: float


@frozen(kw_only=True)
class TaskDifference(Model):
    """One task of the (sub)set: its compared pair and the matched differences."""

    task: str
    overview_attempt: int | None  #: the latest overview attempt's id; None: none
    task_attempt: int | None
    overview_status: AttemptStatus | None
    task_status: AttemptStatus | None
    overview_correctness: Correctness | None
    task_correctness: Correctness | None
    values: tuple[MatchedValue, ...]  #: only measures known on both sides
    #: Each side's independent assessment made under the run's policy (None: none).
    overview_assessment: Assessment | None = None
    task_assessment: Assessment | None = None


@frozen(kw_only=True)
class Aggregate(Model):
    """The matched differences of one measure over the tasks where both sides have it."""

    measure: Measure
    pairs: int  #: how many tasks contribute
    overview_mean: float
    task_mean: float
    mean_difference: float
    #: 95% interval of the mean difference; None with fewer than two pairs (t) or none.
    interval: tuple[float, float] | None
    #: ``newcombe-wilson`` (paired proportions, for ``correct``) or ``t`` (the rest).
    method: Literal["newcombe-wilson", "t"]
    #: For ``correct``: tasks where only the task / only the overview attempt was right.
    task_only: int | None = None
    overview_only: int | None = None


@frozen(kw_only=True)
class ConditionRate(Model):
    """Descriptive, not matched: one condition's correct rate over its latest attempts
    in the (sub)set, paired or not. It can disagree with the matched difference."""

    condition: Condition
    attempts: int  #: latest attempts with a known correctness
    correct: int
    rate: float | None
    interval: tuple[float, float] | None  #: 95% Wilson score interval


@frozen(kw_only=True)
class RateUse(Model):
    """A dated rate the summary converted counters with, and on how many attempts."""

    kind: Literal["credit", "speed"]
    counter: str
    dated: str
    per_unit: float
    attempts: int


@frozen(kw_only=True)
class WrongAnswer(Model):
    """A wrong answer, retained: summaries never drop them."""

    attempt: int
    task: str
    condition: Condition
    answer: str | None
    compared: bool  #: is it the attempt the task's pair uses (the latest)?


@frozen(kw_only=True)
class IncompatibleGroup(Model):
    """Attempts under other versions than the compared ones: reported, never mixed."""

    versions: Versions
    attempts: tuple[int, ...]


@frozen(kw_only=True)
class Verdict(Model):
    """What the matched correctness difference says against the policy's threshold."""

    #: ``bundle-helps``: the whole interval is above the threshold; ``bundle-does-not-
    #: help``: the whole interval is below it; ``inconclusive``: it straddles it.
    outcome: Literal["bundle-helps", "bundle-does-not-help", "inconclusive"]
    policy: str  #: ``name@version``
    minimum_difference: float
    mean_difference: float
    interval: tuple[float, float]


@frozen(kw_only=True)
class Summary(Model):
    """What ``assay eval summary --format json`` prints."""

    version: int
    subset: str | None
    tasks: tuple[str, ...]  #: the (sub)set compared, in benchmark order
    #: The versions every compared attempt shares (those of the latest attempt).
    versions: Versions | None
    differences: tuple[TaskDifference, ...]  #: matched, per task: first
    aggregates: tuple[Aggregate, ...]  #: then aggregates of those differences
    descriptive: tuple[ConditionRate, ...]  #: then the unmatched, descriptive rates
    rates: tuple[RateUse, ...]
    wrong_answers: tuple[WrongAnswer, ...]
    incompatible: tuple[IncompatibleGroup, ...]
    notes: tuple[Reason, ...]  #: what was left out and why (counters, rates, tasks)
    verdict: Verdict | None
    no_verdict: tuple[Reason, ...]  #: one per missing condition; empty with a verdict
    errors: tuple[Reason, ...]  #: subset errors: nothing else is computed


def summary_schema() -> dict[str, Any]:
    """The JSON Schema of ``Summary`` (``assay schema summary``)."""
    from assay.spec.schema import schema_for

    return schema_for(
        Summary,
        title="assay evaluation summary",
        identifier=f"https://assay.invalid/schemas/summary-v{SUMMARY_VERSION}.json",
    )
