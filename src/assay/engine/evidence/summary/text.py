"""``render_text``: the summary as ``assay eval summary`` prints it in a terminal.

Sections in the summary's order: per-task matched differences (with each attempt's
independent assessment under the run's policy, if any), their aggregates, the
descriptive unmatched rates, the rates used, wrong answers, what was not compared or
used, and the verdict or each reason there is none.
"""

from __future__ import annotations

from assay.engine.evidence.summary.numbers import interval, number, signed
from assay.engine.evidence.summary.wrong import standing
from assay.spec.evaluation_summary import Reason, Summary, TaskDifference


def render_text(summary: Summary) -> str:
    """The text report, ending with a newline. Evidence text (task names, answers,
    messages) is printed with control characters escaped: a task name cannot move the
    terminal's cursor or recolour what follows."""
    return _visible(_render(summary))


def _visible(text: str) -> str:
    return "".join(
        c if c == "\n" or c.isprintable() else c.encode("unicode_escape").decode("ascii")
        for c in text
    )


def _render(summary: Summary) -> str:
    if summary.errors:
        return "".join(f"error: {_reason(r)}\n" for r in summary.errors)
    lines = [_heading(summary)]
    if summary.versions is not None:
        v = summary.versions
        lines.append(
            f"versions: benchmark {v.benchmark}, answer key {v.answer_key}, "
            f"runner {v.runner}, result schema {v.result_schema}"
        )
    lines += ["", "Matched differences per task (task minus overview):"]
    lines += [f"  {_row(row)}" for row in summary.differences] or ["  (no task)"]
    lines += ["", "Aggregates of the matched differences (95% intervals):"]
    for a in summary.aggregates:
        detail = f"{a.measure}: {a.pairs} pairs, overview {number(a.overview_mean)}, "
        detail += f"task {number(a.task_mean)}, difference {signed(a.mean_difference)} "
        detail += f"{interval(a.interval)} ({a.method}"
        if a.task_only is not None:
            detail += f"; task only {a.task_only}, overview only {a.overview_only}"
        lines.append(f"  {detail})")
    if not summary.aggregates:
        lines.append("  (no pair)")
    lines += ["", "Descriptive, not matched (each condition's latest attempts, paired or not):"]
    for c in summary.descriptive:
        rate = number(c.rate) if c.rate is not None else "-"
        lines.append(
            f"  {c.condition}: {c.correct}/{c.attempts} correct, {rate} "
            f"{interval(c.interval, sign=False)}"
        )
    if summary.rates:
        lines += ["", "Rates used:"]
        lines += [
            f"  {r.kind} rate for {r.counter}: {r.per_unit:g} per unit, dated {r.dated}, "
            f"{r.attempts} attempts"
            for r in summary.rates
        ]
    lines += ["", f"Wrong answers ({len(summary.wrong_answers)}, all retained):"]
    for w in summary.wrong_answers:
        answer = "(no answer)" if w.answer is None else repr(w.answer)
        lines.append(
            f"  {w.task} {w.condition} #{w.attempt}: {answer}" + f" ({standing(summary, w)})"
        )
    if summary.notes:
        lines += ["", "Notes:"] + [f"  {_reason(n)}" for n in summary.notes]
    lines.append("")
    if summary.verdict is not None:
        verdict = summary.verdict
        lines.append(
            f"Verdict: {verdict.outcome} (policy {verdict.policy}, minimum difference "
            f"{signed(verdict.minimum_difference)}; difference {signed(verdict.mean_difference)} "
            f"{interval(verdict.interval)})"
        )
    else:
        lines.append("No verdict:")
        lines += [f"  {_reason(r)}" for r in summary.no_verdict]
    return "\n".join(lines) + "\n"


def _heading(summary: Summary) -> str:
    of = f" (subset {summary.subset})" if summary.subset is not None else ""
    return f"Evaluation summary: {len(summary.tasks)} tasks{of}"


def _row(row: TaskDifference) -> str:
    sides = []
    for side, attempt, status, correctness, assessed in (
        (
            "overview",
            row.overview_attempt,
            row.overview_status,
            row.overview_correctness,
            row.overview_assessment,
        ),
        ("task", row.task_attempt, row.task_status, row.task_correctness, row.task_assessment),
    ):
        shown = f"{side} #{attempt} {status} {correctness}"
        if assessed is not None:
            shown += f", assessed {assessed.verdict}"
        sides.append(f"{side} missing" if attempt is None else shown)
    values = ", ".join(f"{v.measure} {signed(v.difference)}" for v in row.values)
    return f"{row.task}: {'; '.join(sides)}" + (f" -> {values}" if values else "")


def _reason(item: Reason) -> str:
    return f"{item.code} {item.name}: {item.message}"
