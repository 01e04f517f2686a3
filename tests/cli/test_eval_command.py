"""`assay eval` on the command line: the guide's example (docs/guide/evaluation.md)
as it prints, prepare as the default stage, and every error path's exit code and
message (never a traceback)."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from assay.api import evaluation
from assay.cli import main
from tests.engine.evidence.workspace import make, spec
from tests.examples_copy import example_repository
from tests.test_doc_outputs import matches

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs/guide/evaluation.md"


def _example(tmp_path: Path) -> Path:
    """examples/eval copied into a git repository of its own."""
    return example_repository(tmp_path / "eval", "eval")


def _assay(root: Path, command: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.chdir(root)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(shlex.split(command))
    return code, out.getvalue(), err.getvalue()


def test_the_guide_shows_what_the_example_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/guide/evaluation.md: each `$ assay eval` line of its block, run in the example."""
    [block] = re.findall(
        r"<!-- output: checked by tests/cli/test_eval_command.py -->\n```console\n(.*?)```",
        GUIDE.read_text(),
        re.S,
    )
    root = _example(tmp_path)
    expected: list[list[str]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            expected.append([line])
        else:
            expected[-1].append(line)
    for lines in expected:
        code, out, err = _assay(root, lines[0][len("$ assay ") :], monkeypatch)
        assert code == 0, err
        assert matches(lines[1:], (out + err).splitlines()), out + err
    found = evaluation.attempts(root / "evidence.sqlite")
    assert {(a.condition, a.correctness) for a in found} == {
        ("overview", "wrong"),
        ("task", "correct"),
    }


def test_eval_alone_prepares_and_starts_no_agent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`assay eval` is `assay eval prepare`: preparations stored, no attempt."""
    root = _example(tmp_path)
    code, out, _ = _assay(root, "eval", monkeypatch)
    assert code == 0 and out.startswith("prepared 3 tasks of naming@1")
    with evaluation.open_store(root / "evidence.sqlite") as store:
        assert len(store.preparations("naming@1")) == 6 and store.attempts() == []


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("eval run --runner fixture --shard 3/2", "--shard '3/2': I must be from 1 to N"),
        ("eval run --runner nobody", "EVL001 no runner is 'nobody' (declared: fixture@1)"),
        ("eval run --runner fixture --db absent.sqlite", "EVL009 no such evidence store"),
        ("eval run --runner fixture --jobs 0", "not a whole number from 1 to 1024"),
        ("eval prepare --policy nowhere.toml", "EVL012 cannot read the policy"),
        ("eval merge out.sqlite one.sqlite", "EVL010 merge needs two stores or more"),
        ("eval prepare --benchmark naming@7", "EVL001 no benchmark is 'naming@7'"),
    ],
)
def test_usage_and_store_errors_exit_2_with_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, message: str
) -> None:
    """Bad arguments, names, stores and policies: exit 2, one clear message, no trace."""
    root = _example(tmp_path)
    code, out, err = _assay(root, command, monkeypatch)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert out == ""


def test_a_spec_error_is_shown_with_file_line_and_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broken evaluation statement: SPC diagnostics with an excerpt, exit 2, no store."""
    root = _example(tmp_path)
    with (root / "eval.assay").open("a") as spec_file:
        spec_file.write("\nrunner broken version 1 { timeout 5 }\n")
    code, _, err = _assay(root, "eval prepare", monkeypatch)
    assert code == 2
    assert "eval.assay:44:8: SPC004 [error] runner `broken` has no `argv`" in err
    assert not (root / "evidence.sqlite").exists()


def test_run_output_and_a_paid_refusal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, snapshot: SnapshotAssertion
) -> None:
    """A paid runner without authorization: every pair refused, EVL007 at the runner, exit 1."""
    root = make(tmp_path / "ws", spec("correct", paid=True))
    assert _assay(root, "eval prepare", monkeypatch)[0] == 0
    code, out, err = _assay(root, "eval run --runner fixture", monkeypatch)
    assert code == 1
    assert out + err == snapshot


def test_merge_on_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two shards run and merged: the command says how many attempts it copied."""
    root = _example(tmp_path)
    for index in (1, 2):
        assert _assay(root, f"eval prepare --db s{index}.sqlite", monkeypatch)[0] == 0
        run = f"eval run --runner fixture --db s{index}.sqlite --shard {index}/2"
        assert _assay(root, run, monkeypatch)[0] == 0
    code, out, _ = _assay(root, "eval merge all.sqlite s1.sqlite s2.sqlite", monkeypatch)
    assert code == 0 and out == "merged 6 attempts from 2 stores into all.sqlite\n"
