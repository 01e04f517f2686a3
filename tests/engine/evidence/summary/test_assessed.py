"""Assessments in the summary: shown beside each task's pair when made under the run's
policy; one under another policy (or with no policy recorded) is a note (EVL016) and
not shown; in text, Markdown and JSON."""

from __future__ import annotations

import jsonschema
from syrupy.assertion import SnapshotAssertion

from assay.engine.evidence.summary import render_markdown, render_text, summarize, summary_json
from assay.spec.evaluation_summary import Summary, summary_schema
from assay.spec.evidence import Assessment, Attempt
from tests.engine.evidence.summary.build import POLICY, attempt


def _judged(verdict: str, policy: str = "eval@1") -> Assessment:
    return Assessment(
        verdict=verdict,  # type: ignore[arg-type]
        answer_sha256="a" * 64,
        basis_sha256=("b" * 64,),
        policy=policy,
    )


def _attempts() -> list[Attempt]:
    return [
        attempt(1, "t1", "overview", "wrong", assessment=_judged("unsupported")),
        attempt(2, "t1", "task", "correct", assessment=_judged("supported")),
        attempt(3, "t2", "overview", "correct", assessment=_judged("supported", "other@1")),
        attempt(4, "t2", "task", "correct"),
        # Superseded by attempt 6: neither shown nor noted, whatever its policy.
        attempt(5, "t3", "task", "wrong", assessment=_judged("unclear", "other@2")),
        attempt(6, "t3", "task", "correct", assessment=_judged("unclear")),
        attempt(7, "t3", "overview", "correct"),
    ]


def _summary() -> Summary:
    return summarize(_attempts(), tasks=["t1", "t2", "t3"], policy=POLICY)


def test_assessments_under_the_runs_policy_are_shown_per_task() -> None:
    """Each side of a pair carries its assessment when made under eval@1."""
    rows = {row.task: row for row in _summary().differences}
    assert rows["t1"].overview_assessment == _judged("unsupported")
    assert rows["t1"].task_assessment == _judged("supported")
    assert rows["t2"].overview_assessment is None and rows["t2"].task_assessment is None
    assert rows["t3"].task_assessment == _judged("unclear")


def test_an_assessment_under_another_policy_is_a_note_and_not_used() -> None:
    """Attempt 3 was judged under other@1: EVL016 lists it; the superseded 5 is not."""
    [note] = [n for n in _summary().notes if n.code == "EVL016"]
    assert note.attempts == (3,)
    assert note.message == (
        "1 assessment made under other@1 not shown (the run's policy is eval@1)"
    )


def test_without_a_recorded_policy_no_assessment_is_used() -> None:
    """No policy recorded: every compared assessment is noted, none shown."""
    summary = summarize(_attempts(), tasks=["t1", "t2", "t3"], policy=None)
    assert all(r.overview_assessment is None for r in summary.differences)
    assert all(r.task_assessment is None for r in summary.differences)
    [note] = [n for n in summary.notes if n.code == "EVL016"]
    assert note.attempts == (1, 2, 3, 6) and "the run recorded no policy" in note.message


def test_text_and_markdown_show_the_assessments(snapshot: SnapshotAssertion) -> None:
    """The rendered reports, with `assessed VERDICT` beside each assessed attempt."""
    summary = _summary()
    text, markdown = render_text(summary), render_markdown(summary)
    assert "task #2 completed correct, assessed supported" in text
    assert "#1 completed wrong, assessed unsupported" in markdown
    assert {"text": text, "markdown": markdown} == snapshot


def test_the_json_carries_them_and_validates() -> None:
    """JSON: the assessment's fields under each side; valid against the schema."""
    value = summary_json(_summary())
    jsonschema.Draft202012Validator(summary_schema()).validate(value)
    first = value["differences"][0]
    assert first["task_assessment"] == {
        "verdict": "supported",
        "answer_sha256": "a" * 64,
        "basis_sha256": ["b" * 64],
        "policy": "eval@1",
    }
    assert value["version"] == 2
