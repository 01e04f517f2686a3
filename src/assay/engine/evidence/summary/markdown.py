"""``render_markdown``: the summary as a Markdown report ``assay publish`` can include.

The plot is a separate SVG file (``plot_differences``) that the report links to by
name, so the report holds no raw HTML. Every text from the evidence (task names,
answers, messages) is escaped for a table cell.
"""

from __future__ import annotations

from assay.engine.evidence.summary.numbers import interval, number, signed
from assay.engine.evidence.summary.wrong import standing
from assay.spec.evaluation_summary import Summary

_SPECIAL = str.maketrans(
    {c: "\\" + c for c in "\\`*_[]|#<>!"} | {"\n": " ", "\r": " ", "&": "&amp;"}
)


def cell(text: str) -> str:
    """``text`` as literal Markdown inside a table cell."""
    escaped = text.translate(_SPECIAL)
    if escaped.isprintable():
        return escaped
    # A control character (an ANSI escape, a NUL) is shown as its escape, never sent.
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in escaped)


def render_markdown(summary: Summary, *, plot: str | None = "summary-differences.svg") -> str:
    """The Markdown report; ``plot`` is the SVG's file name beside it (None: no plot)."""
    lines = ["# Evaluation summary", ""]
    if summary.errors:
        lines += [f"- **{e.code}** {cell(e.name)}: {cell(e.message)}" for e in summary.errors]
        return "\n".join(lines) + "\n"
    lines += _scope(summary)
    lines += _differences(summary, plot)
    lines += _aggregates(summary)
    lines += _descriptive(summary)
    lines += _wrong_answers(summary)
    lines += _notes(summary)
    lines += _verdict(summary)
    return "\n".join(lines) + "\n"


def _scope(summary: Summary) -> list[str]:
    """What was summarized: the number of tasks (and the subset), then the versions
    compared, when any attempt was."""
    of = f" (subset `{summary.subset.replace('`', '')}`)" if summary.subset is not None else ""
    lines = [f"{len(summary.tasks)} tasks{of}.", ""]
    if summary.versions is not None:
        v = summary.versions
        lines += [
            f"Versions: benchmark {cell(v.benchmark)}, answer key {cell(v.answer_key)}, "
            f"runner {cell(v.runner)}, result schema {cell(v.result_schema)}.",
            "",
        ]
    return lines


def _differences(summary: Summary, plot: str | None) -> list[str]:
    """The table of matched differences, a row per task and a column per measure (in
    the order first met), then the link to the plot when there is one."""
    lines = ["## Matched differences per task", ""]
    measures = list(dict.fromkeys(v.measure for r in summary.differences for v in r.values))
    lines.append("| task | overview | task attempt | " + " | ".join(map(cell, measures)) + " |")
    lines.append("| --- | --- | --- |" + " ---: |" * len(measures))
    for row in summary.differences:
        values = {v.measure: signed(v.difference) for v in row.values}
        sides = [
            (f"#{a} {s} {c}" + (f", assessed {v.verdict}" if v else ""))
            if a is not None
            else "missing"
            for a, s, c, v in (
                (
                    row.overview_attempt,
                    row.overview_status,
                    row.overview_correctness,
                    row.overview_assessment,
                ),
                (row.task_attempt, row.task_status, row.task_correctness, row.task_assessment),
            )
        ]
        cells = [cell(row.task), *sides, *(values.get(m, "-") for m in measures)]
        lines.append("| " + " | ".join(cells) + " |")
    if plot is not None:
        lines += ["", f"![Per-task matched differences of correctness]({plot})"]
    return lines


def _aggregates(summary: Summary) -> list[str]:
    """The table of the aggregates of the matched differences, a row per measure."""
    lines = ["", "## Aggregates of the matched differences", ""]
    lines += ["| measure | pairs | overview | task | difference | 95% interval | method |"]
    lines += ["| --- | ---: | ---: | ---: | ---: | --- | --- |"]
    for a in summary.aggregates:
        lines.append(
            f"| {cell(a.measure)} | {a.pairs} | {number(a.overview_mean)} | "
            f"{number(a.task_mean)} | {signed(a.mean_difference)} | {interval(a.interval)} | "
            f"{a.method} |"
        )
    return lines


def _descriptive(summary: Summary) -> list[str]:
    """The unmatched rates, an item per condition (``-`` for a rate with no attempt)."""
    lines = ["", "## Descriptive rates (not matched)", ""]
    for c in summary.descriptive:
        rate = number(c.rate) if c.rate is not None else "-"
        lines.append(
            f"- {c.condition}: {c.correct} of {c.attempts} correct, {rate} "
            f"{interval(c.interval, sign=False)}"
        )
    return lines


def _wrong_answers(summary: Summary) -> list[str]:
    """The wrong answers, each with its standing in the comparison; ``None.`` when
    there is none."""
    lines = ["", "## Wrong answers", ""]
    for w in summary.wrong_answers:
        answer = "no answer" if w.answer is None else cell(w.answer)
        which = standing(summary, w)
        lines.append(f"- {cell(w.task)}, {w.condition}, attempt {w.attempt} ({which}): {answer}")
    if not summary.wrong_answers:
        lines.append("None.")
    return lines


def _notes(summary: Summary) -> list[str]:
    """The notes section, left out when there is no note."""
    if not summary.notes:
        return []
    return ["", "## Notes", ""] + [
        f"- **{n.code}** {n.name}: {cell(n.message)}" for n in summary.notes
    ]


def _verdict(summary: Summary) -> list[str]:
    """The verdict and its figures, or why there is none."""
    lines = ["", "## Verdict", ""]
    if summary.verdict is not None:
        verdict = summary.verdict
        lines.append(
            f"**{verdict.outcome}** under policy {cell(verdict.policy)}: difference "
            f"{signed(verdict.mean_difference)} {interval(verdict.interval)}, minimum "
            f"{signed(verdict.minimum_difference)}."
        )
    else:
        lines += ["No verdict:", ""]
        lines += [f"- **{r.code}** {r.name}: {cell(r.message)}" for r in summary.no_verdict]
    return lines
