"""assay's diagnostics as the protocol's: code, severity, range, message, the rule
page's link, the findings that explain it (each range on its own file's text), and
the fix (kept in ``data`` for the quick fix the editor asks for later)."""

from __future__ import annotations

from collections.abc import Callable

from lsprotocol import types

from assay.lsp.fixes import fix_data
from assay.lsp.positions import Lines
from assay.spec.diagnostics import Diagnostic
from assay.spec.source import Span

SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}


#: The text of a workspace-relative path, to convert its positions on.
LinesOf = Callable[[str], Lines]


def to_lsp(
    d: Diagnostic, lines_of: LinesOf, rules_url: str, uri_of: Callable[[str], str]
) -> types.Diagnostic:
    """``d`` in the protocol's terms; ``uri_of(path)`` gives a related file's URI."""
    lines = lines_of(d.path)
    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(
                uri=uri_of(r.path), range=_related_range(r.span, r.path, lines_of)
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


def _related_range(span: Span | None, path: str, lines_of: LinesOf) -> types.Range:
    if span is None:  # the file as a whole
        return types.Range(start=types.Position(0, 0), end=types.Position(0, 0))
    return lines_of(path).range(span)
