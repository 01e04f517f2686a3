"""The published site served on 127.0.0.1 by the standard library, every answer recorded.

``http.server`` runs in a child process (``site_server.py``), on a port the system
chooses. It used to run in a thread of the test process, where the suite's
``filterwarnings = error`` and the garbage collector reach it: a warning for an object
an earlier test dropped, raised inside a request's thread, killed that request before
its answer — the page never finished loading, and its socket was left open (CI, stop
30). A process of its own answers every request whatever the tests do.

Each request's path and status go to a log file, one line each, written before the
body is sent; ``Served.log`` reads it, so a test can say which pages and files the
browser asked for and what it got (a 404 the page hid behind a broken image is in the
log all the same).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from tempfile import TemporaryDirectory
from urllib.parse import urlsplit

__all__ = ["Served", "serve"]

_CHILD = Path(__file__).with_name("site_server.py")


class Served:
    """A running server: its base URL and the log of (path, status) it answered."""

    def __init__(self, url: str, log_file: Path) -> None:
        self.url = url
        self._log_file = log_file

    @property
    def log(self) -> list[tuple[str, int]]:
        """Every answer so far, in order: (path without query, status)."""
        answers: list[tuple[str, int]] = []
        for line in self._log_file.read_text("utf-8").splitlines():
            status, _, path = line.partition(" ")
            answers.append((urlsplit(path).path, int(status)))
        return answers

    def statuses(self) -> dict[str, set[int]]:
        """Each path asked for, with every status it was answered with."""
        found: dict[str, set[int]] = {}
        for path, status in self.log:
            found.setdefault(path, set()).add(status)
        return found


@contextmanager
def serve(site: Path) -> Iterator[Served]:
    """Serve the folder ``site`` on 127.0.0.1 until the block ends."""
    with TemporaryDirectory(prefix="site-log-") as scratch:
        log_file = Path(scratch) / "answers.log"
        log_file.touch()
        child = subprocess.Popen(
            [sys.executable, str(_CHILD), str(site), str(log_file)],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert child.stdout is not None
            port = child.stdout.readline().strip()
            assert port.isdigit(), f"the site server did not start (said {port!r})"
            yield Served(f"http://127.0.0.1:{port}/", log_file)
        finally:
            child.terminate()
            child.wait(timeout=10)
            if child.stdout is not None:
                child.stdout.close()
