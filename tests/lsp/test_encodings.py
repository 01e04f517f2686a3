"""The position encoding a real client and ``assay lsp`` agree on, and every range the
server sends (and the hover position it reads) counted in it, on a line where
characters of several widths come before the finding."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from tests.lsp.editor import Editor, run
from tests.lsp.units import applied, selected, units

RECORD = "docs/adr/0003-partition-ledger-by-tenant.md"
LINK = "[ADR 2](0002-use-postgresql-for-the-ledger.md)"
#: The issue's line: `é` before the link (Neovim's UTF-8 positions were taken as code
#: points); the double-struck A (U+1D538) and an emoji add characters of four UTF-8
#: bytes and two UTF-16 units.
BEFORE = "(décision prise en réunion, \U0001d538 😀, see "


def offering(encodings: list[str] | None) -> types.ClientCapabilities:
    """A client's capabilities offering ``encodings`` (None: not saying)."""
    if encodings is None:
        return types.ClientCapabilities()
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=encodings)
    )


@pytest.mark.parametrize(
    ("offered", "agreed"),
    [
        (["utf-8", "utf-16", "utf-32"], "utf-8"),  # Neovim 0.11's offer
        (["utf-32", "utf-16"], "utf-32"),
        (None, "utf-16"),  # the protocol's default
        (["latin-1", "utf-16"], "utf-16"),  # the first the server supports
    ],
)
def test_a_quick_fix_edits_the_right_characters_in_the_agreed_encoding(
    workspace: Path, offered: list[str] | None, agreed: str
) -> None:
    """The server agrees to the first encoding offered that it supports (UTF-16 when
    none is offered) and says so; on a line with `é`, U+1D538 and an emoji before a
    link missing `.md`, the finding's range covers the link, hover inside it answers,
    and the quick fix's edit, applied as the client counts, writes `.md` there and
    nowhere else; the text fixed, the finding is cleared."""
    text = (workspace / RECORD).read_text("utf-8")
    assert "(see " + LINK in text
    broken = text.replace("(see " + LINK, "(" + BEFORE + LINK.replace(".md", ""))
    fixed = text.replace("(see " + LINK, "(" + BEFORE + LINK)

    async def scenario(editor: Editor) -> None:
        assert editor.encoding == agreed
        editor.open(RECORD, broken)
        (found,) = await editor.diagnostics(RECORD, lambda ds: bool(ds))
        assert found.code == "LNK006"
        assert selected(broken, found.range, agreed) == LINK.replace(".md", "")
        end = found.range.end
        shown = await editor.hover(RECORD, end.line, end.character - 1)
        assert shown is not None and "**LNK006**" in shown
        (fix,) = await editor.fixes(RECORD, [found])
        assert fix.edit is not None and fix.edit.changes is not None
        (edit,) = fix.edit.changes[editor.uri(RECORD)]
        assert applied(broken, edit, agreed) == fixed
        editor.type(RECORD, applied(broken, edit, agreed))
        assert await editor.diagnostics(RECORD, lambda ds: not ds) == []

    run(workspace, scenario, capabilities=offering(offered))


def test_a_position_in_the_middle_of_a_wide_line_is_read_in_the_agreed_encoding(
    workspace: Path,
) -> None:
    """Hover on a code written after U+1D538 and an emoji, at its last letter as UTF-8
    counts it: the rule is shown; one byte past the line's end, nothing is."""
    line = "<!-- \U0001d538 😀 é: see DOC007 -->"
    text = (workspace / RECORD).read_text("utf-8") + "\n" + line + "\n"
    row = text.count("\n") - 1

    async def scenario(editor: Editor) -> None:
        assert editor.encoding == "utf-8"
        editor.open(RECORD, text)
        await editor.diagnostics(RECORD)
        at = units(line[: line.index("DOC007") + 5], "utf-8")
        shown = await editor.hover(RECORD, row, at)
        assert shown is not None and "**DOC007**" in shown
        assert await editor.hover(RECORD, row, units(line, "utf-8") + 1) is None

    run(workspace, scenario, capabilities=offering(["utf-8"]))
