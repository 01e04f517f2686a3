"""What changes besides the text being typed: a record the editor holds that is not on
disk yet, files changed on disk behind the editor's back (which the server asks the
editor to watch), and hover where there is no text."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from tests.lsp.editor import Editor, run

RECORD = "docs/adr/0003-partition-ledger-by-tenant.md"
OTHER = "docs/adr/0002-use-postgresql-for-the-ledger.md"
SPEC = "assay/decisions.assay"

#: A client that can register file watchers when the server asks (as VS Code and
#: Neovim can).
WATCHING = types.ClientCapabilities(
    workspace=types.WorkspaceClientCapabilities(
        did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
            dynamic_registration=True
        )
    )
)


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


def test_a_new_record_not_saved_yet_is_checked(workspace: Path) -> None:
    """A record opened in the editor before it exists on disk, in the records folder,
    is checked as a saved one is: its status spelled wrong is FLD002 at its place."""
    new = "docs/adr/0009-archive-the-ledger.md"
    text = (workspace / RECORD).read_text("utf-8").replace("# ADR 0003:", "# ADR 0009:")
    typo = text.replace("- Status: Proposed", "- Status: Acceptd")
    assert not (workspace / new).exists()

    async def scenario(editor: Editor) -> None:
        editor.open(new, typo)
        found = await editor.diagnostics(new)
        assert [(d.code, d.range) for d in found] == [
            ("FLD002", types.Range(types.Position(2, 10), types.Position(2, 17)))
        ]
        editor.type(new, text)
        assert await editor.diagnostics(new) == []

    run(workspace, scenario)
    assert not (workspace / new).exists()


def test_files_changed_on_disk_are_watched_and_checked_again(workspace: Path) -> None:
    """To a client that can register them, the server registers watchers for records,
    specs and the config. A record written to disk behind the editor's back with
    0002's number, announced as the editor's watcher announces it, makes the open
    0002 show DOC009; the config changed on disk to ignore DOC009 clears it."""
    new = "docs/adr/0002-split-the-ledger.md"
    text = (workspace / RECORD).read_text("utf-8").replace("# ADR 0003:", "# ADR 0002:")

    async def scenario(editor: Editor) -> None:
        editor.open(OTHER)
        assert await editor.diagnostics(OTHER) == []
        # The server asked before its first check, so the request has arrived.
        assert all(editor.watched(p) for p in (new, "assay.toml", SPEC, "docs/x/notes.rst"))
        assert not editor.watched("docs/adr/diagram.png")
        (workspace / new).write_text(text, "utf-8")
        editor.files_changed(new, types.FileChangeType.Created)
        found = await editor.diagnostics(OTHER, lambda ds: bool(ds))
        assert [d.code for d in found] == ["DOC009"]
        config = workspace / "assay.toml"
        config.write_text(config.read_text("utf-8") + 'ignore = ["DOC009"]\n', "utf-8")
        editor.files_changed("assay.toml", types.FileChangeType.Changed)
        assert await editor.diagnostics(OTHER, lambda ds: not ds) == []

    run(workspace, scenario, capabilities=WATCHING)
