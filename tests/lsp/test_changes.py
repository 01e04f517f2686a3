"""Beyond the text being typed: hover where there is no text."""

from __future__ import annotations

from pathlib import Path

from tests.lsp.editor import Editor, run

RECORD = "docs/adr/0003-partition-ledger-by-tenant.md"
OTHER = "docs/adr/0002-use-postgresql-for-the-ledger.md"


def test_hover_where_there_is_no_text_is_null(workspace: Path) -> None:
    """Hover past a line's end, past the last line, or in a document the editor has not
    opened answers null, never an error; at the last letter of a code ending a line,
    the rule (so the answers are not null for want of a code)."""
    line = "<!-- see DOC007"
    text = (workspace / RECORD).read_text("utf-8") + "\n" + line + "\n"
    row = text.count("\n") - 1

    async def scenario(editor: Editor) -> None:
        editor.open(RECORD, text)
        await editor.diagnostics(RECORD)
        shown = await editor.hover(RECORD, row, len(line) - 1)
        assert shown is not None and "**DOC007**" in shown
        assert await editor.hover(RECORD, row, len(line) + 1) is None
        assert await editor.hover(RECORD, row, 10_000) is None
        assert await editor.hover(RECORD, row + 2, 0) is None  # the last line is row + 1
        assert await editor.hover(RECORD, 1_000_000, 3) is None
        assert await editor.hover(OTHER, 0, 0) is None

    run(workspace, scenario)
