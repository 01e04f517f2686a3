"""summarize: the compared pairs, matched differences before aggregates, and what is
left out (incompatible versions, incomplete counters, undated rates), each reported."""

from __future__ import annotations

from attrs import evolve

from assay.engine.evidence.summary import summarize
from assay.spec.evidence import Rate
from tests.engine.evidence.summary.build import POLICY, VERSIONS, attempt, pairs


def _crafted() -> tuple[list, list[str]]:
    """Four hard tasks run in both conditions (the bundle fixes two of them) and six
    easy tasks only with the overview: pooled, the overview looks better."""
    hard = pairs(*((f"hard{i}", "wrong", "correct" if i < 2 else "wrong") for i in range(4)))
    easy = [attempt(100 + i, f"easy{i}", "overview", "correct") for i in range(6)]
    tasks = [f"hard{i}" for i in range(4)] + [f"easy{i}" for i in range(6)]
    return hard + easy, tasks


def test_matched_differences_come_first_and_disagree_with_pooled_means() -> None:
    """Pooled rates favour the overview (6/10 vs 2/4); the matched difference favours
    the bundle (+0.5 on the four paired tasks), and it is what the summary leads with."""
    attempts, tasks = _crafted()
    summary = summarize(attempts, tasks=tasks, policy=POLICY)
    overview, bundled = summary.descriptive
    assert (overview.correct, overview.attempts, bundled.correct, bundled.attempts) == (6, 10, 2, 4)
    assert overview.rate is not None and bundled.rate is not None
    assert overview.rate > bundled.rate  # the pooled means say: overview better
    correct = summary.aggregates[0]
    assert correct.measure == "correct" and correct.pairs == 4
    assert correct.mean_difference == 0.5  # the matched differences say: bundle better
    assert (correct.task_only, correct.overview_only) == (2, 0)
    names = [f.name for f in type(summary).__attrs_attrs__]
    assert names.index("differences") < names.index("aggregates") < names.index("descriptive")
    assert [d.task for d in summary.differences] == tasks
    assert [v.difference for v in summary.differences[0].values if v.measure == "correct"] == [1.0]
    assert summary.differences[4].values == ()  # easy0: no pair, no matched value


def test_incompatible_versions_are_reported_and_never_mixed() -> None:
    """Attempts under another answer key are a reported group; the latest versions win."""
    old = evolve(VERSIONS, answer_key="key@0")
    attempts = [
        attempt(1, "t1", "overview", "correct", versions=old),
        attempt(2, "t1", "task", "wrong", versions=old),
        attempt(3, "t1", "overview", "wrong"),
        attempt(4, "t1", "task", "correct"),
    ]
    summary = summarize(attempts, tasks=["t1"], policy=POLICY)
    assert summary.versions == VERSIONS
    [group] = summary.incompatible
    assert group.versions == old and group.attempts == (1, 2)
    assert [n.code for n in summary.notes] == ["EVL025"]
    [row] = summary.differences
    assert (row.overview_attempt, row.task_attempt) == (3, 4)


def test_a_cue_or_declaration_version_does_not_break_compatibility() -> None:
    """What the conditions deliver may differ; benchmark, key, runner and schema may not."""
    cued = evolve(VERSIONS, cue="testing@2", declarations=("go-testing@3",))
    attempts = [attempt(1, "t1", "overview"), attempt(2, "t1", "task", versions=cued)]
    summary = summarize(attempts, tasks=["t1"], policy=POLICY)
    assert summary.incompatible == () and summary.differences[0].task_attempt == 2


def test_the_latest_attempt_is_compared_even_when_it_failed() -> None:
    """An older success never stands in for a newer failure; both stay visible."""
    attempts = [
        attempt(1, "t1", "overview", "correct"),
        attempt(2, "t1", "task", "correct"),
        attempt(3, "t1", "task", "unknown", status="timeout", answer=None),
    ]
    summary = summarize(attempts, tasks=["t1"], policy=POLICY)
    [row] = summary.differences
    assert row.task_attempt == 3 and row.task_status == "timeout"
    assert "EVL032" in [r.code for r in summary.no_verdict]


def test_wrong_answers_are_all_retained() -> None:
    """Every wrong answer under the compared versions is listed, earlier ones too."""
    attempts = [
        attempt(1, "t1", "overview", "wrong", answer="41"),
        attempt(2, "t1", "task", "wrong", answer="40"),
        attempt(3, "t1", "task", "correct"),
    ]
    summary = summarize(attempts, tasks=["t1"], policy=POLICY)
    listed = [(w.task, w.condition, w.attempt, w.answer, w.compared) for w in summary.wrong_answers]
    assert listed == [("t1", "overview", 1, "41", True), ("t1", "task", 2, "40", False)]


def test_incomplete_counters_are_not_used() -> None:
    """A counter incomplete on one compared attempt is left out of every task, noted."""
    attempts = [
        attempt(1, "t1", "overview", counters={"input_tokens": 100, "output_tokens": 5}),
        attempt(2, "t1", "task", counters={"input_tokens": 300, "output_tokens": None}),
        attempt(3, "t2", "overview", counters={"input_tokens": 120, "output_tokens": 7}),
        attempt(4, "t2", "task", counters={"input_tokens": 260, "output_tokens": 9}),
    ]
    summary = summarize(attempts, tasks=["t1", "t2"], policy=POLICY)
    measures = {v.measure for row in summary.differences for v in row.values}
    assert "counter:input_tokens" in measures and "counter:output_tokens" not in measures
    [note] = [n for n in summary.notes if n.code == "EVL027"]
    assert "output_tokens" in note.message and note.attempts == (2,)
    # and input_tokens was converted with the one dated rate: 0.002 per token
    t1 = {v.measure: v for v in summary.differences[0].values}
    assert t1["credit:input_tokens"].difference == 300 * 0.002 - 100 * 0.002
    [use] = summary.rates
    assert (use.kind, use.counter, use.dated, use.attempts) == (
        "credit",
        "input_tokens",
        "2026-10-01",
        4,
    )


def test_a_rate_dated_after_an_attempt_is_not_used() -> None:
    """Each attempt uses the latest rate dated on or before its start; none: no credit."""
    rates = (
        Rate(kind="credit", counter="input_tokens", per_unit=1.0, dated="2026-10-01"),
        Rate(kind="credit", counter="input_tokens", per_unit=2.0, dated="2026-11-03"),
        Rate(kind="speed", counter="input_tokens", per_unit=50.0, dated="2026-12-01"),
    )
    policy = evolve(POLICY, rates=rates)
    attempts = [
        attempt(1, "t1", "overview", counters={"input_tokens": 10}),
        attempt(2, "t1", "task", counters={"input_tokens": 10}, started_at="2026-11-04T09:00:00Z"),
    ]
    summary = summarize(attempts, tasks=["t1"], policy=policy)
    values = {v.measure: v for v in summary.differences[0].values}
    assert (values["credit:input_tokens"].overview, values["credit:input_tokens"].task) == (10, 20)
    assert [(r.dated, r.per_unit, r.attempts) for r in summary.rates] == [
        ("2026-10-01", 1.0, 1),
        ("2026-11-03", 2.0, 1),
    ]
    assert "seconds:input_tokens" not in values  # the speed rate is dated after both
    assert [n.code for n in summary.notes] == ["EVL028"]


def test_durations_are_matched_only_where_both_sides_have_one() -> None:
    """A pair with a missing duration contributes no duration difference."""
    attempts = [
        attempt(1, "t1", "overview", duration_ms=1000),
        attempt(2, "t1", "task", duration_ms=1500),
        attempt(3, "t2", "overview", duration_ms=None),
        attempt(4, "t2", "task", duration_ms=900),
        attempt(5, "t3", "overview", duration_ms=2000),
        attempt(6, "t3", "task", duration_ms=1000),
    ]
    summary = summarize(attempts, tasks=["t1", "t2", "t3"], policy=POLICY)
    [duration] = [a for a in summary.aggregates if a.measure == "duration_ms"]
    assert duration.pairs == 2 and duration.mean_difference == (500 - 1000) / 2
    assert duration.method == "t"


def test_attempts_for_tasks_outside_the_benchmark_are_noted() -> None:
    """An attempt for a task the benchmark does not list is not compared, and said so."""
    summary = summarize(
        [*pairs(("t1", "wrong", "correct")), attempt(9, "gone", "task")],
        tasks=["t1"],
        policy=POLICY,
    )
    [note] = summary.notes
    assert note.code == "EVL026" and note.attempts == (9,)


def test_a_subset_limits_the_comparison() -> None:
    """`2-3` compares the second and third tasks only; others are not reported missing.
    The verdict needs the subset declared in the policy (as `b,c` here: the same tasks)."""
    attempts = pairs(
        ("a", "wrong", "correct"), ("b", "correct", "correct"), ("c", "wrong", "wrong")
    )
    declared = evolve(POLICY, subset="b,c")
    summary = summarize(attempts, tasks=["a", "b", "c", "d"], policy=declared, subset="2-3")
    assert summary.tasks == ("b", "c") and summary.no_verdict == ()
    assert summary.verdict is not None


def test_a_subset_names_the_tasks_it_leaves_out_with_their_statuses() -> None:
    """Leaving out the failed task `a` is said, with its attempts' statuses (EVL038);
    and without the subset declared in the policy there is no verdict (EVL039)."""
    attempts = [
        *pairs(("b", "correct", "correct"), ("c", "wrong", "correct")),
        attempt(5, "a", "overview", status="failed", correctness="unknown"),
        attempt(6, "a", "task", status="timeout", correctness="unknown"),
    ]
    summary = summarize(attempts, tasks=["a", "b", "c", "d"], policy=POLICY, subset="b,c")
    [note] = [n for n in summary.notes if n.code == "EVL038"]
    assert "leaves out 2 of 4 benchmark tasks" in note.message
    assert "a (overview #5 failed, task #6 timeout); d (no attempt)" in note.message
    assert note.attempts == (5, 6)
    assert summary.verdict is None
    [why] = summary.no_verdict
    assert why.code == "EVL039" and "declares no subset" in why.message
    other = summarize(
        attempts, tasks=["a", "b", "c", "d"], policy=evolve(POLICY, subset="1-2"), subset="b,c"
    )
    assert [r.code for r in other.no_verdict] == ["EVL039"]
    assert "selects other tasks" in other.no_verdict[0].message


def test_policy_less_summary_converts_nothing() -> None:
    """Without a policy there are no rates: counters are compared, never priced."""
    attempts = [
        attempt(1, "t1", "overview", counters={"input_tokens": 1}),
        attempt(2, "t1", "task", counters={"input_tokens": 2}),
    ]
    summary = summarize(attempts, tasks=["t1"], policy=None)
    assert summary.rates == ()
    assert {v.measure for v in summary.differences[0].values} == {
        "correct",
        "duration_ms",
        "counter:input_tokens",
    }
