"""The evaluation summary: matched per-task differences first, aggregates after, wrong
answers kept, and a verdict only when the run earned one. Pure: no SQLite, no process.
"""

from __future__ import annotations

from assay.engine.evidence.summary.json_form import summary_json
from assay.engine.evidence.summary.markdown import render_markdown
from assay.engine.evidence.summary.plot import plot_differences
from assay.engine.evidence.summary.summarize import summarize
from assay.engine.evidence.summary.text import render_text

__all__ = ["plot_differences", "render_markdown", "render_text", "summarize", "summary_json"]
