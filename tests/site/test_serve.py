"""`assay serve`: a real server in a real subprocess, read over HTTP on 127.0.0.1.

Every wait is bounded and polls for a state (a line printed, a page changed), never
for a length of time.
"""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.cli import EXIT_ERROR, EXIT_OK, main
from assay.cli.site_arguments import port as _port
from tests.site.sites import shown_output
from tests.site.test_publish import PASSING, workspace
from tests.test_doc_outputs import matches

RECORD = "docs/adr/0001-record-architecture-decisions.md"
PAGE = "decisions/0001-record-architecture-decisions/"
#: How long a wait may last before the test fails (a loaded CI machine is slow).
PATIENCE = 120.0


class Served:
    """A running ``assay serve``: its lines as they come, and its URL."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: queue.Queue[tuple[str, str]] = queue.Queue()
        self.seen: list[tuple[str, str]] = []
        self.readers = [
            threading.Thread(target=self._read, args=(name, stream), daemon=True)
            for name, stream in (("out", process.stdout), ("err", process.stderr))
        ]
        for reader in self.readers:
            reader.start()
        self.url = self.wait_for("out", "serving ").split()[1]

    def _read(self, name: str, stream: object) -> None:
        for line in stream:  # type: ignore[attr-defined]
            self.lines.put((name, line.rstrip("\n")))

    def wait_for(self, stream: str, start: str) -> str:
        """The next line of ``stream`` that starts with ``start``."""
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            try:
                name, line = self.lines.get(timeout=1.0)
            except queue.Empty:
                assert self.process.poll() is None, f"assay serve ended: {self.seen}"
                continue
            self.seen.append((name, line))
            if name == stream and line.startswith(start):
                return line
        raise AssertionError(f"no {stream} line starting {start!r}: {self.seen}")

    def end(self) -> None:
        """Kill it if it still runs; close its pipes once read to the end."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for reader in self.readers:
            reader.join(timeout=PATIENCE)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()

    def get(self, path: str = "") -> str:
        with urllib.request.urlopen(self.url + path, timeout=30) as answer:
            return str(answer.read().decode("utf-8"))


def replace(path: Path, text: str) -> None:
    """Change a file in one step, as an editor saving it does: a poll never sees it
    half-written (which would be a second, different publication)."""
    draft = path.with_name(f".{path.name}.draft")
    draft.write_text(text, encoding="utf-8")
    os.replace(draft, path)


def until(condition: Callable[[], bool]) -> None:
    """Poll ``condition`` until it holds; fail after ``PATIENCE``."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.2)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Served, Path, Path]]:
    """``assay serve --port 0`` in the publication workspace, its TMPDIR the test's."""
    root = workspace(tmp_path / "ws")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-m", "assay", "serve", "--port", "0"],
        cwd=root,
        env=dict(os.environ, TMPDIR=str(tmp)),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        server = Served(process)
    except BaseException:
        process.kill()
        process.communicate()
        raise
    try:
        yield server, root, tmp
    finally:
        server.end()


def test_serve_publishes_serves_republishes_and_stops_cleanly(
    served: tuple[Served, Path, Path],
) -> None:
    server, root, tmp = served
    assert server.url.startswith("http://127.0.0.1:")
    assert int(server.url.rsplit(":", 1)[1].rstrip("/")) > 0  # --port 0 chose a free one
    assert [line for name, line in server.seen if "excluded" in line]  # listed, as publish
    assert "Record architecture decisions" in server.get()
    assert "numbered and never renumbered" in server.get(PAGE)
    replace(root / RECORD, PASSING.replace("never renumbered", "never, ever renumbered"))
    until(lambda: "never, ever renumbered" in server.get(PAGE))
    server.wait_for("out", "site republished")
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=PATIENCE) == EXIT_OK
    assert not list(tmp.iterdir())  # the temporary folder is gone
    # docs/guide/publishing.md shows this session's output.
    server.end()
    while not server.lines.empty():
        server.seen.append(server.lines.get())
    printed = [line for name, line in server.seen if name == "out"]
    assert matches(shown_output("guide/publishing.md", "assay serve --port 0"), printed), printed


def test_a_failed_republication_keeps_the_last_good_site(
    served: tuple[Served, Path, Path],
) -> None:
    server, root, tmp = served
    before = server.get(PAGE)
    (root / "assay.toml").write_text('specs = ["assay/*.assay"]\n', encoding="utf-8")
    (root / "assay").mkdir()
    (root / "assay" / "broken.assay").write_text("type {\n", encoding="utf-8")
    error = server.wait_for("err", "assay serve: ")
    assert "assay/broken.assay:1:6: SPC001" in error
    server.wait_for("err", "assay serve: still serving the last good site")
    assert server.get(PAGE) == before
    (root / "assay" / "broken.assay").unlink()
    replace(root / RECORD, PASSING.replace("reviewed like code", "reviewed"))
    until(lambda: "reviewed like code" not in server.get(PAGE))
    server.process.send_signal(signal.SIGTERM)  # `kill` stops it cleanly too
    assert server.process.wait(timeout=PATIENCE) == EXIT_OK
    assert not list(tmp.iterdir())


def test_only_the_loopback_address_is_listened_on(served: tuple[Served, Path, Path]) -> None:
    """The system's own table of listening sockets: the port is bound to 127.0.0.1
    alone (no traffic to any other address is needed to tell)."""
    server, _, _ = served
    port = int(server.url.rsplit(":", 1)[1].rstrip("/"))
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text(encoding="ascii").splitlines()[1:]:
            local, state = row.split()[1], row.split()[3]
            address, hex_port = local.split(":")
            if int(hex_port, 16) == port and state == "0A":  # 0A: LISTEN
                listening.add(address)
    assert listening == {"0100007F"}  # 127.0.0.1, little-endian hex
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=PATIENCE) == EXIT_OK


def test_a_port_in_use_is_a_usage_error_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = workspace(tmp_path / "ws")
    monkeypatch.chdir(root)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    before = set(tmp_path.iterdir())
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert err == f"assay serve: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    assert set(tmp_path.iterdir()) == before


def test_a_first_publication_that_fails_is_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing to serve: the spec error at its line and column, no folder left."""
    root = workspace(tmp_path / "ws")
    (root / "assay.toml").write_text('specs = ["assay/*.assay"]\n', encoding="utf-8")
    (root / "assay").mkdir()
    (root / "assay" / "broken.assay").write_text("type {\n", encoding="utf-8")
    monkeypatch.chdir(root)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    before = set(tmp_path.iterdir())
    assert main(["serve", "--port", "0", "--no-cache"]) == EXIT_ERROR
    captured = capsys.readouterr()
    assert captured.err.startswith("assay serve: assay/broken.assay:1:6: SPC001")
    assert "serving" not in captured.out
    assert set(tmp_path.iterdir()) == before


@given(st.text())
def test_port_reads_any_text_as_a_port_or_a_usage_error(text: str) -> None:
    import argparse

    try:
        port = _port(text)
    except argparse.ArgumentTypeError as error:
        assert str(error)
    else:
        assert 0 <= port <= 65535
