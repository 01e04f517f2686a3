"""`assay eval summary` with any `--tasks`, `--benchmark` and `--db` text: exit 0 or 2
and never a traceback; the store is never changed by it."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.cli import main
from tests.cli.test_eval_command import ROOT

TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"))


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("summary-args") / "eval"
    shutil.copytree(ROOT / "examples/eval", root)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    before = Path.cwd()
    os.chdir(root)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert main(["eval", "prepare"]) == 0
    finally:
        os.chdir(before)
    return root


@settings(max_examples=min(settings().max_examples, 100))
@given(
    tasks=st.none() | TEXT | st.from_regex(r"[0-9, -]{1,12}", fullmatch=True),
    benchmark=st.none() | TEXT | st.just("naming@1"),
    db=st.sampled_from(["evidence.sqlite", "eval.assay", "missing.sqlite", "."]),
    form=st.sampled_from(["text", "json", "markdown"]),
)
def test_any_summary_arguments_end_in_0_or_2(
    prepared: Path, tasks: str | None, benchmark: str | None, db: str, form: str
) -> None:
    arguments = ["eval", "summary", "--db", db, "--format", form]
    arguments += ["--tasks", tasks] if tasks is not None else []
    arguments += ["--benchmark", benchmark] if benchmark is not None else []
    store = (prepared / "evidence.sqlite").read_bytes()
    out, err = io.StringIO(), io.StringIO()
    before = Path.cwd()
    os.chdir(prepared)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(arguments)
            except SystemExit as stop:  # argparse: a value that looks like an option
                code = int(stop.code or 0)
    finally:
        os.chdir(before)
    assert code in (0, 2), err.getvalue()
    assert "Traceback" not in err.getvalue()
    assert (prepared / "evidence.sqlite").read_bytes() == store
