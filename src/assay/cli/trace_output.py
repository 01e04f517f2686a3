"""What ``assay trace`` prints: a report of session diagnostics (the formats of
``assay check``) and a transcript window as text or JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from assay import __version__
from assay.cli.names import escape_json, printable
from assay.spec.diagnostics import Diagnostic
from assay.spec.trace_window import Window

if TYPE_CHECKING:
    from assay.api import Report

#: A session read for its excerpts only when smaller than this: a caret line is not
#: worth reading a gigabyte of transcript again.
_EXCERPT_SOURCE = 4 * 1024 * 1024


def render_report(diagnostics: Sequence[Diagnostic], path: str, root: Path, form: str) -> str:
    """The diagnostics of one session in ``form`` (text, json, sarif, github)."""
    from assay.api.traces import session_source
    from assay.cli.formats import FORMATTERS

    # Read as it was checked (no link, read-only; outside the workspace when named so),
    # and only when small enough.
    source = session_source(root, limit=_EXCERPT_SOURCE)
    return FORMATTERS[form](report_of(diagnostics, path), version=__version__, source=source)


def report_of(diagnostics: Sequence[Diagnostic], path: str) -> Report:
    """The report the formatters render: this one session, the PRT rules."""
    from assay.api import Report, RuleInfo
    from assay.api.rules import RULES

    rules = tuple(RuleInfo.of(r) for r in RULES if r.family in ("PRT", "PTH"))
    return Report(diagnostics=tuple(diagnostics), suppressed=(), files=(path,), rules=rules)


def window_text(window: Window) -> str:
    """One line per entry: a ``>`` at the turn, its line, id, role (or type) and text."""
    before = sum(1 for e in window.entries if e.position == "before")
    after = sum(1 for e in window.entries if e.position == "after")
    head = (
        f"{printable(window.session)}: turn {printable(window.turn)}, "
        f"{_count(before, 'entry', 'entries')} before, {after} after"
    )
    width = max(len(str(e.line)) for e in window.entries)
    lines = [head]
    for entry in window.entries:
        mark = ">" if entry.position == "turn" else " "
        kind = entry.role or entry.type
        text = f"{kind}: {entry.text}" if entry.text else kind
        lines.append(f"{mark} {entry.line:>{width}}  {printable(entry.id)}  {printable(text)}")
    return "".join(f"{line}\n" for line in lines)


def window_json(window: Window) -> str:
    """The window as ``assay schema window`` describes it."""
    text = json.dumps(window_value(window), indent=2, ensure_ascii=False)
    return escape_json(text) + "\n"


def window_value(window: Window) -> object:
    """The window's JSON value (``window_json`` writes it)."""
    from assay.spec.convert import to_json_value

    return to_json_value(window)


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"
