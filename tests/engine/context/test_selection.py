"""Selection (seed 002): the truth table of dimensions and versions, and properties.

Every row is a task against declarations written in the spec language, so the table
reads as a user would write it.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.context.selection import Request, select
from assay.engine.workspace.declarations import Declared, collect_declarations
from assay.grammar.spec import parse_spec

SPEC = """\
declaration anywhere version 1 {}
declaration go-only version 1 { when language [go] }
declaration go-or-rust version 1 { when language [go, rust] }
declaration go-svc-a version 1 { when language [go] and repository [svc-a] }
declaration testing version 1 { when language [go] }
declaration testing version 2 { when language [go, rust] }
declaration testing version 3 { when language [rust] }
"""


def declared(text: str, path: str = "context.assay") -> tuple[Declared, ...]:
    parsed = parse_spec(text, path)
    assert parsed.value is not None, parsed.diagnostics
    found, problems = collect_declarations([parsed.value])
    assert not problems
    return found


DECLARED = declared(SPEC)


def chosen(task: dict[str, str], *requests: str) -> list[str]:
    asked = [Request(name=r.split("@")[0], version=int(r.split("@")[1])) for r in requests]
    return [
        f"{d.declared.name}@{d.declared.version}" for d in select(DECLARED, task, asked).selected
    ]


# fmt: off
TABLE = [
    # null: a declaration that names no dimension is global; a task with none gets it
    ({}, (), ["anywhere@1"]),
    # a single value
    ({"language": "go"}, (), ["anywhere@1", "go-only@1", "go-or-rust@1"]),
    # several values: OR within a dimension
    ({"language": "rust"}, (), ["anywhere@1", "go-or-rust@1", "testing@3"]),
    # several dimensions: AND between them; a dimension not named stays global
    ({"language": "go", "repository": "svc-a"}, (),
     ["anywhere@1", "go-only@1", "go-or-rust@1", "go-svc-a@1"]),
    ({"language": "go", "repository": "svc-b"}, (), ["anywhere@1", "go-only@1", "go-or-rust@1"]),
    # a task lacking a named dimension does not match
    ({"repository": "svc-a"}, (), ["anywhere@1"]),
    # a dimension only the task names changes nothing
    ({"language": "go", "task_kind": "bugfix"}, (), ["anywhere@1", "go-only@1", "go-or-rust@1"]),
    # values compare exactly
    ({"language": "Go"}, (), ["anywhere@1"]),
    # the newest (3, rust only) does not match go: no older version stands in
    ({"language": "go"}, (), ["anywhere@1", "go-only@1", "go-or-rust@1"]),
    # a legacy version asked for by name, matched like any candidate
    ({"language": "go"}, ("testing@2",), ["anywhere@1", "go-only@1", "go-or-rust@1", "testing@2"]),
    ({"language": "rust"}, ("testing@1",), ["anywhere@1", "go-or-rust@1"]),
    # two versions asked for: both are candidates
    ({"language": "go"}, ("testing@1", "testing@2"),
     ["anywhere@1", "go-only@1", "go-or-rust@1", "testing@1", "testing@2"]),
]
# fmt: on


@pytest.mark.parametrize(("task", "requests", "expected"), TABLE)
def test_selection_truth_table(
    task: dict[str, str], requests: tuple[str, ...], expected: list[str]
) -> None:
    assert chosen(task, *requests) == expected


def test_every_exclusion_says_why() -> None:
    """The dimension that excluded it with both sides, a missing value, or the newer
    version; versions not asked for say which were."""
    selection = select(DECLARED, {"language": "go"}, [Request(name="testing", version=1)])
    reasons = {f"{d.declared.name}@{d.declared.version}": d for d in selection.excluded}
    assert reasons["go-svc-a@1"].reason == "dimension"
    assert reasons["go-svc-a@1"].dimension == "repository"
    assert reasons["go-svc-a@1"].message == (
        "repository: the task gives no value (wants one of [svc-a])"
    )
    assert reasons["testing@3"].reason == "not-requested"
    assert reasons["testing@3"].message == "not asked for (testing@1 asked for by name)"
    plain = select(DECLARED, {"language": "go"})
    why = {f"{d.declared.name}@{d.declared.version}": d for d in plain.excluded}
    assert why["testing@1"].message == "superseded by version 3"
    assert why["testing@2"].reason == "superseded"
    assert why["testing@3"].message == "language: go is not one of [rust]"
    assert why["testing@3"].dimension == "language"


def test_all_failing_dimensions_are_named_in_spec_order() -> None:
    (decl,) = declared("declaration d version 1 { when os [linux] and language [go] }")
    (decision,) = select([decl], {"language": "c"}).decisions
    assert [m.dimension for m in decision.mismatches] == ["os", "language"]
    assert decision.dimension == "os"
    assert decision.message == (
        "os: the task gives no value (wants one of [linux]); language: c is not one of [go]"
    )


def test_unknown_requests_are_reported_not_selected() -> None:
    selection = select(
        DECLARED, {}, [Request(name="testing", version=9), Request(name="x", version=1)]
    )
    assert [str(r) for r in selection.unknown] == ["testing@9", "x@1"]
    assert [d.reason for d in selection.decisions if d.declared.name == "testing"] == [
        "superseded",
        "superseded",
        "dimension",
    ]


def test_unused_dimensions() -> None:
    selection = select(DECLARED, {"langauge": "go", "repository": "svc-a"})
    assert selection.unused_dimensions == ("langauge",)


# ---- properties: order and placement never matter ------------------------------------

_NAMES = st.sampled_from(["a", "b", "go-testing"])
_DIMS = st.sampled_from(["language", "repository", "kind"])
_VALUES = st.sampled_from(["go", "rust", "svc-a", "x"])
_WHEN = st.dictionaries(_DIMS, st.lists(_VALUES, min_size=1, max_size=3, unique=True), max_size=3)
_DECLS = st.dictionaries(
    st.tuples(_NAMES, st.integers(1, 4)), _WHEN, min_size=0, max_size=8
)  # (name, version) unique, as the spec checks require
_TASK = st.dictionaries(_DIMS, _VALUES, max_size=3)
_REQUESTS = st.lists(st.builds(Request, name=_NAMES, version=st.integers(1, 4)), max_size=2)


def _text(name: str, version: int, when: dict[str, list[str]]) -> str:
    dims = " and ".join(f"{k} [{', '.join(v)}]" for k, v in when.items())
    return f'declaration "{name}" version {version} {{ {"when " + dims if dims else ""} }}\n'


def _outcome(found: tuple[Declared, ...], task: dict[str, str], asked: list[Request]) -> list:
    selection = select(found, task, asked)
    return [(d.declared.name, d.declared.version, d.reason, d.message) for d in selection.decisions]


@given(decls=_DECLS, task=_TASK, asked=_REQUESTS, data=st.data())
def test_result_does_not_depend_on_order_or_spec_file(
    decls: dict[tuple[str, int], dict[str, list[str]]],
    task: dict[str, str],
    asked: list[Request],
    data: st.DataObject,
) -> None:
    """Shuffle the declarations, and spread them over several spec files in any way:
    the same decisions, in the same order."""
    items = list(decls.items())
    one_file = declared("".join(_text(n, v, w) for (n, v), w in items) or "\n")
    shuffled = data.draw(st.permutations(items))
    files: dict[str, list[str]] = {}
    for (name, version), when in shuffled:
        path = data.draw(st.sampled_from(["a.assay", "z/b.assay", "c.assay"]))
        files.setdefault(path, []).append(_text(name, version, when))
    specs = []
    for path in data.draw(st.permutations(sorted(files))):
        parsed = parse_spec("".join(files[path]), path)
        assert parsed.value is not None
        specs.append(parsed.value)
    spread, problems = collect_declarations(specs)
    assert not problems
    spread = tuple(data.draw(st.permutations(spread)))  # select sorts on its own, too
    task_order = dict(data.draw(st.permutations(list(task.items()))))
    assert _outcome(spread, task_order, asked[::-1]) == _outcome(one_file, task, asked)


@given(decls=_DECLS, task=_TASK)
def test_at_most_one_version_of_a_name_without_requests(
    decls: dict[tuple[str, int], dict[str, list[str]]], task: dict[str, str]
) -> None:
    """Without requests a task gets the newest version of a name or none of it."""
    found = declared("".join(_text(n, v, w) for (n, v), w in decls.items()) or "\n")
    selection = select(found, task)
    names = [d.declared.name for d in selection.selected]
    assert len(names) == len(set(names))
    for decision in selection.selected:
        newest = max(v for (n, v) in decls if n == decision.declared.name)
        assert decision.declared.version == newest
        when = decls[(decision.declared.name, decision.declared.version)]
        assert all(task.get(k) in values for k, values in when.items())
