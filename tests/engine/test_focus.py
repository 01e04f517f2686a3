"""A run that reports on a few files (``assay check PATHS``) gives the record checks
its focus, and they pass over relations that cannot concern it: what such a run
reports must be exactly what the same checks report, unfocused, about those files.

The records are built from their facts (``checks.record_index``), so hypothesis can
draw workspaces full of what makes relations hard: numbers shared between folders,
links by relative path, by percent-encoded name, with fragments and queries, by
repository URL, external URLs that fall back to the number, links to no record.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from assay.engine.checks import CHECKS
from assay.engine.checks.base import Finding
from assay.engine.workspace.candidates import Discovery
from assay.engine.workspace.document_context import WorkspaceContext
from assay.engine.workspace.links import FileIndex
from assay.engine.workspace.record_index import Facts, Focus, Record, RecordIndex, Target
from tests.conftest import ROOT

FOLDERS = ("docs/adr", "docs/adr/payments", "doc/adr")
REPOSITORY = "https://github.com/team/billing"
RELATIONS = (
    ("Supersedes", "Superseded by"),
    ("Superseded by", "Supersedes"),
    ("superseded by", "supersedes"),
    ("Amends", "Amended by"),
    ("Amended by", "Amends"),
    ("Relates to", None),
)
WORKSPACE_CHECKS = [c for c in CHECKS if c.scope == "workspace"]
#: The profile's count, up to 1,000: each example draws a whole workspace, and 1,000
#: workspaces already draw each kind of link in every position many times over.
BOUNDED = settings(max_examples=min(settings().max_examples, 1_000))


def _span(line: int) -> tuple[int, int, int, int, int, int]:
    return (line * 10, line * 10 + 5, line, 1, line, 6)


def _relative(source: str, target: str) -> str:
    """``target`` as a link written in ``source``'s folder (climbing with ``..``)."""
    here, there = source.rpartition("/")[0].split("/"), target.split("/")
    common = 0
    while common < min(len(here), len(there) - 1) and here[common] == there[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + there[common:])


KINDS = ("none", "relative", "encoded", "fragment", "query", "rooted", "blob", "external",
         "anchor", "missing", "dotted")  # fmt: skip


@st.composite
def _destination(draw: st.DrawFn, source: str, paths: list[str]) -> str | None:
    kind = draw(st.sampled_from(KINDS))
    target = draw(st.sampled_from(paths))
    name = target.rpartition("/")[2]
    relative = _relative(source, target)
    return {
        "none": None,
        "relative": relative,
        "encoded": relative.replace("-", "%2D"),
        "fragment": f"{relative}#decision",
        "query": f"{relative}?plain=1",
        "rooted": f"/{target}",
        "blob": f"{REPOSITORY}/blob/main/{target}",
        "external": f"https://example.com/adr/{name}",
        "anchor": "#consequences",
        "missing": relative.replace(".md", "-old.md"),
        "dotted": f"./{relative}/.",
    }[kind]


@st.composite
def workspaces(draw: st.DrawFn) -> tuple[RecordIndex, list[str]]:
    """Decision records as the record checks see them, and their paths."""
    count = draw(st.integers(1, 9))
    paths = []
    numbers: list[int | None] = []
    for i in range(count):
        folder = draw(st.sampled_from(FOLDERS))
        number = draw(st.none() | st.integers(0, 4))
        numbers.append(number)
        stem = f"{number:04d}-r{i}" if number is not None else f"r{i}"
        paths.append(f"{folder}/{stem}.md")
    records = []
    line = 1
    for path, number in zip(paths, numbers, strict=True):
        values = draw(st.lists(st.sampled_from(["accepted", "superseded", None]), max_size=2))
        statuses = tuple((value, _span(line := line + 1)) for value in values)
        relations = []
        for name, inverse in draw(st.lists(st.sampled_from(RELATIONS), max_size=3)):
            targets: list[Target] = []
            for _ in range(draw(st.integers(1, 2))):
                destination = draw(_destination(path, paths))
                target_number = draw(st.none() | st.integers(0, 4))
                targets.append(("ADR", destination, target_number, _span(line := line + 1)))
            relations.append((name, inverse, tuple(targets)))
        facts: Facts = (number, _span(1), statuses, tuple(relations), ())
        records.append(Record(path, facts))
    files = FileIndex.build([*paths, "docs/adr/README.md"])
    return RecordIndex(records, files, (REPOSITORY,)), paths


def _context(index: RecordIndex, focus: frozenset[str] | None) -> WorkspaceContext:
    return WorkspaceContext(
        documents=(),
        discovery=Discovery(root=ROOT, documents=(), specs=(), skipped=(), notes=(), git=True),
        files=index.files,
        index=index,
        focus=focus,
    )


def _reported(findings: list[Finding], focus: frozenset[str]) -> list[Finding]:
    """What the runner keeps of a focused run: findings in focus or naming a file in it."""
    return [f for f in findings if f.path in focus or any(r.path in focus for r in f.related)]


@st.composite
def focused(draw: st.DrawFn) -> tuple[RecordIndex, frozenset[str]]:
    """A workspace of records, and some of their paths as a run's focus."""
    index, paths = draw(workspaces())
    return index, frozenset(draw(st.sets(st.sampled_from(paths), min_size=1)))


@BOUNDED
@given(focused())
def test_a_focused_check_reports_what_an_unfocused_one_reports_about_the_focus(
    drawn: tuple[RecordIndex, frozenset[str]],
) -> None:
    index, focus = drawn
    for check in WORKSPACE_CHECKS:
        everything = list(check.run(_context(index, None)))  # type: ignore[arg-type]
        focused = list(check.run(_context(index, focus)))  # type: ignore[arg-type]
        assert _reported(focused, focus) == _reported(everything, focus), check.code


@BOUNDED
@given(focused())
def test_a_target_that_leads_into_the_focus_is_never_passed_over(
    drawn: tuple[RecordIndex, frozenset[str]],
) -> None:
    index, paths = drawn
    focus = Focus(paths, index)
    for record in index.records:
        for _name, _inverse, targets in record.relations:
            for target in targets:
                other = index.target(record, target)
                if other is not None and other.path in focus:
                    assert focus.may_name(target), (record.path, target, other.path)


def test_focus_passes_over_targets_that_cannot_lead_into_it() -> None:
    """The point of the focus: most relations are passed over without resolving."""
    records = [
        Record("docs/adr/0001-a.md", (1, None, (), (), ())),
        Record("docs/adr/0002-b.md", (2, None, (), (), ())),
    ]
    focus = Focus({"docs/adr/0001-a.md"}, RecordIndex(records, FileIndex.build([])))
    assert focus.may_name(("ADR 1", None, 1, _span(1)))
    assert focus.may_name(("a", "0001%2Da.md#why", None, _span(1)))
    assert focus.may_name(("a", f"{REPOSITORY}/blob/main/docs/adr/0001-a.md?x=1", None, _span(1)))
    assert not focus.may_name(("ADR 2", None, 2, _span(1)))
    assert not focus.may_name(("b", "0002-b.md", None, _span(1)))
    assert not focus.may_name(("b", "0002-b.md#0001-a.md", 2, _span(1)))
