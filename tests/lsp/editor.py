"""A real ``assay lsp`` in a subprocess, spoken to with pygls's own client: what an
editor does (open, type, save, hover, ask for fixes) and what it is sent."""

from __future__ import annotations

import asyncio
import re
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

#: How long a test waits for diagnostics before it fails (a cold first check of a
#: small workspace takes about a second; CI's machine is shared).
PATIENCE = 60.0

Published = list[types.Diagnostic]


class Editor:
    """One connected client and what the server published to it, per URI."""

    def __init__(self, client: LanguageClient, root: Path) -> None:
        self.client, self.root = client, root
        self.published: dict[str, list[tuple[int | None, Published]]] = {}
        self._arrived = asyncio.Condition()
        self._versions: dict[str, int] = {}
        #: What the server showed the user (window/showMessage).
        self.shown: list[str] = []
        #: The position encoding the server agreed to in ``initialize``.
        self.encoding: str | None = None
        #: The capabilities the server registered with the client, as it asked.
        self.registered: list[types.Registration] = []

    def uri(self, path: str) -> str:
        """The URI of a workspace-relative ``path``."""
        uri = from_fs_path(str(self.root / path))
        assert uri is not None
        return uri

    async def arrived(self, params: types.PublishDiagnosticsParams) -> None:
        async with self._arrived:
            self.published.setdefault(params.uri, []).append((params.version, params.diagnostics))
            self._arrived.notify_all()

    async def diagnostics(
        self, path: str, until: Callable[[Published], bool] = lambda _: True
    ) -> Published:
        """The diagnostics of ``path`` for its latest version, once ``until`` holds of them."""
        uri, version = self.uri(path), self._versions.get(self.uri(path))

        def ready() -> bool:
            latest = self.published.get(uri, [])
            return bool(latest) and latest[-1][0] in (version, None) and until(latest[-1][1])

        async with self._arrived:
            await asyncio.wait_for(self._arrived.wait_for(ready), PATIENCE)
        return list(self.published[uri][-1][1])

    def open(self, path: str, text: str | None = None) -> None:
        """Open ``path`` with ``text`` (default: what is on disk)."""
        uri = self.uri(path)
        self._versions[uri] = 1
        body = (self.root / path).read_text("utf-8") if text is None else text
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="markdown", version=1, text=body
                )
            )
        )

    def type(self, path: str, text: str) -> None:
        """Replace the whole text of ``path`` in the editor (unsaved)."""
        uri = self.uri(path)
        self._versions[uri] += 1
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(
                    uri=uri, version=self._versions[uri]
                ),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

    def save(self, path: str, text: str) -> None:
        """Write ``text`` to disk, as the editor saves it, and say so."""
        (self.root / path).write_text(text, "utf-8")
        self.client.text_document_did_save(
            types.DidSaveTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=self.uri(path))
            )
        )

    def close(self, path: str) -> None:
        """Close ``path`` in the editor."""
        self.client.text_document_did_close(
            types.DidCloseTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=self.uri(path))
            )
        )

    def files_changed(self, path: str, change: types.FileChangeType) -> None:
        """Say that ``path`` changed on disk behind the editor's back."""
        self.client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=self.uri(path), type=change)]
            )
        )

    def watched(self, path: str) -> bool:
        """Whether a file watcher the server registered matches ``path``, as the
        editor would match it (the protocol's glob: ``**/`` any folders, ``*`` and
        ``?`` within a name)."""
        # The options arrive as JSON: the protocol types them by the method only.
        globs = [
            w["globPattern"]
            for r in self.registered
            if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
            for w in r.register_options["watchers"]
        ]
        return any(re.fullmatch(_glob_regex(g), path) for g in globs)

    async def hover(self, path: str, line: int, character: int) -> str | None:
        """The hover text at a 0-based position."""
        answer = await self.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=self.uri(path)),
                position=types.Position(line=line, character=character),
            )
        )
        if answer is None:
            return None
        assert isinstance(answer.contents, types.MarkupContent)
        return answer.contents.value

    async def fixes(self, path: str, found: Published) -> list[types.CodeAction]:
        """The quick fixes offered for ``found``."""
        answer = await self.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=self.uri(path)),
                range=found[0].range
                if found
                else types.Range(types.Position(0, 0), types.Position(0, 0)),
                context=types.CodeActionContext(diagnostics=found),
            )
        )
        return [a for a in answer or [] if isinstance(a, types.CodeAction)]


def _glob_regex(glob: str) -> str:
    pieces = re.split(r"(\*\*/|\*|\?)", glob)
    meaning = {"**/": "(?:.*/)?", "*": "[^/]*", "?": "[^/]"}
    return "".join(meaning.get(p, re.escape(p)) for p in pieces)


@asynccontextmanager
async def editing(
    root: Path, *args: str, capabilities: types.ClientCapabilities | None = None
) -> AsyncIterator[Editor]:
    """``assay lsp ARGS`` started in ``root`` and initialized with it as the
    workspace folder (the client offering ``capabilities``: none by default); shut
    down and exited on leaving."""
    client = LanguageClient("assay-tests", "1")
    editor = Editor(client, root)

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams) -> None:
        editor.registered.extend(params.registrations)

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    async def published(params: types.PublishDiagnosticsParams) -> None:
        await editor.arrived(params)

    @client.feature(types.WINDOW_SHOW_MESSAGE)
    def shown(params: types.ShowMessageParams) -> None:
        editor.shown.append(params.message)

    await client.start_io(sys.executable, "-m", "assay", "lsp", *args, cwd=str(root))
    result = await client.initialize_async(
        types.InitializeParams(
            process_id=None,
            root_uri=from_fs_path(str(root)),
            capabilities=capabilities or types.ClientCapabilities(),
            workspace_folders=[types.WorkspaceFolder(uri=from_fs_path(str(root)) or "", name="w")],
        )
    )
    encoding = result.capabilities.position_encoding
    editor.encoding = None if encoding is None else str(getattr(encoding, "value", encoding))
    client.initialized(types.InitializedParams())
    try:
        yield editor
    finally:
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()


def run(
    root: Path,
    scenario: Callable[[Editor], Awaitable[None]],
    *args: str,
    capabilities: types.ClientCapabilities | None = None,
) -> None:
    """Play ``scenario`` against ``assay lsp ARGS`` in ``root`` (see ``editing``)."""

    async def main() -> None:
        async with editing(root, *args, capabilities=capabilities) as editor:
            await scenario(editor)

    asyncio.run(main())
