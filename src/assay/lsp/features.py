"""The protocol's messages the server answers, and ``serve``."""

from __future__ import annotations

import sys
from pathlib import Path

from lsprotocol import types
from pygls.uris import to_fs_path

from assay.lsp.fixes import quick_fixes
from assay.lsp.server import RULES_URL, AssayServer

#: What the server asks the editor to send: whole texts on open, changes after.
SYNC = types.TextDocumentSyncOptions(
    open_close=True,
    change=types.TextDocumentSyncKind.Incremental,
    save=types.SaveOptions(include_text=False),
)


def build(root: Path, rules_url: str = RULES_URL) -> AssayServer:
    """A server for the workspace at ``root`` (or the one the editor names)."""
    server = AssayServer(root, rules_url)

    @server.feature(types.INITIALIZE)
    def initialize(ls: AssayServer, params: types.InitializeParams) -> None:
        folders = params.workspace_folders or []
        uri = folders[0].uri if folders else params.root_uri
        named = to_fs_path(uri) if uri else None
        ls.open_workspace(Path(named) if named else ls.root)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: AssayServer, params: types.InitializedParams) -> None:
        ls.watch_files()
        if ls.problem is not None:
            ls.tell(ls.problem)
            return
        await ls.refresh([])  # the first check: the whole workspace, through the caches

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: AssayServer, params: types.DidOpenTextDocumentParams) -> None:
        await ls.check_soon(params.text_document.uri, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: AssayServer, params: types.DidChangeTextDocumentParams) -> None:
        await ls.check_soon(params.text_document.uri, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: AssayServer, params: types.DidSaveTextDocumentParams) -> None:
        path = ls.path_of(params.text_document.uri)
        await ls.refresh([path] if path is not None else [])

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: AssayServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.forget(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def files_changed(ls: AssayServer, params: types.DidChangeWatchedFilesParams) -> None:
        # As after a save, only the changed files' rows are renewed (deleted ones
        # drop out with discovery): the editor's watchers report its own saves too, so
        # checking the whole workspace here would cost every save a whole check.
        changed = [p for p in (ls.path_of(c.uri) for c in params.changes) if p is not None]
        if changed:
            await ls.refresh(changed)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: AssayServer, params: types.HoverParams) -> types.Hover | None:
        return ls.hover(params.text_document.uri, params.position)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    def code_action(ls: AssayServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return quick_fixes(params.text_document.uri, list(params.context.diagnostics))

    return server


def serve(root: Path, rules_url: str = RULES_URL) -> None:
    """Serve over standard input and output until the editor says exit."""
    build(root, rules_url).start_io(sys.stdin.buffer, sys.stdout.buffer)
