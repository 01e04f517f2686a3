"""The evaluation objects of a workspace's specs, checked across files, and the
choice of one version of each for a run.

Specs are parsed as ``assay check`` parses them (the same files, the same grammar);
their errors stop here as ``SpecError``. What needs every file is checked here: an
object given twice (EVL002), an answer key for a benchmark nobody declares (EVL001)
or naming a task no version of its benchmark has (EVL003), a task without an answer
(EVL004). Which key goes with which benchmark version is the plan's (``plan``): a key
kept for a legacy version never stops the newest, nor the newest a legacy one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from attrs import frozen

from assay.engine.evidence.codes import EvidenceError
from assay.engine.workspace.config import Config
from assay.engine.workspace.loading import read_spec_files
from assay.spec.diagnostics import Diagnostic
from assay.spec.evaluation import AnswerKeyDecl, BenchmarkDecl, ResultSchemaDecl, RunnerDecl
from assay.spec.model import Model
from assay.spec.rules.evaluation import EVL001, EVL002, EVL003, EVL004, EVL005
from assay.spec.specfile import SpecFile

Decl = TypeVar("Decl", BenchmarkDecl, AnswerKeyDecl, RunnerDecl, ResultSchemaDecl)


@frozen(kw_only=True)
class Placed(Model, Generic[Decl]):
    """An evaluation object and the spec file that declares it; typed by its kind, so
    what a ``Catalog`` field holds needs no check of what it is."""

    path: str
    decl: Decl


@frozen(kw_only=True)
class Catalog(Model):
    """Every evaluation object of the workspace, by kind, first of each name@version."""

    benchmarks: tuple[Placed[BenchmarkDecl], ...] = ()
    answer_keys: tuple[Placed[AnswerKeyDecl], ...] = ()
    runners: tuple[Placed[RunnerDecl], ...] = ()
    result_schemas: tuple[Placed[ResultSchemaDecl], ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()


def read_specs(config: Config) -> tuple[list[SpecFile], list[Diagnostic]]:
    """Every spec of the workspace, parsed; the SPC problems of those that do not."""
    return read_spec_files(config)


def build_catalog(specs: Sequence[SpecFile]) -> Catalog:
    """The objects of ``specs`` and what is wrong across them."""
    problems: list[Diagnostic] = []
    benchmarks: dict[tuple[str, int], Placed[BenchmarkDecl]] = {}
    keys: dict[tuple[str, int], Placed[AnswerKeyDecl]] = {}
    runners: dict[tuple[str, int], Placed[RunnerDecl]] = {}
    schemas: dict[tuple[str, int], Placed[ResultSchemaDecl]] = {}
    for spec in specs:  # spec by spec, so EVL002s come in the order of the files
        ev = spec.evaluation
        problems += _place(benchmarks, "benchmark", spec.path, ev.benchmarks)
        problems += _place(keys, "answer key", spec.path, ev.answer_keys)
        problems += _place(runners, "runner", spec.path, ev.runners)
        problems += _place(schemas, "result schema", spec.path, ev.result_schemas)
    for placed in keys.values():
        problems.extend(_key_problems(placed, benchmarks))
    return Catalog(
        benchmarks=_sorted(benchmarks),
        answer_keys=_sorted(keys),
        runners=_sorted(runners),
        result_schemas=_sorted(schemas),
        diagnostics=tuple(problems),
    )


def _place(
    known: dict[tuple[str, int], Placed[Decl]], kind: str, path: str, decls: Iterable[Decl]
) -> list[Diagnostic]:
    """Add each of ``decls`` to ``known``; an EVL002 for each name@version already in."""
    problems = []
    for decl in decls:
        earlier = known.get((decl.name, decl.version))
        if earlier is None:
            known[(decl.name, decl.version)] = Placed(path=path, decl=decl)
            continue
        message = (
            f"{kind} `{decl.name}` version {decl.version} is already declared in "
            f"{earlier.path} on line {earlier.decl.span.line}"
        )
        problems.append(EVL002.diagnostic(message, path, decl.name_span))
    return problems


def _sorted(known: dict[tuple[str, int], Placed[Decl]]) -> tuple[Placed[Decl], ...]:
    return tuple(known[k] for k in sorted(known))


def _key_problems(
    placed: Placed[AnswerKeyDecl], benchmarks: dict[tuple[str, int], Placed[BenchmarkDecl]]
) -> list[Diagnostic]:
    """EVL001 for a key of no benchmark; EVL003 for each answer naming a task that no
    version of its benchmark has (a misspelling: legacy versions are kept, and a key
    made for one is not wrong for lacking the newest's tasks); EVL004, a warning, for
    each task of the newest version the key does not answer, when it is the key's
    newest version."""
    key = placed.decl
    versions = [p.decl for (name, _), p in sorted(benchmarks.items()) if name == key.benchmark]
    if not versions:
        message = f"answer key `{key.name}` is for `{key.benchmark}`, and no benchmark is named so"
        return [EVL001.diagnostic(message, placed.path, key.benchmark_span)]
    newest = versions[-1]
    anywhere = {t.name for version in versions for t in version.tasks}
    found = []
    for answer in key.answers:
        if answer.task not in anywhere:
            message = f"no version of `{key.benchmark}` has a task `{answer.task}`"
            found.append(EVL003.diagnostic(message, placed.path, answer.span))
    if not fits(key, newest):
        return found  # a key kept for a legacy version: the newest's tasks are not its own
    answered = {a.task for a in key.answers}
    for task in newest.tasks:
        if task.name not in answered:
            message = f"answer key `{key.name}` has no answer for task `{task.name}`"
            found.append(EVL004.diagnostic(message, placed.path, key.name_span))
    return found


def fits(key: AnswerKeyDecl, benchmark: BenchmarkDecl) -> bool:
    """Does every answer of ``key`` name a task of this version of the benchmark?"""
    tasks = {t.name for t in benchmark.tasks}
    return key.benchmark == benchmark.name and all(a.task in tasks for a in key.answers)


def choose(placed: Sequence[Placed[Decl]], kind: str, request: str | None) -> Placed[Decl]:
    """The object ``request`` names (``NAME`` for its newest version, ``NAME@V``);
    with no request, the newest version of the only name there is."""
    names = sorted({p.decl.name for p in placed})
    if request is None:
        if len(names) != 1:
            flag = f"--{kind.replace(' ', '-')}"
            if not names:
                raise EvidenceError([EVL001.diagnostic(f"no {kind} is declared in the specs", "")])
            other = next(p for p in placed if p.decl.name == names[1])
            listed = ", ".join(names)
            message = f"which {kind}? several are declared ({listed}): name one with {flag}"
            raise EvidenceError([EVL005.diagnostic(message, other.path, other.decl.name_span)])
        request = names[0]
    name, at, version = request.rpartition("@")
    if not at:
        name, version = request, ""
    chosen = [p for p in placed if p.decl.name == name]
    if version:
        chosen = [p for p in chosen if str(p.decl.version) == version]
    if not chosen:
        listed = ", ".join(f"{p.decl.name}@{p.decl.version}" for p in placed) or "none"
        raise EvidenceError(
            [EVL001.diagnostic(f"no {kind} is {request!r} (declared: {listed})", "")]
        )
    return chosen[-1]
