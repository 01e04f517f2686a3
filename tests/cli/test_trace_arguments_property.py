"""Any arguments to `assay trace`: exit 0, 1 or 2, never an internal error, and the
session files are never modified."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.cli import main
from tests.cli.trace_workspace import FIXTURES, footprint

_SESSIONS = ("review.jsonl", "broken.jsonl", "trace.jsonl")
_PATHS = st.sampled_from(
    [
        *_SESSIONS,
        "link.jsonl",
        "missing.jsonl",
        "../out.jsonl",
        "/etc/passwd",
        ".",
        "",
        "-",
        "sub/../review.jsonl",
        "review.jsonl/",
    ]
)
_VALUES = st.sampled_from(
    ["e1f00004", "E1F00004", "", "0", "1", "20", "21", "-1", "x", "é"]
) | st.text(max_size=6)
_OPTIONS = (
    "--turn",
    "--window",
    "--format",
    "--protocol",
    "--actor",
    "--fail-on",
    "--config",
    "--output",
)
_TOKENS = st.one_of(
    _PATHS.map(lambda p: [p]),
    st.tuples(
        st.sampled_from(_OPTIONS),
        _VALUES
        | st.sampled_from(["json", "text", "sarif", "participant", "review.jsonl", "reports/r"]),
    ).map(list),
    st.sampled_from(_OPTIONS).map(lambda o: [o]),
)
_ARGUMENTS = st.tuples(
    st.sampled_from(["check", "fetch", "", "nope"]), st.lists(_TOKENS, max_size=6)
)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("trace-arguments") / "ws"
    root.mkdir()
    (root / "assay.toml").write_text("")
    for name in _SESSIONS:
        shutil.copy(FIXTURES / name, root / name)
    os.symlink("review.jsonl", root / "link.jsonl")
    (root / "reports").mkdir()
    return root


@contextlib.contextmanager
def _inside(folder: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


@given(arguments=_ARGUMENTS)
def test_any_trace_arguments_end_in_a_contract_exit_code(
    workspace: Path, arguments: tuple[str, list[list[str]]]
) -> None:
    """0, 1 or 2 whatever is given; no trace; the sessions keep their bytes and times."""
    command, tokens = arguments
    argv = ["trace", *([command] if command else []), *(t for token in tokens for t in token)]
    before = {name: footprint(workspace / name) for name in _SESSIONS}
    out, err = io.StringIO(), io.StringIO()
    with _inside(workspace), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code in (0, 1, 2), (argv, err.getvalue())
    assert "Traceback" not in err.getvalue()
    assert {name: footprint(workspace / name) for name in _SESSIONS} == before
