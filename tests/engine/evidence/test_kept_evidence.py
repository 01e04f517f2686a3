"""What a store keeps, the summary shows (seed 002: "Summaries ... retain wrong
answers"; "optional omissions remain explicit"; a policy must precede execution, and
a refusal is not one; independent declaration versions).

Stores are generated row by row in real SQLite through the store's own writes:
attempts under several runner, answer key and benchmark versions (the earlier ones
legacy), completed or failed, wrong or right, delivered with or without optional
units and with declarations at several versions, and rows refused or stopped by a
basis error before any policy existed. Whatever the store, its summary counts every
wrong answer, never withholds the verdict (EVL031) for rows that launched nothing,
names every optional unit a compared attempt went without (EVL040), and says when
the compared attempts mix one declaration's versions (EVL041).
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from assay.api import evaluation
from assay.engine.evidence.records import Finish, Store
from assay.spec.evaluation_summary import Summary
from assay.spec.evidence import Attempt, Policy, Provision, Versions

_POLICY_AT = "2026-11-01T00:00:00.000Z"
_TASKS = ("t1", "t2")
#: The statuses of rows recorded without a launch.
_NOT_LAUNCHED = ("refused", "basis-error")
_UNITS = ("docs/history.md (sha256 11, 900 bytes)", "docs/faq.md:3-9 (sha256 22, 80 bytes)")

_versions = st.builds(
    Versions,
    benchmark=st.sampled_from(["bench@1", "bench@2"]),
    answer_key=st.sampled_from(["key@1", "key@2"]),
    runner=st.sampled_from(["fixture@1", "fixture@2"]),
    result_schema=st.just("result@1"),
    declarations=st.lists(st.sampled_from(["testing@1", "testing@2", "style@1"]), max_size=2).map(
        lambda names: tuple(dict.fromkeys(names))
    ),
)


@st.composite
def _row(draw: st.DrawFn, index: int) -> dict[str, object]:
    status = draw(st.sampled_from(["completed", "completed", "failed", "refused", "basis-error"]))
    launched = status not in _NOT_LAUNCHED
    # An execution starts after the policy; a row that launched nothing may predate it
    # (a run tried, and refused, before any policy existed).
    early = not launched and draw(st.booleans())
    started = f"2026-{'10-01' if early else '11-02'}T10:{index // 60:02d}:{index % 60:02d}.000Z"
    correctness = (
        draw(st.sampled_from(["correct", "wrong"])) if status == "completed" else "unknown"
    )
    return {
        "task": draw(st.sampled_from([*_TASKS, "gone"])),
        "condition": draw(st.sampled_from(["overview", "task"])),
        "status": status,
        "versions": draw(_versions),
        "started_at": started,
        "correctness": correctness,
        "answer": None if correctness == "unknown" else f"answer {index}",
        "omitted": tuple(draw(st.lists(st.sampled_from(_UNITS), max_size=2, unique=True))),
    }


_stores = st.integers(1, 12).flatmap(lambda n: st.tuples(*(_row(i) for i in range(n))))


def _write(path: Path, rows: Sequence[dict[str, object]], policy_at: str = _POLICY_AT) -> None:
    with Store(path) as store:
        store.record_policy(
            Policy(name="eval", version=1, recorded_at=policy_at, minimum_difference=0.0)
        )
        for row in rows:
            omitted = {"omitted": row["omitted"]} if row["omitted"] else {}
            provision = Provision(complete=True, **omitted)  # type: ignore[arg-type]
            ident = store.launch(
                prep=None,
                task=str(row["task"]),
                condition=str(row["condition"]),
                versions=row["versions"],  # type: ignore[arg-type]
                command=("agent",),
                stdin=b"",
                stdin_sha256="0" * 64,
                provision=provision,
                shard=None,
                started_at=str(row["started_at"]),
                status=str(row["status"]),
            )
            store.finish(
                ident,
                Finish(
                    status=str(row["status"]),
                    duration_ms=10,
                    exit_code=0,
                    correctness=str(row["correctness"]),
                    answer=row["answer"],  # type: ignore[arg-type]
                ),
            )


def _summarized(rows: tuple[dict[str, object], ...]) -> tuple[list[Attempt], Summary]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "evidence.sqlite"
        _write(path, rows)
        return evaluation.attempts(path), evaluation.summarize_store(path)


@settings(max_examples=min(settings().max_examples, 60), deadline=None)
@given(_stores)
def test_every_wrong_answer_is_counted_and_refusals_are_not_executions(
    rows: tuple[dict[str, object], ...],
) -> None:
    kept, summary = _summarized(tuple({**row, "omitted": ()} for row in rows))
    # Every wrong answer, whatever versions it ran under, whatever task.
    assert {a.id for a in kept if a.correctness == "wrong"} == {
        w.attempt for w in summary.wrong_answers
    }
    # Rows that launched nothing are not executions: they never precede the policy.
    assert "EVL031" not in {r.code for r in summary.no_verdict}, summary.no_verdict


@settings(max_examples=min(settings().max_examples, 60), deadline=None)
@given(_stores)
def test_omissions_and_mixed_declarations_are_said(rows: tuple[dict[str, object], ...]) -> None:
    kept, summary = _summarized(rows)
    compared = {
        i
        for d in summary.differences
        for i in (d.overview_attempt, d.task_attempt)
        if i is not None
    }
    by_id = {a.id: a for a in kept}
    notes = {n.code: n for n in summary.notes}
    # Every optional unit a compared attempt went without is named, with the attempt.
    short = {i for i in compared if by_id[i].provision.omitted}
    if short:
        assert set(notes["EVL040"].attempts) == short
        for i in short:
            for unit in by_id[i].provision.omitted:
                assert unit in notes["EVL040"].message
    else:
        assert "EVL040" not in notes
    # One declaration at several versions among the compared attempts is said.
    versions: dict[str, set[str]] = {}
    for i in compared:
        for delivered in by_id[i].versions.declarations:
            name, _, version = delivered.rpartition("@")
            versions.setdefault(name, set()).add(version)
    mixed = sorted(name for name, seen in versions.items() if len(seen) > 1)
    said = [n.message for n in summary.notes if n.code == "EVL041"]
    assert len(said) == len(mixed)
    for name, message in zip(mixed, said, strict=True):
        assert f"declaration {name} " in message


@settings(max_examples=min(settings().max_examples, 25), deadline=None)
@given(
    refused=st.lists(st.sampled_from(["refused", "basis-error"]), min_size=1, max_size=3),
    launched=st.integers(1, 3),
)
def test_merged_shards_do_not_count_refusals_as_executions(
    refused: list[str], launched: int
) -> None:
    """Shard A recorded the policy at 10:00 after refusing rows at 09:00 (no policy
    yet), then ran attempts from 10:01; shard B recorded the same policy at 11:00.
    Merged, the policy precedes every execution: no EVL031."""
    versions = Versions(
        benchmark="bench@1", answer_key="key@1", runner="fixture@1", result_schema="result@1"
    )

    def row(index: int, status: str, at: str) -> dict[str, object]:
        return {
            "task": "t1",
            "condition": ("overview", "task")[index % 2],
            "status": status,
            "versions": versions,
            "started_at": at,
            "correctness": "correct" if status == "completed" else "unknown",
            "answer": "42" if status == "completed" else None,
            "omitted": (),
        }

    early = [row(i, s, f"2026-11-02T09:00:{i:02d}.000Z") for i, s in enumerate(refused)]
    ran = [row(i, "completed", f"2026-11-02T10:01:{i:02d}.000Z") for i in range(launched)]
    with tempfile.TemporaryDirectory() as folder:
        a, b, out = (Path(folder) / n for n in ("a.sqlite", "b.sqlite", "out.sqlite"))
        _write(a, (*early, *ran), policy_at="2026-11-02T10:00:00.000Z")
        _write(b, (), policy_at="2026-11-02T11:00:00.000Z")
        evaluation.merge(out, [a, b])
        summary = evaluation.summarize_store(out)
    assert "EVL031" not in {r.code for r in summary.no_verdict}, summary.no_verdict
