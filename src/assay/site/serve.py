"""A local preview: publish into a temporary folder, serve it, republish on change.

Each publication goes to a new folder (``site-1``, ``site-2``, …) inside one temporary
folder; the server reads the folder ``current`` names at the start of each request, so
a request sees either the old site or the new one, never a half-built one. A failed
publication leaves ``current`` as it was: the last good site keeps being served. The
server listens on 127.0.0.1 only: a preview is for the person at this machine.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any

from assay.engine.workspace.config import Config
from assay.errors import AssayError
from assay.site.publish import Published, publish
from assay.site.themes import DEFAULT_THEME, theme_settings
from assay.site.watch import Stamps, stamps

__all__ = ["HOST", "Preview", "ServeFailed"]

HOST = "127.0.0.1"


class ServeFailed(AssayError):
    """The preview cannot start: the port cannot be listened on."""


class Preview:
    """One preview session; use it as a context manager, so the folder goes away."""

    def __init__(
        self,
        load: Callable[[], Config],
        *,
        port: int,
        theme: str = DEFAULT_THEME,
        cache: bool = True,
    ) -> None:
        theme_settings(theme)  # a missing theme is known before the port is taken
        self._load = load  # read again for each publication: assay.toml may change
        self._watched: tuple[Path, ...] = ()
        self._seen: Stamps = {}
        self._theme = theme
        self._cache = cache
        self._port = port
        self._builds = 0
        self._current: Path | None = None
        self._previous: Path | None = None
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.folder = Path(tempfile.mkdtemp(prefix="assay-serve-"))

    def __enter__(self) -> Preview:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def listen(self) -> str:
        """Take the port (0: any free one); return the site's URL. Serving starts with
        ``serve``, once there is a site."""
        try:
            self._server = _Server((HOST, self._port), self._handler)
        except OSError as error:
            raise ServeFailed(f"cannot listen on {HOST}:{self._port}: {error.strerror}") from None
        return f"http://{HOST}:{self._server.server_address[1]}/"

    def publish(self) -> Published:
        """Publish the workspace into a new folder and serve it from the next request.

        Raises what ``publish`` raises (``AssayError``); the site served stays as it was.
        """
        config = self._load()
        self._watched = (config.root, *([config.source] if config.source else []))
        # Stamps taken before the build: a change made while it runs is seen next poll.
        self._seen = stamps(*self._watched)
        self._builds += 1
        out = self.folder / f"site-{self._builds}"
        done = publish(config, out, cache=self._cache, theme=self._theme)
        # The one before the previous goes: a request that began on it has ended.
        if self._previous is not None:
            shutil.rmtree(self._previous, ignore_errors=True)
        self._previous, self._current = self._current, out
        return done

    def serve(self) -> None:
        """Answer requests on a thread of their own from now on."""
        assert self._server is not None, "listen first"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def watch(
        self, told: Callable[[Published | AssayError], None], *, interval: float = 0.5
    ) -> None:
        """Republish whenever a file of the workspace changes, telling ``told`` each
        outcome; returns only by an exception (Ctrl-C's ``KeyboardInterrupt``)."""
        while True:
            time.sleep(interval)
            now = stamps(*self._watched)
            if now == self._seen:
                continue
            self._seen = now  # a config that cannot be read is not read again until changed
            try:
                told(self.publish())
            except AssayError as error:
                told(error)

    def close(self) -> None:
        """Stop serving and remove the temporary folder (removed even when stopping
        the server fails)."""
        try:
            if self._server is not None:
                if self._thread is not None:
                    self._server.shutdown()
                    self._thread.join()
                self._server.server_close()
                self._server = None
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _handler(self, request: Any, address: Any, server: ThreadingHTTPServer) -> _Quiet:
        # The folder is read once per request: a swap mid-request does not mix sites.
        return _Quiet(request, address, server, directory=str(self._current or self.folder))


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that hangs up mid-answer is no error worth a trace."""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Requests are not logged: the preview's output is its rebuilds."""
