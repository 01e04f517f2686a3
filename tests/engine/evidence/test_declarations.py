"""The evaluation statements of the spec language: each object with its own version,
legacy versions chosen by NAME@V, and errors as SPC/EVL diagnostics at line:column."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.evidence.catalog import build_catalog, choose
from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.plan import make_plan
from assay.engine.workspace.config import load_config
from assay.grammar.spec import parse_spec
from tests.engine.evidence.workspace import make, spec

OBJECTS = """\
benchmark demo version 1 {
    overview "docs/a.md", "docs/b.md"
    task add { prompt "1+1?" }
}
benchmark demo version 2 {
    budget 100
    task add {
        where language python, repository "svc-a"
        prompt "What is" "1+1?"
        check ["python3", "check.py"]
    }
}
answers key version 1 for demo { add "2" }
runner agent version 3 { argv ["agent", "--quiet"] env [PATH] timeout 9 paid }
results out version 1 { answer reply field why counter tokens counter requests }
"""


def _catalog(text: str):  # type: ignore[no-untyped-def]
    parsed = parse_spec(text, "eval.assay")
    assert parsed.value is not None, parsed.diagnostics
    return build_catalog([parsed.value])


def test_every_object_reads_with_its_own_version() -> None:
    """Benchmarks, answer key, runner and result schema, each name@version."""
    catalog = _catalog(OBJECTS)
    newest = choose(catalog.benchmarks, "benchmark", None).decl
    legacy = choose(catalog.benchmarks, "benchmark", "demo@1").decl
    assert (newest.version, legacy.version) == (2, 1)  # type: ignore[union-attr]
    [task] = newest.tasks  # type: ignore[union-attr]
    assert task.where == (("language", "python"), ("repository", "svc-a"))
    assert task.prompt == "What is\n1+1?" and task.check == ("python3", "check.py")
    assert legacy.overview == ("docs/a.md", "docs/b.md")  # type: ignore[union-attr]
    runner = choose(catalog.runners, "runner", "agent@3").decl
    assert (runner.argv, runner.env, runner.timeout, runner.paid) == (  # type: ignore[union-attr]
        ("agent", "--quiet"),
        ("PATH",),
        9,
        True,
    )
    schema = choose(catalog.result_schemas, "results", None).decl
    assert (schema.answer, schema.fields, schema.counters) == (  # type: ignore[union-attr]
        "reply",
        ("why",),
        ("tokens", "requests"),
    )
    assert catalog.diagnostics == ()


@pytest.mark.parametrize(
    ("text", "code", "line", "column", "words"),
    [
        (
            'benchmark b version 1 { task t { prompt "x" } task t { prompt "y" } }',
            "SPC003",
            1,
            52,
            "task `t` is given twice",
        ),
        ("benchmark b version 1 { task t { } }", "SPC004", 1, 30, "has no `prompt`"),
        ("runner r version 1 { timeout 3 }", "SPC004", 1, 8, "has no `argv`"),
        ('runner r version 1 { argv ["a"] timeout 0 }', "SPC004", 1, 41, "at least 1"),
        ('runner r version 0 { argv ["a"] }', "SPC004", 1, 18, "at least 1"),
        ('runner r version 1 { argv ["a"] paid paid }', "SPC003", 1, 38, "`paid` is given twice"),
        ("results r version 1 { answer a answer b }", "SPC003", 1, 32, "`answer` is given twice"),
        (
            "benchmark b version 1 { task t { prompt 3 } }",
            "SPC001",
            1,
            41,
            "expected a quoted string",
        ),
    ],
)
def test_statement_errors_are_spec_diagnostics_with_positions(
    text: str, code: str, line: int, column: int, words: str
) -> None:
    """Each problem one statement shows is SPC001/3/4 at the place it is written."""
    parsed = parse_spec(text, "eval.assay")
    assert parsed.value is None
    found = [(d.code, d.span.line, d.span.column) for d in parsed.diagnostics]
    assert (code, line, column) in found, parsed.diagnostics
    assert any(words in d.message for d in parsed.diagnostics)


@pytest.mark.parametrize(
    ("text", "code", "line", "column"),
    [
        ('answers k version 1 for nothing { a "1" }', "EVL001", 1, 25),
        (
            'benchmark b version 1 { task a { prompt "p" } }\n'
            'answers k version 1 for b { a "1" z "1" }',
            "EVL003",
            2,
            35,
        ),
        (
            'benchmark b version 1 { task a { prompt "p" } }\nanswers k version 1 for b { }',
            "EVL004",
            2,
            9,
        ),
        ('runner r version 1 { argv ["a"] }\nrunner r version 1 { argv ["b"] }', "EVL002", 2, 8),
    ],
)
def test_problems_across_statements_are_evl_diagnostics(
    text: str, code: str, line: int, column: int
) -> None:
    """Answer keys for unknown benchmarks or tasks, missing answers, duplicates."""
    found = [(d.code, d.span.line, d.span.column) for d in _catalog(text).diagnostics]
    assert found == [(code, line, column)]


def test_choosing_an_undeclared_version_names_those_declared() -> None:
    """NAME@V that does not exist is EVL001 listing what does; two names need a choice."""
    catalog = _catalog(OBJECTS + 'runner other version 1 { argv ["b"] }\n')
    with pytest.raises(EvidenceError, match=r"EVL001.*'agent@9'.*agent@3, other@1"):
        choose(catalog.runners, "runner", "agent@9")
    with pytest.raises(EvidenceError, match=r"EVL005.*--runner"):
        choose(catalog.runners, "runner", None)


def test_a_plan_with_spec_errors_stops_with_all_of_them(tmp_path: Path) -> None:
    """make_plan raises with the SPC diagnostics, file:line:col kept."""
    root = make(tmp_path / "ws", spec("correct") + "\nrunner broken version 1 { }\n")
    with pytest.raises(EvidenceError) as raised:
        make_plan(load_config(root, None), runner="fixture", need_runner=True)
    [problem] = raised.value.diagnostics
    assert (problem.code, problem.path, problem.span.line) == ("SPC004", "eval.assay", 36)


WORDS = st.from_regex(r"[a-z][a-z0-9-]{0,8}", fullmatch=True).filter(
    lambda w: w not in {"version", "for", "task", "where", "prompt", "check", "paid"}
)


@given(
    st.lists(WORDS, min_size=1, max_size=5, unique=True),
    st.integers(1, 10**6),
    st.text(max_size=20),
)
def test_generated_benchmarks_read_back(tasks: list[str], version: int, prompt: str) -> None:
    """A benchmark written from any task names, version and prompt reads back as written."""
    quoted = prompt.replace("\\", "\\\\").replace('"', '\\"')
    if any(c in prompt for c in "\r\n"):
        quoted = "x"
        prompt = "x"
    body = " ".join(f'task "{t}" {{ prompt "{quoted}" }}' for t in tasks)
    parsed = parse_spec(f"benchmark b version {version} {{ {body} }}", "e.assay")
    assert parsed.value is not None, parsed.diagnostics
    [bench] = parsed.value.evaluation.benchmarks
    assert bench.version == version
    assert [t.name for t in bench.tasks] == tasks


@given(st.text(max_size=200))
def test_any_text_after_a_benchmark_keyword_never_raises(tail: str) -> None:
    """The parser answers every input with a value or diagnostics, never an exception."""
    for head in ("benchmark ", "runner r version 1 { ", "answers k version 1 for ", "results r "):
        parsed = parse_spec(head + tail, "e.assay")
        assert (parsed.value is None) == any(d.severity == "error" for d in parsed.diagnostics)
