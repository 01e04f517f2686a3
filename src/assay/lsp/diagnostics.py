"""assay's diagnostics as the protocol's: code, severity, range, message, the rule
page's link, the findings that explain it, and the fix (kept in ``data`` for the
quick fix the editor asks for later)."""

from __future__ import annotations

from typing import Any

from lsprotocol import types

from assay.lsp.positions import Lines
from assay.spec.diagnostics import Diagnostic, Fix

SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}


def to_lsp(d: Diagnostic, lines: Lines, rules_url: str, uri_of: Any) -> types.Diagnostic:
    """``d`` in the protocol's terms; ``uri_of(path)`` gives a related file's URI."""
    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(
                uri=uri_of(r.path),
                range=_related_range(r.span),
            ),
            message=r.message,
        )
        for r in d.related
    ]
    return types.Diagnostic(
        range=lines.range(d.span),
        severity=SEVERITY[d.severity],
        code=d.code,
        code_description=types.CodeDescription(href=f"{rules_url}{d.code}/"),
        source="assay",
        message=f"{d.message} ({d.name})",
        related_information=related or None,
        data=None if d.fix is None else fix_data(d.fix, lines),
    )


def fix_data(fix: Fix, lines: Lines) -> dict[str, Any]:
    """The fix as JSON for the diagnostic's ``data``: the client sends it back with
    the code-action request, so the server need not remember it."""
    where = lines.range(fix.span)
    return {
        "title": fix.title,
        "replacement": fix.replacement,
        "range": [where.start.line, where.start.character, where.end.line, where.end.character],
    }


def _related_range(span: Any) -> types.Range:
    # Another file's text is not at hand: its columns are given as code points, which
    # differ from UTF-16 only past U+FFFF.
    if span is None:
        return types.Range(start=types.Position(0, 0), end=types.Position(0, 0))
    return types.Range(
        start=types.Position(line=span.line - 1, character=span.column - 1),
        end=types.Position(line=span.end_line - 1, character=span.end_column - 1),
    )
