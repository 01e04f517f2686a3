"""What a spec declares for an evaluation: benchmark, answer key, runner, result schema.

Seed 002 asks for independent versions: each object here has its own name and
version, and an attempt records the ``name@version`` of each it ran under
(``assay.spec.evidence.Versions``). Versions of one name live side by side, so a legacy
benchmark or runner stays loadable by ``NAME@V``. The cue is not a separate object: a
cue is declared inside a task-context ``declaration`` (``cue NAME covers [...]``) and
is versioned with it, so the declaration versions an attempt records fix its cues too.
"""

from __future__ import annotations

from attrs import frozen

from assay.spec.model import Model
from assay.spec.source import Span

__all__ = [
    "AnswerDecl",
    "AnswerKeyDecl",
    "BenchmarkDecl",
    "Evaluation",
    "ResultSchemaDecl",
    "RunnerDecl",
    "TaskDecl",
]


@frozen(kw_only=True)
class TaskDecl(Model):
    """One task of a benchmark: how it is selected, what the agent is asked."""

    name: str
    #: The task's one value per dimension: the task condition's declarations are
    #: selected with these, as ``assay select --where KEY=VALUE`` selects.
    where: tuple[tuple[str, str], ...] = ()
    prompt: str
    #: The check command run on the agent's answer (verification execution); () none.
    check: tuple[str, ...] = ()
    span: Span
    name_span: Span


@frozen(kw_only=True)
class BenchmarkDecl(Model):
    """``benchmark NAME version N { overview ... budget N task ... }``."""

    name: str
    version: int
    #: Workspace-relative documents the overview condition delivers, in order.
    overview: tuple[str, ...] = ()
    budget: int = 20_000  #: bytes the task condition's bundle may hold
    tasks: tuple[TaskDecl, ...] = ()
    span: Span
    name_span: Span


@frozen(kw_only=True)
class AnswerDecl(Model):
    """The expected answer of one task."""

    task: str
    answer: str
    span: Span


@frozen(kw_only=True)
class AnswerKeyDecl(Model):
    """``answers NAME version N for BENCHMARK { TASK ANSWER ... }``."""

    name: str
    version: int
    benchmark: str  #: the benchmark's name; any of its versions
    answers: tuple[AnswerDecl, ...] = ()
    span: Span
    name_span: Span
    benchmark_span: Span


@frozen(kw_only=True)
class RunnerDecl(Model):
    """``runner NAME version N { argv [...] env [...] timeout S paid }``."""

    name: str
    version: int
    argv: tuple[str, ...]
    #: The environment variables passed through; every other one is withheld.
    env: tuple[str, ...] = ()
    timeout: int = 600  #: seconds
    paid: bool = False
    span: Span
    name_span: Span


@frozen(kw_only=True)
class ResultSchemaDecl(Model):
    """``results NAME version N { answer F  field F  counter F }``: what the agent's
    JSON output may hold. Any other field is unknown, kept and proving nothing."""

    name: str
    version: int
    answer: str = "answer"  #: the field holding the answer
    fields: tuple[str, ...] = ()  #: other known fields (an explanation, say)
    counters: tuple[str, ...] = ()  #: usage counters (whole numbers)
    span: Span
    name_span: Span


@frozen(kw_only=True)
class Evaluation(Model):
    """The evaluation objects of one spec file, in file order."""

    benchmarks: tuple[BenchmarkDecl, ...] = ()
    answer_keys: tuple[AnswerKeyDecl, ...] = ()
    runners: tuple[RunnerDecl, ...] = ()
    result_schemas: tuple[ResultSchemaDecl, ...] = ()
