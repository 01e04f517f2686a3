"""The language server: documents in, diagnostics out, hover and quick fixes.

Checking runs on one worker thread, never on the protocol's loop, so the server
keeps reading while a check runs; an edit made while one is under way makes the
next check, and a check whose text is no longer the editor's is dropped unpublished
(latest wins). The workspace is discovered again after a save and when the client
says files changed (it is asked to watch them, ``watching``); then every open
document is checked again, since a record saved can change another's findings (a
number taken twice, a relation). Positions cross the protocol in the encoding agreed
in ``initialize``, through ``positions.Lines`` only.
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from assay import __version__
from assay.api.files import read_text
from assay.errors import AssayError
from assay.lsp.diagnostics import LinesOf, to_lsp
from assay.lsp.hover import findings_text, rule_text
from assay.lsp.positions import Lines, Point, agreed
from assay.lsp.watching import registration
from assay.spec.diagnostics import Diagnostic
from assay.spec.source import Span

if TYPE_CHECKING:
    from assay.api.editing import LiveWorkspace

log = logging.getLogger(__name__)

#: Where the rule pages are by default: the documentation site's (``--rules-url``).
RULES_URL = "https://assay.invalid/reference/rules/"


class AssayServer(LanguageServer):
    """One workspace's checks, served to one editor."""

    def __init__(self, root: Path, rules_url: str = RULES_URL) -> None:
        super().__init__("assay", __version__, max_workers=2)
        self.root = root
        self.rules_url = rules_url if rules_url.endswith("/") else rules_url + "/"
        self.live: LiveWorkspace | None = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="assay-check")
        self._versions: dict[str, int] = {}
        self._found: dict[str, tuple[Diagnostic, ...]] = {}
        #: Why nothing can be checked (a config that cannot be read), or None.
        self.problem: str | None = None

    # -- the workspace ------------------------------------------------------------------

    def open_workspace(self, root: Path) -> None:
        """Keep the workspace at ``root`` open (its config read now). A config that
        cannot be read is told to the user once the editor is ready (``problem``);
        the server then answers with no findings rather than failing to start."""
        from assay.api.editing import open_live

        self.root = root
        try:
            self.live = open_live(root)
        except AssayError as error:
            self.problem = f"assay: {error}"

    def path_of(self, uri: str) -> str | None:
        """``uri`` as a workspace-relative POSIX path; None outside the workspace."""
        fs = to_fs_path(uri)
        if fs is None:
            return None
        try:
            return Path(os.path.realpath(fs)).relative_to(os.path.realpath(self.root)).as_posix()
        except ValueError:
            return None

    def uri_of(self, path: str) -> str:
        """The URI of a workspace-relative ``path`` (a related finding's file)."""
        return from_fs_path(str(self.root / path)) or path

    # -- checking -----------------------------------------------------------------------

    async def check_soon(self, uri: str, version: int) -> None:
        """Check the editor's text of ``uri`` as of ``version``; publish unless stale."""
        self._versions[uri] = version
        # The text is taken here, on the loop that applies the editor's changes: the
        # worker never reads pygls's documents while the loop edits them.
        text = self.workspace.get_text_document(uri).source
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(self._pool, self._check, uri, version, text)
        if isinstance(found, str):
            self.tell(found)
        elif found is not None and self._versions.get(uri) == version:
            self.publish(uri, version, found, text)

    def _check(self, uri: str, version: int, text: str) -> tuple[Diagnostic, ...] | str | None:
        """On the worker: the findings; None when stale; the message of an error (told
        on the loop: the protocol's writer is not the worker's to use)."""
        if self._versions.get(uri) != version:
            return None  # a newer edit is queued: check that one
        path = self.path_of(uri)
        if path is None or self.live is None:
            return ()  # not the workspace's, or nothing can be checked (``problem``)
        try:
            return tuple(self.live.check_text(path, text))
        except AssayError as error:  # a spec that cannot be read, say
            return f"assay: {error}"

    def publish(
        self, uri: str, version: int | None, found: tuple[Diagnostic, ...], text: str
    ) -> None:
        """Send ``found``, the findings of ``text``, as the diagnostics of ``uri`` (none:
        its findings cleared)."""
        self._found[uri] = found
        lines_of = self._lines_of(self.path_of(uri), text)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=uri,
                version=version,
                diagnostics=[to_lsp(d, lines_of, self.rules_url, self.uri_of) for d in found],
            )
        )

    def _lines_of(self, path: str | None, text: str) -> LinesOf:
        """``Lines`` by workspace path: ``path``'s on ``text``, another file's (a
        related finding's) on the editor's text when it is open, else on disk's."""
        known = {} if path is None else {path: Lines(text, self.encoding)}

        def lines_of(other: str) -> Lines:
            if other not in known:
                known[other] = Lines(self._text_of(other), self.encoding)
            return known[other]

        return lines_of

    def _text_of(self, path: str) -> str:
        opened = next((u for u in self._versions if self.path_of(u) == path), None)
        if opened is not None:
            return self.workspace.get_text_document(opened).source
        # Unreadable: no text, and each position is the start of the text.
        return read_text(self.root, path) or ""

    async def refresh(self, saved: list[str]) -> None:
        """Discover again (and renew the summary rows of ``saved``); check every open
        document again."""
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._pool, self._refresh, saved)
        except AssayError as error:  # a config saved broken
            self.tell(f"assay: {error}")
            return
        for uri in list(self._versions):
            await self.check_soon(uri, self._versions[uri])

    def _refresh(self, saved: list[str]) -> None:
        if self.live is not None:
            self.live.refresh(saved=saved)

    def watch_files(self) -> None:
        """Ask the editor to say when the workspace's files change on disk, where it
        can be asked (``watching``). Not waited for: the first check need not wait
        on the editor's answer, and a refusal is only logged (saves still refresh)."""
        params = registration(self.client_capabilities)
        if params is not None:
            self.client_register_capability(params).add_done_callback(_log_refusal)

    def tell(self, message: str) -> None:
        """Show ``message`` to the user, as an error."""
        self.window_show_message(
            types.ShowMessageParams(type=types.MessageType.Error, message=message)
        )

    def forget(self, uri: str) -> None:
        """A document closed: its findings cleared, in the editor and here."""
        self._versions.pop(uri, None)
        self._found.pop(uri, None)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )

    # -- hover and quick fixes ----------------------------------------------------------

    def hover(self, uri: str, position: types.Position) -> types.Hover | None:
        """The rules of the findings at ``position``, else of the code written there;
        None for a place outside the text (past a line's end, or the last line) or a
        document the editor has not opened."""
        if uri not in self._versions:
            return None
        lines = Lines(self.workspace.get_text_document(uri).source, self.encoding)
        point = lines.point(position)
        if point is None:
            return None
        under = [d for d in self._found.get(uri, ()) if _contains(d.span, point)]
        text = findings_text(under, self.rules_url) or rule_text(
            lines.word_at(point), self.rules_url
        )
        if text is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))

    @property
    def encoding(self) -> str:
        """The position encoding agreed in ``initialize``. pygls chose it from the
        client's offer and announced it, and applies the client's edits in it: the
        server reads it rather than choosing again, so the two cannot disagree."""
        return agreed(self.workspace.position_encoding)


def _log_refusal(answer: Future[None]) -> None:
    refused = None if answer.cancelled() else answer.exception()
    if refused is not None:
        log.warning("the editor did not register the file watchers: %s", refused)


def _contains(span: Span, point: Point) -> bool:
    return (span.line, span.column) <= point <= (span.end_line, span.end_column)
