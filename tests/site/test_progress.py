"""The build's progress bar: on a terminal for large builds, never in CI's logs unless
asked. The terminal is a real pseudo-terminal; the pages are counted by MkDocs itself."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from assay.cli import EXIT_OK, main
from assay.cli.progress_bar import THRESHOLD, ProgressBar
from assay.site.build import build_site
from tests.site.many import many_records
from tests.site.test_publish import workspace

BAR = "building pages ["


class _Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace of more records than the threshold."""
    return many_records(tmp_path_factory.mktemp("large") / "ws", THRESHOLD + 5)


def publish_on_a_terminal(root: Path, *args: str) -> tuple[int, str]:
    """``assay publish`` with standard error on a pseudo-terminal; what it drew there."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "assay", "publish", "--out", str(root.parent / "site"), *args],
        cwd=root,
        stdout=subprocess.DEVNULL,
        stderr=follower,
    )
    os.close(follower)
    drawn = bytearray()
    while True:  # read while it runs: a full terminal buffer would stop the build
        ready, _, _ = select.select([leader], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the follower side closed: the process is done
                break
            if not chunk:
                break
            drawn += chunk
        elif process.poll() is not None:
            break
    os.close(leader)
    return process.wait(), drawn.decode("utf-8", "replace")


def test_a_large_build_on_a_terminal_draws_the_bar_to_the_end(large: Path) -> None:
    code, drawn = publish_on_a_terminal(large)
    assert code == EXIT_OK, drawn
    frames = [frame for frame in drawn.replace("\r\n", "\n").split("\r") if frame]
    assert all(frame.startswith(BAR) for frame in frames), frames[:2]
    total = int(frames[-1].split("/")[-1].strip())
    assert total > THRESHOLD  # each record's page and the home page
    assert frames[-1].strip() == f"{BAR}{'#' * 30}] {total}/{total}"
    # Redrawn when the percentage moves, not once per page.
    assert len(frames) <= 101


def test_ci_output_has_no_progress(large: Path) -> None:
    """Standard error not a terminal (CI's logs): no bar, however large the build."""
    result = subprocess.run(
        [sys.executable, "-m", "assay", "publish", "--out", str(large.parent / "ci-site")],
        cwd=large,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == EXIT_OK, result.stderr
    assert result.stderr == ""
    assert "site built in" in result.stdout


def test_progress_asks_for_the_bar_off_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--progress: drawn even into a log, and even for a small build; ends its line."""
    root = workspace(tmp_path / "ws")
    monkeypatch.chdir(root)
    assert main(["publish", "--no-cache", "--progress"]) == EXIT_OK
    err = capsys.readouterr().err
    assert err.startswith(f"\r{BAR}") and err.endswith("\n")
    done, total = err.strip().rsplit(" ", 1)[-1].split("/")
    assert done == total


def test_no_progress_is_quiet_even_on_a_terminal() -> None:
    terminal = _Terminal()
    bar = ProgressBar("never", terminal)
    for done in range(1, 1001):
        bar(done, 1000)
    bar.close()
    assert terminal.getvalue() == ""


@pytest.mark.parametrize(("total", "drawn"), [(THRESHOLD, False), (THRESHOLD + 1, True)])
def test_auto_draws_on_a_terminal_only_past_the_threshold(total: int, drawn: bool) -> None:
    terminal, log = _Terminal(), io.StringIO()
    for stream in (terminal, log):
        bar = ProgressBar("auto", stream)
        for done in range(1, total + 1):
            bar(done, total)
        bar.close()
    assert (BAR in terminal.getvalue()) is drawn
    assert log.getvalue() == ""


def test_the_page_counter_sees_every_page_mkdocs_renders(tmp_path: Path) -> None:
    """The internal plugin: called once per rendered page, with the total known first."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for number in range(7):
        (docs / f"page-{number}.md").write_text(f"# Page {number}\n", encoding="utf-8")
    calls: list[tuple[int, int]] = []
    build_site(docs, tmp_path / "site", name="t", progress=lambda d, t: calls.append((d, t)))
    assert calls == [(done, 7) for done in range(1, 8)]
