"""Every wrong answer the summarized attempts hold, whatever their versions: a
summary retains wrong answers (seed 002), so none is left out for having run under
an earlier runner, answer key or benchmark version, or being superseded."""

from __future__ import annotations

from collections.abc import Sequence

from assay.spec.evaluation_summary import Summary, WrongAnswer
from assay.spec.evidence import Attempt


def wrong_answers(attempts: Sequence[Attempt], compared: frozenset[int]) -> list[WrongAnswer]:
    """The wrong answers of ``attempts``, by task, condition and id; ``compared``: the
    ids of the attempts the pairs use."""
    return [
        WrongAnswer(
            attempt=a.id,
            task=a.task,
            condition=a.condition,
            answer=a.answer,
            compared=a.id in compared,
        )
        for a in sorted(attempts, key=lambda a: (a.task, a.condition, a.id))
        if a.correctness == "wrong"
    ]


def standing(summary: Summary, wrong: WrongAnswer) -> str:
    """Why a wrong answer is or is not in the numbers, in a few words."""
    if wrong.compared:
        return "compared"
    if any(wrong.attempt in group.attempts for group in summary.incompatible):
        return "under other versions"
    if wrong.task not in summary.tasks:
        return "task not in the set"
    return "earlier attempt"
