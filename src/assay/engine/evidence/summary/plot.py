"""``plot_differences``: a static SVG of the per-task correctness differences.

One row per task of the (sub)set: a bar from zero to the task's matched difference
(-1, 0 or +1), a hollow mark for a task without a pair or without a known correctness,
and a first row with the mean difference and its 95% interval. No script, no external
reference, fixed sizes and integer coordinates: the same summary gives the same bytes.
Every text is escaped, so a task name cannot inject markup.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from assay.engine.evidence.summary.numbers import interval, signed
from assay.spec.evaluation_summary import Summary

_ROW = 18
_LABEL = 220  #: width of the label column
_HALF = 100  #: pixels for a difference of 1
_TOP = 30
_LONGEST = 32  #: characters of a task name shown before an ellipsis


def plot_differences(summary: Summary) -> str:
    """The SVG document, ending with a newline."""
    rows = len(summary.differences) + 1
    width = _LABEL + 2 * _HALF + 120
    height = _TOP + rows * _ROW + 10
    zero = _LABEL + _HALF
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f"<title>{escape(_title(summary))}</title>",
        '<text x="4" y="16">task minus overview, correct (-1 to +1)</text>',
        f'<line x1="{zero}" y1="{_TOP - 6}" x2="{zero}" y2="{height - 6}" stroke="#888"/>',
    ]
    parts += _mean_row(summary, zero)
    for index, row in enumerate(summary.differences, start=1):
        y = _TOP + index * _ROW
        label = row.task if len(row.task) <= _LONGEST else row.task[: _LONGEST - 1] + "…"
        parts.append(f'<text x="4" y="{y + 12}">{escape(label)}</text>')
        value = next((v.difference for v in row.values if v.measure == "correct"), None)
        if value is None:
            parts.append(
                f'<circle cx="{zero}" cy="{y + 8}" r="4" fill="none" stroke="#a00"/>'
                f'<text x="{zero + _HALF + 8}" y="{y + 12}">no pair</text>'
            )
            continue
        end = zero + round(value * _HALF)
        left, size = min(zero, end), max(abs(end - zero), 2)
        colour = "#2a7" if value > 0 else "#c33" if value < 0 else "#888"
        parts.append(
            f'<rect x="{left}" y="{y + 3}" width="{size}" height="{_ROW - 6}" fill="{colour}"/>'
            f'<text x="{zero + _HALF + 8}" y="{y + 12}">{escape(signed(value))}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _title(summary: Summary) -> str:
    return f"Per-task matched differences of {len(summary.tasks)} tasks"


def _mean_row(summary: Summary, zero: int) -> list[str]:
    correct = next((a for a in summary.aggregates if a.measure == "correct"), None)
    y = _TOP
    if correct is None:
        return [f'<text x="4" y="{y + 12}">mean: no pair</text>']
    parts = [f'<text x="4" y="{y + 12}" font-weight="bold">mean</text>']
    if correct.interval is not None:
        low, high = (zero + round(b * _HALF) for b in correct.interval)
        parts.append(f'<line x1="{low}" y1="{y + 8}" x2="{high}" y2="{y + 8}" stroke="#000"/>')
    centre = zero + round(correct.mean_difference * _HALF)
    label = f"{signed(correct.mean_difference)} {interval(correct.interval)}"
    parts.append(
        f'<circle cx="{centre}" cy="{y + 8}" r="4" fill="#000"/>'
        f'<text x={quoteattr(str(zero + _HALF + 8))} y="{y + 12}">{escape(label)}</text>'
    )
    return parts
