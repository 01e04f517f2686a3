"""The ``--tasks`` subset syntax: which tasks of the benchmark a summary compares.

A subset is comma-separated items, each a one-based position (``7``), an inclusive
range of positions (``1-20``) or a task name (``fix-login``); spaces around items are
ignored. An item of digits (and one hyphen between digits) is always a position, so a
task whose name is all digits is reached by its position. Every item is validated:
bounds (positions 1 to the number of tasks, a range not reversed), absence (a name
the benchmark does not have), overflow (a number longer than any position can be:
refused rather than wrapped or rounded), and duplicates (a task selected twice is
almost always a typo in a range). Errors carry the column of the item.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from assay.engine.evidence.summary.numbers import count
from assay.engine.evidence.summary.reasons import reason
from assay.spec.evaluation_summary import Reason
from assay.spec.rules.summary_subsets import EVL020, EVL021, EVL022, EVL023, EVL024

_POSITION = re.compile(r"[0-9]+(?:-[0-9]+)?")
#: A position has at most this many digits: more overflows a 64-bit index.
_MAX_DIGITS = 18
#: Characters a task name may hold (the benchmark's own names are validated upstream).
_NAME = re.compile(r"[^\s,]+")


def select_subset(text: str, tasks: Sequence[str]) -> tuple[tuple[str, ...], tuple[Reason, ...]]:
    """The tasks ``text`` selects, in benchmark order, and the errors (then no tasks)."""
    chosen: dict[str, int] = {}  # task -> column of the item that chose it
    errors: list[Reason] = []
    column = 1
    names = frozenset(tasks)
    for raw in text.split(","):
        item = raw.strip()
        at = column + (len(raw) - len(raw.lstrip()))
        column += len(raw) + 1
        for task, problem in _item(item, at, tasks, names):
            if problem is not None:
                errors.append(problem)
            elif task in chosen:
                errors.append(
                    reason(
                        EVL024,
                        f"subset item {item!r}, column {at}: task {task!r} is already "
                        f"selected by the item at column {chosen[task]}",
                        task=task,
                        column=at,
                    )
                )
            else:
                chosen[task] = at
    if errors:
        return (), tuple(errors)
    return tuple(t for t in tasks if t in chosen), ()


def _item(
    item: str, at: int, tasks: Sequence[str], names: frozenset[str]
) -> list[tuple[str, Reason | None]]:
    where = f"subset item {item!r}, column {at}"
    if not item or _NAME.fullmatch(item) is None:
        text = "is empty" if not item else "holds a space"
        problem = reason(EVL020, f"{where}: {text}; expected N, N-M or a task name", column=at)
        return [("", problem)]
    if _POSITION.fullmatch(item) is None:
        if item in names:
            return [(item, None)]
        problem = reason(EVL022, f"{where}: the benchmark has no task {item!r}", column=at)
        return [("", problem)]
    bounds = item.split("-")
    if any(len(b.lstrip("0")) > _MAX_DIGITS for b in bounds):
        problem = reason(
            EVL023, f"{where}: the number overflows (more than {_MAX_DIGITS} digits)", column=at
        )
        return [("", problem)]
    first, last = int(bounds[0]), int(bounds[-1])
    if first < 1 or last > len(tasks) or last < first:
        why = "is reversed" if last < first else f"is outside 1-{len(tasks)}"
        problem = reason(
            EVL021, f"{where}: the range {why} ({count(len(tasks), 'task')})", column=at
        )
        return [("", problem)]
    return [(tasks[i - 1], None) for i in range(first, last + 1)]
