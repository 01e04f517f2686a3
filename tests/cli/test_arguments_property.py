"""Any command line, real options mixed with bogus ones and values made of any bytes:
assay answers with exit 0, 1 or 2 and a message, never a trace (exit 3).

Values are drawn as bytes and read the way Python reads ``argv`` (``os.fsdecode``:
undecodable bytes become lone surrogates), so a name that is not UTF-8 is covered as
well as control characters, unicode and leading dashes.  Every example runs in one
small workspace; ``--output`` only ever names a file inside it.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from assay.cli import EXIT_ERROR, main
from assay.engine.passes import workers as pool

ROOT = Path(__file__).resolve().parent.parent.parent
RECORD = "docs/adr/0001-record-architecture-decisions.md"
SPEC = "assay/decisions.assay"

#: Raw control characters (tab and newline are layout) and bidi controls: what the
#: terminal must never be sent, whatever the arguments held.
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

_bytes_value = st.binary(max_size=16).map(os.fsdecode)
_known = st.sampled_from(
    [
        *("text", "json", "sarif", "github", "error", "warning", "info", "never"),
        *("auto", "always", "LNK001", "DOC", "broken-link", "lnk001", "all", ","),
        *("0", "1", "2", "-1", "1e3", "99999999999", "", "-", "--", ".", ".."),
        *("assay.toml", "broken.toml", "notoml.toml", "pyproject.toml", "docs", "docs/adr"),
        *(RECORD, SPEC, "assay", "missing.md", "x" * 300, "adr", "decision"),
        *("document", "spec", "reading", "report"),
        *("runs/github.com-vectifyai-pageindex", "runs", "https://GitHub.com/o/r.git"),
        *("repository=billing", "task_kind=bugfix", "bytes", "chars", "4000", "-"),
    ]
)
VALUES = st.one_of(_bytes_value, st.text(max_size=12), _known)
#: A file name inside the workspace's `reports/` (or a folder that does not exist):
#: one path segment of any bytes but `/` and NUL, so nothing is written elsewhere.
_segment = st.binary(min_size=0, max_size=24).map(
    lambda raw: os.fsdecode(raw.replace(b"/", b"_").replace(b"\x00", b"_"))
)
OUTPUTS = st.tuples(st.sampled_from(["reports/", "missing/"]), _segment).map("".join)

_OPTIONS = (
    *("--format", "--select", "--ignore", "--fail-on", "--config", "--jobs", "--color"),
    *("--type", "--spec", "--json", "--no-cache", "--bogus", "-x", "--help", "--version"),
    *("--dest", "--write"),
    *("--where", "--declaration", "--explain"),
    *("--budget", "--unit", "--manifest", "--out"),
)
_option_with_value = st.tuples(st.sampled_from(_OPTIONS), VALUES)
TOKENS = st.one_of(
    VALUES.map(lambda v: [v]),
    st.sampled_from(_OPTIONS).map(lambda o: [o]),
    _option_with_value.map(list),
    _option_with_value.map(lambda ov: [f"{ov[0]}={ov[1]}"]),
    OUTPUTS.map(lambda out: ["--output", out]),
)
# `render --write`, `pin --write` and `assemble --out` may write inside the workspace
# copy: still only exit 0, 1 or 2. `new` is left out (each example would add a record
# or a run), and `publish` (each example would build a MkDocs site: tests/site has it).
COMMANDS = st.sampled_from(
    [
        *("check", "parse", "rules", "schema", "files", "identity", "render", "select"),
        *("pin", "assemble"),
        *("", "bogus", "-"),
    ]
)
ARGUMENTS = st.tuples(COMMANDS, st.lists(TOKENS, max_size=5)).map(
    lambda parts: ([parts[0]] if parts[0] else []) + [t for token in parts[1] for t in token]
)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example workspace, plus configs that cannot be used and a reports folder."""
    root = tmp_path_factory.mktemp("arguments")
    shutil.copytree(ROOT / "examples", root, dirs_exist_ok=True)
    (root / "broken.toml").write_text('specs = ["broken/*.assay"]\n', encoding="utf-8")
    (root / "broken").mkdir()
    (root / "broken" / "bad.assay").write_text("type {{{\n", encoding="utf-8")
    (root / "notoml.toml").write_text("specs = [\n", encoding="utf-8")
    (root / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
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


def run(arguments: list[str], folder: Path) -> tuple[int, str, str]:
    """``main(arguments)`` in ``folder``; standard output is strict UTF-8, as a pipe
    is, and standard error replaces what it cannot encode, as Python's own does."""
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict")
    stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace")
    with _inside(folder), contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            code = main(arguments)
        except SystemExit as exit_:  # main returns codes, but a stray exit is no crash
            code = exit_.code if isinstance(exit_.code, int) else EXIT_ERROR
        stdout.flush()
        stderr.flush()
    return code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


@settings(max_examples=min(settings().max_examples, 300))
@given(arguments=ARGUMENTS)
@example(arguments=["check", "--config", "a\x00b"])
@example(arguments=["parse", "a\x00b"])
@example(arguments=["check", "--output", "reports/a\x00b"])
@example(arguments=["check", "--jobs", "99999999999"])
@example(arguments=["check", "--config", "x" * 5000])
@example(arguments=["check", "\x1b[2J\x07missing.md"])
@example(arguments=["check", "--bogus=\x1b]0;owned\x07"])
@example(arguments=["rules", "\u202eLNK001"])
def test_any_command_line_exits_0_1_or_2_without_a_trace(
    arguments: list[str], workspace: Path
) -> None:
    code, out, err = run(arguments, workspace)
    assert code in (0, 1, 2), err
    assert "Traceback" not in err
    assert not RAW_CONTROL.search(err), err
    assert not RAW_CONTROL.search(out), out


#: Each was an internal error (exit 3 with a trace) before it was fixed.
CRASHES = {
    "nul-in-config": ["check", "--config", "a\x00b"],
    "nul-in-parse-file": ["parse", "a\x00b"],
    "nul-in-output": ["check", "--output", "reports/a\x00b"],
    "jobs-past-a-c-int": ["check", "--jobs", "99999999999"],
    "config-name-too-long": ["check", "--config", "x" * 5000],
}


@pytest.mark.parametrize("arguments", CRASHES.values(), ids=CRASHES.keys())
def test_arguments_that_crashed_are_usage_errors_or_run(
    arguments: list[str], workspace: Path
) -> None:
    code, _out, err = run(arguments, workspace)
    assert code in (0, 1, 2), err
    assert "Traceback" not in err


def test_more_jobs_than_documents_check_every_document(workspace: Path) -> None:
    code, out, err = run(["check", "--no-cache", "--jobs", "99999999999"], workspace)
    assert code in (0, 1), err
    # the run happened, with every document: eight records and the example run's nine files
    assert " in 17 files" in out.splitlines()[-1]


@pytest.mark.parametrize(("documents", "jobs", "workers"), [(3, 10**11, 3), (3, 2, 2), (0, 5, 1)])
def test_a_run_starts_no_more_processes_than_documents(
    documents: int, jobs: int, workers: int
) -> None:
    assert pool.workers(documents, jobs) == workers


#: What each message quoted raw before; the escaped form is what it shows now.
ECHOES = {
    "usage-error": (["check", "--bogus=\x1b]0;owned\x07"], "--bogus=\\x1b]0;owned\\x07"),
    "missing-path": (["check", "\x1b[2J\u202emissing.md"], "\\x1b[2J\\u202emissing.md"),
    "unknown-rule": (["rules", "\u202eLNK001\x9b"], "\\u202eLNK001\\x9b"),
    "missing-config": (["check", "--config", "\x07.toml"], "\\x07.toml"),
    "undecodable-parse-file": (["parse", os.fsdecode(b"\xff\x1b.md")], "\\xff\\x1b.md"),
}


@pytest.mark.parametrize(("arguments", "shown"), ECHOES.values(), ids=ECHOES.keys())
def test_messages_quote_arguments_escaped(
    arguments: list[str], shown: str, workspace: Path
) -> None:
    code, _out, err = run(arguments, workspace)
    assert code == EXIT_ERROR
    assert shown in err
    assert not RAW_CONTROL.search(err), err
