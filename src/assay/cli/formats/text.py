"""``--format text``: one line per finding with a caret excerpt, then a summary line."""

from __future__ import annotations

from collections.abc import Callable

from attrs import evolve

from assay.api import RunResult, Suppressed
from assay.cli.excerpt import SourceLines, format_diagnostic
from assay.cli.names import printable
from assay.spec.diagnostics import Diagnostic, Related, Severity

# ANSI SGR codes; only the severity and the code are coloured so paths stay copyable.
_SEVERITY_COLOR: dict[Severity, str] = {"error": "1;31", "warning": "1;33", "info": "1;36"}
_CODE_COLOR = "1"


def render(
    result: RunResult,
    *,
    version: str,
    source: Callable[[str], str | None],
    color: bool = False,
    show_suppressed: bool = False,
) -> str:
    """Every diagnostic with its excerpt and related locations, then the counts; with
    ``show_suppressed``, the suppressed findings too, each saying what silenced it."""
    del version  # the text report does not name the tool version
    # The file being shown, read and split once: the findings come in path order, so
    # only one file's text is held at a time (a whole report's would be every file's).
    current: tuple[str | None, SourceLines | None] = (None, None)
    blocks = []
    shown: list[tuple[Diagnostic, Suppressed | None]] = [(d, None) for d in result.diagnostics]
    if show_suppressed:
        shown += [(s.diagnostic, s) for s in result.suppressed]
    for d, silenced in sorted(shown, key=lambda item: item[0].sort_key):
        if current[0] != d.path:
            text = source(d.path)
            current = (d.path, SourceLines(text) if text is not None else None)
        block = _block(d, current[1], color=color)
        blocks.append(block if silenced is None else block + "\n  " + _silenced_by(silenced))
    blocks.append(summary_line(result))
    return "\n\n".join(blocks) + "\n"


def summary_line(result: RunResult) -> str:
    """``3 errors, 1 warning, 0 infos in 12 files (2 suppressed)``."""
    counts = {"error": 0, "warning": 0, "info": 0}
    for d in result.diagnostics:
        counts[d.severity] += 1
    line = (
        f"{_plural(counts['error'], 'error')}, {_plural(counts['warning'], 'warning')}, "
        f"{_plural(counts['info'], 'info')} in {_plural(result.counted_files, 'file')}"
    )
    if result.suppressed:
        line += f" ({len(result.suppressed)} suppressed)"
    return line


def _silenced_by(suppressed: Suppressed) -> str:
    """``suppressed: inline, line 3 -- why`` or ``suppressed: config, per-file-ignores``."""
    where: str = suppressed.kind
    if suppressed.directive is not None:
        where += f", line {suppressed.directive.line}"
    why = suppressed.justification
    if why:
        where += (" -- " if suppressed.kind == "inline" else ", ") + printable(why)
    return f"suppressed: {where}"


def related_location(r: Related) -> str:
    """``path:line:col`` of a related location, or just the path when it has no span."""
    path = printable(r.path)
    if r.span is None:
        return path
    return f"{path}:{r.span.line}:{r.span.column}"


def _block(d: Diagnostic, text: SourceLines | None, *, color: bool) -> str:
    # Continuation lines of a multi-line message are indented so every finding still
    # starts with `path:line:col:` at the left margin (editors and grep rely on it).
    # A name's undecodable bytes and control characters are shown escaped (`names`).
    message = printable(d.message, keep="\n\t").replace("\n", "\n    ")
    shown = evolve(d, path=printable(d.path), message=message)
    out = format_diagnostic(shown, text)
    if color:
        plain = f"{shown.path}:{d.span.line}:{d.span.column}: {d.code} [{d.severity}]"
        painted = (
            f"{shown.path}:{d.span.line}:{d.span.column}: {_paint(d.code, _CODE_COLOR)} "
            f"[{_paint(d.severity, _SEVERITY_COLOR[d.severity])}]"
        )
        out = painted + out.removeprefix(plain)
    for r in d.related:
        related = printable(r.message, keep="\n\t").replace("\n", "\n    ")
        out += f"\n  related: {related_location(r)}: {related}"
    return out


def _paint(word: str, sgr: str) -> str:
    return f"\x1b[{sgr}m{word}\x1b[0m"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
