"""Evaluation summaries on the site: each store named on the command line, summarized
by code at publish time (as a review is rendered from its run), never a report copied
from the workspace — a hand-edited report cannot reach the site.

``evaluations/<store name>.md`` holds the summary's Markdown report, made safe like
every generated page, with its plot of the per-task differences beside it; the index
``evaluations/index.md`` gives each store's verdict, or how many reasons there are for
none. The summary launches nothing and writes nothing to the store.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from assay.api.evaluation import summarize_store
from assay.engine.evidence.summary import plot_differences, render_markdown
from assay.errors import AssayError
from assay.site.pages.escape import inline
from assay.site.pages.safe_page import safe_markdown
from assay.site.tree import write_new
from assay.spec.evaluation_summary import Summary

__all__ = ["INDEX", "EvaluationMissing", "check_stores", "write_evaluations"]

INDEX = "evaluations/index.md"


class EvaluationMissing(AssayError):
    """A store named with ``--evaluation`` is not a file: nothing is published."""


def check_stores(stores: Sequence[Path]) -> None:
    """Refuse, before anything is checked or built, a store that is not a regular file
    or two stores that would share a page name."""
    names: dict[str, Path] = {}
    for store in stores:
        if not store.is_file():
            raise EvaluationMissing(f"--evaluation {store}: no evidence store there")
        if store.stem in names:
            raise EvaluationMissing(
                f"--evaluation {store} and {names[store.stem]} would both be "
                f"evaluations/{store.stem}.md: rename one"
            )
        names[store.stem] = store


def write_evaluations(stores: Sequence[Path], docs: Path) -> tuple[str, ...]:
    """Write each store's summary page and plot, and the index; the pages written."""
    folder = docs / "evaluations"
    summaries: list[tuple[str, Summary]] = []
    for store in stores:
        summary = summarize_store(store)
        plot = f"{store.stem}-differences.svg"
        report = render_markdown(summary, plot=plot)
        title = f"# Evaluation summary: {store.stem}"
        report = report.replace("# Evaluation summary", title, 1)
        write_new(folder / f"{store.stem}.md", safe_markdown(report).encode("utf-8"))
        write_new(folder / plot, plot_differences(summary).encode("utf-8"))
        summaries.append((store.stem, summary))
    write_new(docs / INDEX, index(summaries).encode("utf-8"))
    return (*(f"evaluations/{name}.md" for name, _ in summaries), INDEX)


def index(summaries: Sequence[tuple[str, Summary]]) -> str:
    """``evaluations/index.md``: one line a store, its verdict or why there is none."""
    lines = ["# Evaluations", ""]
    for name, summary in summaries:
        if summary.verdict is not None:
            outcome = summary.verdict.outcome.replace("-", " ")
            said = f"verdict: **{outcome}** (policy {inline(summary.verdict.policy)})"
        else:
            count = len(summary.no_verdict)
            said = f"no verdict ({count} reason{'s' if count != 1 else ''})"
        tasks = len(summary.tasks)
        lines.append(f"- [{inline(name)}]({name}.md): {tasks} tasks, {said}")
    return "\n".join(lines) + "\n"
