"""The objects one ``prepare`` or ``run`` uses: one version each of a benchmark, its
answer key, a result schema and (for ``run``) a runner, chosen from the workspace's
specs by name (``NAME`` is the newest version, ``NAME@V`` a legacy one)."""

from __future__ import annotations

from attrs import field, frozen

from assay.engine.evidence.catalog import Catalog, Placed, build_catalog, choose, fits, read_specs
from assay.engine.evidence.codes import EvidenceError
from assay.engine.workspace.config import Config
from assay.spec.diagnostics import Diagnostic
from assay.spec.evaluation import AnswerKeyDecl, BenchmarkDecl, ResultSchemaDecl, RunnerDecl
from assay.spec.evidence import Versions
from assay.spec.model import Model
from assay.spec.rules.evaluation import EVL001, EVL003
from assay.spec.rules.rule import Rule
from assay.spec.source import Span


@frozen(kw_only=True)
class Plan(Model):
    """The chosen objects and where they are declared."""

    benchmark: BenchmarkDecl
    answer_key: AnswerKeyDecl
    results: ResultSchemaDecl
    runner: RunnerDecl | None = None
    #: Where each chosen object is declared: kind -> (spec file, span of its name).
    places: dict[str, tuple[str, Span]] = field(factory=dict)

    def at(self, kind: str, rule: Rule, message: str) -> Diagnostic:
        """The diagnostic of ``rule`` at the name of the chosen ``kind`` of object."""
        path, span = self.places[kind]
        return rule.diagnostic(message, path, span)

    def required_runner(self) -> RunnerDecl:
        """The runner a ``run`` uses. A plan made without one (``make_plan`` without
        ``need_runner``, as ``prepare`` makes it) cannot run: ``ValueError``."""
        if self.runner is None:
            raise ValueError("this plan has no runner: make it with make_plan(need_runner=True)")
        return self.runner

    @property
    def benchmark_id(self) -> str:
        """``name@version`` of the benchmark."""
        return f"{self.benchmark.name}@{self.benchmark.version}"

    def versions(self, declarations: tuple[str, ...] = (), cue: str | None = None) -> Versions:
        """The versions an attempt under this plan runs under."""
        runner = self.runner
        return Versions(
            benchmark=self.benchmark_id,
            answer_key=f"{self.answer_key.name}@{self.answer_key.version}",
            runner=f"{runner.name}@{runner.version}" if runner else "",
            result_schema=f"{self.results.name}@{self.results.version}",
            cue=cue,
            declarations=declarations,
        )


def make_plan(
    config: Config,
    *,
    benchmark: str | None = None,
    answers: str | None = None,
    results: str | None = None,
    runner: str | None = None,
    need_runner: bool = False,
) -> Plan:
    """Choose the objects; any spec error (SPC, EVL) raises ``EvidenceError`` with all
    of them (warnings such as EVL004 do not stop a run)."""
    specs, problems = read_specs(config)
    catalog = build_catalog(specs)
    errors = [d for d in (*problems, *catalog.diagnostics) if d.severity == "error"]
    if errors:
        raise EvidenceError(errors)
    bench_at = choose(catalog.benchmarks, "benchmark", benchmark)
    bench = bench_at.decl
    keys = [p for p in catalog.answer_keys if p.decl.benchmark == bench.name]
    if not keys and answers is None:
        message = (
            f"no answer key is declared for benchmark `{bench.name}` "
            f"(`answers NAME version N for {bench.name}`)"
        )
        raise EvidenceError([EVL001.diagnostic(message, "")])
    key = _key_for(bench, keys, catalog, answers)
    schema = choose(catalog.result_schemas, "results", results).decl
    runner_at = choose(catalog.runners, "runner", runner) if need_runner else None
    chosen_runner = runner_at.decl if runner_at else None
    places = {"benchmark": (bench_at.path, bench.name_span)}
    if runner_at is not None:
        places["runner"] = (runner_at.path, runner_at.decl.name_span)
    return Plan(
        benchmark=bench, answer_key=key, results=schema, runner=chosen_runner, places=places
    )


def _key_for(
    bench: BenchmarkDecl,
    keys: list[Placed[AnswerKeyDecl]],
    catalog: Catalog,
    request: str | None,
) -> AnswerKeyDecl:
    """The answer key for this version of the benchmark: the one ``request`` names,
    else the newest version that fits it (each answer names one of its tasks), so a
    key kept for another version is never chosen for this one. A chosen key that
    answers a task this version lacks is refused (EVL003): it was made for another."""
    if request is None and keys:
        names = {p.decl.name for p in keys}
        fitting = [p for p in keys if fits(p.decl, bench)]
        if len(names) == 1 and fitting:
            return fitting[-1].decl
    placed = choose(keys or catalog.answer_keys, "answers", request)
    key = placed.decl
    tasks = {t.name for t in bench.tasks}
    strays = [a for a in key.answers if a.task not in tasks]
    if key.benchmark == bench.name and strays:
        listed = ", ".join(f"`{a.task}`" for a in strays[:5])
        message = (
            f"answer key `{key.name}` version {key.version} answers {listed}, which "
            f"`{bench.name}` version {bench.version} does not have: it was made for "
            f"another version; name a key for this one with --answers"
        )
        raise EvidenceError([EVL003.diagnostic(message, placed.path, strays[0].span)])
    return key
