"""The evaluation half of the spec transformer: ``benchmark``, ``answers``, ``runner``
and ``results`` statements (``assay.spec.evaluation``).

What one statement alone can tell is checked here, with positions: a keyword given
twice, a task named twice in one benchmark or answer key, an empty ``argv``, a
timeout of zero. Whether an answer key's benchmark exists, or names the benchmark's
tasks, needs every spec file and is the evaluation catalog's (EVL codes).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lark import Token, v_args
from lark.tree import Meta

from assay.grammar.spec.rules import SpecRules
from assay.grammar.spec.values import head, unquote
from assay.spec.evaluation import (
    AnswerDecl,
    AnswerKeyDecl,
    BenchmarkDecl,
    Evaluation,
    ResultSchemaDecl,
    RunnerDecl,
    TaskDecl,
)
from assay.spec.manifest import MAX_BUDGET
from assay.spec.rules.specs import SPC003, SPC004
from assay.spec.source import Span


class _Item(NamedTuple):
    """A keyword's value inside a block, with where it was written."""

    keyword: str
    value: Any
    span: Span


def evaluation_of(children: list[Any]) -> Evaluation:
    """The evaluation objects among a file's statements, in file order."""
    return Evaluation(
        benchmarks=tuple(c for c in children if isinstance(c, BenchmarkDecl)),
        answer_keys=tuple(c for c in children if isinstance(c, AnswerKeyDecl)),
        runners=tuple(c for c in children if isinstance(c, RunnerDecl)),
        result_schemas=tuple(c for c in children if isinstance(c, ResultSchemaDecl)),
    )


@v_args(meta=True)
class EvaluationRules(SpecRules):
    """The evaluation statements."""

    def _items(
        self, items: list[Any], where: str, repeatable: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        """Each keyword's value; a keyword not in ``repeatable`` given twice is SPC003."""
        found: dict[str, Any] = {}
        seen: set[str] = set()
        for item in items:
            if not isinstance(item, _Item):
                continue
            if item.keyword in repeatable:
                found.setdefault(item.keyword, []).append(item.value)
            elif self._once(seen, item.keyword, item.span, where):
                found[item.keyword] = item.value
        return found

    def _unique(self, names: list[tuple[str, Span]], what: str, where: str) -> None:
        """SPC003 at each name given a second time in one block."""
        seen: set[str] = set()
        for name, span in names:
            if name in seen:
                self._problem(SPC003, f"{what} `{name}` is given twice in {where}", span)
            seen.add(name)

    def benchmark(self, meta: Meta, children: list[Any]) -> BenchmarkDecl:
        name, version, *items = children
        where = f"benchmark `{token_name(name)}`"
        found = self._items(items, where)
        tasks = tuple(i for i in items if isinstance(i, TaskDecl))
        self._unique([(t.name, t.name_span) for t in tasks], "task", where)
        return BenchmarkDecl(
            name=self._text(name, "a benchmark name"),
            version=self._int(version, "a benchmark version", 1),
            overview=found.get("overview", ()),
            budget=found.get("budget", 20_000),
            tasks=tasks,
            span=self._span(meta),
            name_span=self._tspan(name),
        )

    def overview(self, meta: Meta, children: list[Token]) -> _Item:
        paths = tuple(self._text(t, "an overview path") for t in children)
        return _Item("overview", paths, self._span(meta))

    def budget(self, meta: Meta, children: list[Token]) -> _Item:
        # The most `assay assemble --budget` takes: a bundle is built in memory.
        size = self._int(children[0], "a budget", 0, MAX_BUDGET["bytes"])
        return _Item("budget", size, self._span(meta))

    def task(self, meta: Meta, children: list[Any]) -> TaskDecl:
        name, *items = children
        found = self._items(items, f"task `{token_name(name)}`")
        if "prompt" not in found:
            message = f"task `{token_name(name)}` has no `prompt`: what is the agent asked?"
            self._problem(SPC004, message, self._tspan(name))
        return TaskDecl(
            name=self._text(name, "a task name"),
            where=found.get("where", ()),
            prompt=found.get("prompt", ""),
            check=found.get("check", ()),
            span=self._span(meta),
            name_span=self._tspan(name),
        )

    def task_where(self, meta: Meta, children: list[tuple[str, str, Span]]) -> _Item:
        self._unique([(key, span) for key, _, span in children], "dimension", "a task")
        return _Item("where", tuple((k, v) for k, v, _ in children), self._span(meta))

    def task_dimension(self, meta: Meta, children: list[Token]) -> tuple[str, str, Span]:
        key, value = children
        return key.value, self._text(value, "a dimension value"), self._tspan(key)

    def prompt(self, meta: Meta, children: list[Token]) -> _Item:
        # Several strings are lines of one prompt: a string is one line long.
        return _Item("prompt", "\n".join(unquote(t.value) for t in children), self._span(meta))

    def task_check(self, meta: Meta, children: list[tuple[str, ...]]) -> _Item:
        return _Item("check", children[0], self._span(meta))

    def string_list(self, meta: Meta, children: list[Token]) -> tuple[str, ...]:
        return tuple(unquote(t.value) for t in children)

    def answer_key(self, meta: Meta, children: list[Any]) -> AnswerKeyDecl:
        name, version, benchmark, *answers = children
        where = f"answer key `{token_name(name)}`"
        self._unique([(a.task, a.span) for a in answers], "task", where)
        return AnswerKeyDecl(
            name=self._text(name, "an answer key name"),
            version=self._int(version, "an answer key version", 1),
            benchmark=self._text(benchmark, "a benchmark name"),
            answers=tuple(answers),
            span=self._span(meta),
            name_span=self._tspan(name),
            benchmark_span=self._tspan(benchmark),
        )

    def answer(self, meta: Meta, children: list[Token]) -> AnswerDecl:
        task, answer = children
        return AnswerDecl(
            task=self._text(task, "a task name"),
            answer=unquote(answer.value),
            span=self._tspan(task),
        )

    def runner(self, meta: Meta, children: list[Any]) -> RunnerDecl:
        name, version, *items = children
        found = self._items(items, f"runner `{token_name(name)}`")
        if "argv" not in found:
            message = f"runner `{token_name(name)}` has no `argv`: which command runs the agent?"
            self._problem(SPC004, message, self._tspan(name))
        return RunnerDecl(
            name=self._text(name, "a runner name"),
            version=self._int(version, "a runner version", 1),
            argv=found.get("argv", ("",)),
            env=found.get("env", ()),
            timeout=found.get("timeout", 600),
            paid="paid" in found,
            span=self._span(meta),
            name_span=self._tspan(name),
        )

    def runner_argv(self, meta: Meta, children: list[tuple[str, ...]]) -> _Item:
        argv = children[0]
        if not argv[0]:
            self._problem(
                SPC004, "the program (argv's first item) must not be empty", self._span(meta)
            )
        return _Item("argv", argv, self._span(meta))

    def runner_env(self, meta: Meta, children: list[tuple[str, ...]]) -> _Item:
        return _Item("env", children[0], self._span(meta))

    def runner_timeout(self, meta: Meta, children: list[Token]) -> _Item:
        return _Item("timeout", self._int(children[0], "a timeout", 1), self._span(meta))

    def paid(self, meta: Meta, children: list[Token]) -> _Item:
        return _Item("paid", True, head(self._span(meta), "paid"))

    def result_schema(self, meta: Meta, children: list[Any]) -> ResultSchemaDecl:
        name, version, *items = children
        where = f"result schema `{token_name(name)}`"
        found = self._items(items, where, repeatable=("field", "counter"))
        fields, counters = found.get("field", []), found.get("counter", [])
        named = [found.get("answer", "answer"), *fields, *counters]
        self._unique([(n, self._span(meta)) for n in named], "field", where)
        return ResultSchemaDecl(
            name=self._text(name, "a result schema name"),
            version=self._int(version, "a result schema version", 1),
            answer=found.get("answer", "answer"),
            fields=tuple(fields),
            counters=tuple(counters),
            span=self._span(meta),
            name_span=self._tspan(name),
        )

    def result_answer(self, meta: Meta, children: list[Token]) -> _Item:
        return _Item("answer", self._text(children[0], "a field name"), self._span(meta))

    def result_field(self, meta: Meta, children: list[Token]) -> _Item:
        return _Item("field", self._text(children[0], "a field name"), self._span(meta))

    def result_counter(self, meta: Meta, children: list[Token]) -> _Item:
        return _Item("counter", self._text(children[0], "a counter name"), self._span(meta))


def token_name(token: Token) -> str:
    """A name token's text, for messages."""
    return unquote(token.value) if token.type == "STRING" else str(token.value)
