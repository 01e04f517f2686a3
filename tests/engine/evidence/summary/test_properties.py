"""summarize over arbitrary attempt sets: never raises, never depends on input order,
and its JSON always matches its schema."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from assay.engine.evidence.summary import render_markdown, render_text, summarize, summary_json
from assay.spec.evidence import (
    Attempt,
    Counter,
    Policy,
    Provision,
    Rate,
    Verification,
    Versions,
)

TASKS = ["a", "b", "c"]
_times = st.one_of(
    st.none(),
    st.sampled_from(["2026-11-02T10:00:00Z", "2026-10-01", "2026-11-02T10:00:00+05:00", "soon"]),
    st.text(max_size=12),
)
_versions = st.builds(
    Versions,
    benchmark=st.sampled_from(["bench@1", "bench@2"]),
    answer_key=st.just("key@1"),
    runner=st.sampled_from(["r@1", "r@2"]),
    result_schema=st.just("s@1"),
)
_counters = st.lists(
    st.builds(
        Counter,
        name=st.sampled_from(["input_tokens", "output_tokens"]),
        value=st.one_of(st.none(), st.integers(min_value=-5, max_value=2**70)),
        complete=st.booleans(),
    ),
    max_size=3,
).map(tuple)


def _attempt(id: int) -> st.SearchStrategy[Attempt]:
    return st.builds(
        Attempt,
        id=st.just(id),
        task=st.sampled_from([*TASKS, "other"]),
        condition=st.sampled_from(["overview", "task"]),
        status=st.sampled_from(["launched", "completed", "failed", "timeout", "refused"]),
        versions=_versions,
        started_at=_times,
        duration_ms=st.one_of(st.none(), st.integers(min_value=0, max_value=2**62)),
        provision=st.builds(Provision, complete=st.booleans()),
        correctness=st.sampled_from(["correct", "wrong", "unknown"]),
        answer=st.one_of(st.none(), st.text(max_size=10)),
        verification=st.builds(Verification, ran=st.booleans()),
        counters=_counters,
    )


_attempt_sets = st.lists(
    st.integers(min_value=0, max_value=10**6), unique=True, max_size=12
).flatmap(lambda ids: st.tuples(*(_attempt(i) for i in ids)).map(list))
_rates = st.lists(
    st.builds(
        Rate,
        kind=st.sampled_from(["credit", "speed"]),
        counter=st.sampled_from(["input_tokens", "output_tokens"]),
        per_unit=st.floats(allow_nan=True, allow_infinity=True),
        dated=_times.map(lambda t: t or ""),
    ),
    max_size=3,
).map(tuple)
_policies = st.one_of(
    st.none(),
    st.builds(
        Policy,
        name=st.just("p"),
        version=st.just(1),
        recorded_at=_times.map(lambda t: t or ""),
        rates=_rates,
        minimum_difference=st.one_of(st.none(), st.floats(-1, 1)),
    ),
)


@settings(max_examples=min(settings().max_examples, 150))
@given(
    _attempt_sets,
    _policies,
    st.one_of(st.none(), st.sampled_from(["1-2", "a,c", "9"])),
    st.randoms(),
)
def test_summarize_never_raises_and_ignores_order(attempts, policy, subset, random) -> None:
    """Any attempt set: a summary (never an exception), the same one for any order,
    JSON valid against its schema, and renderings that do not raise."""
    summary = summarize(attempts, tasks=TASKS, policy=policy, subset=subset)
    shuffled = list(attempts)
    random.shuffle(shuffled)
    assert summarize(shuffled, tasks=TASKS, policy=policy, subset=subset) == summary
    summary_json(summary)
    render_text(summary)
    render_markdown(summary)
    if summary.verdict is not None:
        assert summary.no_verdict == () and policy is not None
    compared = {d.task_attempt for d in summary.differences} | {
        d.overview_attempt for d in summary.differences
    }
    # Every wrong answer, whatever its versions, but those of tasks a subset leaves out.
    left_out = set(TASKS) - set(summary.tasks)
    wrong = {a.id for a in attempts if a.correctness == "wrong" and a.task not in left_out}
    if summary.errors:  # a subset error: nothing is computed
        wrong = set()
    assert wrong == {w.attempt for w in summary.wrong_answers}
    assert None in compared or compared <= {a.id for a in attempts}
