"""``python site_server.py SITE LOG``: serve SITE on 127.0.0.1, log each answer to LOG.

Run by ``server.serve`` as a child process; prints the port it chose, then serves
until terminated. Each answer is a line ``STATUS PATH`` in LOG, flushed before the
body is sent. Standard library only, so it starts in a few milliseconds.
"""

from __future__ import annotations

import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import TextIO


class _Handler(SimpleHTTPRequestHandler):
    log_file: TextIO
    lock = threading.Lock()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        status = int(code) if str(code).isdigit() else 0
        with self.lock:
            self.log_file.write(f"{status} {self.path}\n")
            self.log_file.flush()

    def log_message(self, format: str, *args: object) -> None:
        pass  # the log file is the record; stderr would only clutter pytest's output


class _Server(ThreadingHTTPServer):
    # Chromium opens several connections at once; a deeper queue than the default 5
    # means none waits for a SYN retry on a busy machine.
    request_queue_size = 64

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that hangs up mid-answer (it moved on to the next page) is no
        failure of the site: the statuses the tests read are logged by the handler."""


def main(site: str, log: str) -> None:
    with open(log, "a", encoding="utf-8") as log_file:
        _Handler.log_file = log_file
        server = _Server(("127.0.0.1", 0), functools.partial(_Handler, directory=site))
        print(server.server_address[1], flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
