"""Every command output shown in docs/ is produced here, so the docs cannot drift.

The convention: a ```console block shows a command and its output, and an HTML
comment right before it names the folder (from the repository root) it runs in:

    <!-- output: run in examples -->
    ```console
    $ assay check
    docs/adr/0005-…
    …
    5 errors, 3 warnings, 0 infos in 8 files (1 suppressed)
    ```

The test runs the `$ assay …` line there (in this process, no colour, no cache) and
compares standard output then standard error with the block's other lines: a line
that is only `…` stands for any number of lines, `…` inside a line for any text in
it; everything else must match exactly (trailing spaces aside). A ```console block
without the comment fails the test, so no shown output escapes it.

A command that changes its workspace (`assay new`) cannot run in place; its block says
``<!-- output: checked by tests/…py -->`` instead, and that test module must name the
page (it compares the block itself).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from assay.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
_MARKER = re.compile(r"<!-- output: run in (?P<folder>\S+) -->\n")
_CHECKED_BY = re.compile(r"<!-- output: checked by (?P<test>tests/\S+\.py) -->\n")
_BLOCK = re.compile(r"^```console\n(?P<body>.*?)^```$", re.S | re.M)


def console_blocks() -> list[tuple[str, int, str | None, str]]:
    """Each ```console block of docs/: page, line, the marker's folder (None: no
    marker), body."""
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for block in _BLOCK.finditer(text):
            before = text[: block.start()]
            marker = _MARKER.search(before[-200:]) if before.endswith("-->\n") else None
            checked = _CHECKED_BY.search(before[-200:]) if before.endswith("-->\n") else None
            line = text.count("\n", 0, block.start()) + 1
            name = page.relative_to(DOCS).as_posix()
            folder = marker["folder"] if marker else ("=" + checked["test"] if checked else None)
            found.append((name, line, folder, block["body"]))
    return found


def matches(expected: list[str], actual: list[str]) -> bool:
    """``actual`` as ``expected`` describes it (``…`` lines and ``…`` in lines)."""
    pattern = []
    for line in expected:
        if line == "…":
            pattern.append(r"(?:[^\n]*\n)*?")
        else:
            pattern.append(".*".join(re.escape(part) for part in line.split("…")) + r"\n")
    text = "".join(line + "\n" for line in actual)
    return re.fullmatch("".join(pattern), text) is not None


BLOCKS = console_blocks()


def test_every_console_block_is_produced() -> None:
    """A shown output without the marker would not be checked: there is none."""
    assert BLOCKS, "the docs show command outputs"
    unmarked = [f"{page}:{line}" for page, line, folder, _ in BLOCKS if folder is None]
    assert not unmarked, f"console blocks without `<!-- output: run in FOLDER -->`: {unmarked}"


@pytest.mark.parametrize(
    ("page", "test"),
    [pytest.param(p, f[1:], id=f"{p}:{n}") for p, n, f, _ in BLOCKS if f and f.startswith("=")],
)
def test_a_block_checked_elsewhere_is_checked_there(page: str, test: str) -> None:
    """The test module a block names exists and reads that page."""
    module = ROOT / test
    assert module.is_file(), test
    assert f"docs/{page}" in module.read_text(encoding="utf-8"), (test, page)


@pytest.mark.parametrize(
    ("folder", "body"),
    [pytest.param(f, b, id=f"{p}:{n}") for p, n, f, b in BLOCKS if f and not f.startswith("=")],
)
def test_doc_output_is_what_the_command_prints(
    folder: str, body: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [line.rstrip() for line in body.splitlines()]
    assert lines and lines[0].startswith("$ assay "), "a block starts with `$ assay …`"
    monkeypatch.chdir(ROOT / folder)
    monkeypatch.setenv("ASSAY_NO_CACHE", "1")
    monkeypatch.setenv("COLUMNS", "100")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(shlex.split(lines[0][2:])[1:])
    actual = [line.rstrip() for line in (out.getvalue() + err.getvalue()).splitlines()]
    assert matches(lines[1:], actual), "\n".join(actual)


def test_the_matcher_can_fail() -> None:
    """`…` is no licence to match anything: the lines around it must be there."""
    assert matches(["a", "…", "z"], ["a", "b", "c", "z"])
    assert matches(["a …", "z"], ["a b c", "z"])
    assert not matches(["a", "…", "z"], ["a", "b"])
    assert not matches(["a", "z"], ["a", "b", "z"])
    assert not matches(["a …"], ["b a"])
