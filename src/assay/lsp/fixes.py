"""Quick fixes: a finding's mechanical repair, sent with its diagnostic and given back
by the editor as a code action's edit.

The fix travels in the diagnostic's ``data``, its range already in the protocol's
terms (converted by ``positions.Lines`` on the text that was checked, as the
diagnostic's own range is): the client sends it back with the code-action request,
so the server need not remember it, and the edit's range needs no conversion again.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types

from assay.lsp.positions import Lines
from assay.spec.diagnostics import Fix


def fix_data(fix: Fix, lines: Lines) -> dict[str, Any]:
    """The fix as JSON for the diagnostic's ``data``."""
    where = lines.range(fix.span)
    return {
        "title": fix.title,
        "replacement": fix.replacement,
        "range": [where.start.line, where.start.character, where.end.line, where.end.character],
    }


def quick_fixes(uri: str, diagnostics: list[types.Diagnostic]) -> list[types.CodeAction]:
    """A quick fix for each of ``diagnostics`` that is assay's and carries a fix."""
    actions = []
    for d in diagnostics:
        edit = _edit(d)
        if edit is None:
            continue
        title, text_edit = edit
        actions.append(
            types.CodeAction(
                title=title,
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[d],
                is_preferred=True,
                edit=types.WorkspaceEdit(changes={uri: [text_edit]}),
            )
        )
    return actions


def _edit(d: types.Diagnostic) -> tuple[str, types.TextEdit] | None:
    """The title and edit ``d``'s data describes; None when it is not what
    ``fix_data`` wrote (another server's diagnostic, or none)."""
    data = d.data
    if d.source != "assay" or not isinstance(data, dict) or "replacement" not in data:
        return None
    try:
        a, b, c, e = (int(n) for n in data["range"])
        where = types.Range(start=types.Position(a, b), end=types.Position(c, e))
        title, replacement = str(data["title"]), str(data["replacement"])
    except (KeyError, TypeError, ValueError):  # a position out of range is a ValueError
        return None
    return title, types.TextEdit(range=where, new_text=replacement)
