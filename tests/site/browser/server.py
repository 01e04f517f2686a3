"""The published site served on 127.0.0.1 by the standard library, every answer recorded.

``http.server`` in a thread, on a port the system chooses. The handler writes nothing
to standard error; instead each request's path and status go to ``Served.log``, so a
test can say which pages and files the browser asked for and what it got (a 404 the
page hid behind a broken image is in the log all the same).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

__all__ = ["Served", "serve"]


class Served:
    """A running server: its base URL and the log of (path, status) it answered."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.log: list[tuple[str, int]] = []
        self._lock = threading.Lock()

    def record(self, path: str, status: int) -> None:
        with self._lock:
            self.log.append((urlsplit(path).path, status))

    def statuses(self) -> dict[str, set[int]]:
        """Each path asked for, with every status it was answered with."""
        with self._lock:
            found: dict[str, set[int]] = {}
            for path, status in self.log:
                found.setdefault(path, set()).add(status)
            return found


class _Handler(SimpleHTTPRequestHandler):
    served: Served

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.served.record(self.path, int(code) if str(code).isdigit() else 0)

    def log_message(self, format: str, *args: object) -> None:
        pass  # the log above is the record; stderr would only clutter pytest's output


@contextmanager
def serve(site: Path) -> Iterator[Served]:
    """Serve the folder ``site`` on 127.0.0.1 until the block ends."""
    served = Served("")

    class Handler(_Handler):
        pass

    Handler.served = served
    server = _Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    served.url = f"http://127.0.0.1:{server.server_address[1]}/"
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield served
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that hangs up mid-answer (it moved on to the next page) is no
        failure of the site: the statuses the tests read are logged by the handler."""
