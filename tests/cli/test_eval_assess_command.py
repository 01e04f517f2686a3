"""`assay eval assess` on the command line: the block of docs/guide/evaluation.md
(## Assessments) as it prints, the summary showing the assessment, each refusal and
usage error with exit 2 and nothing written, and any arguments (hypothesis) answered
with exit 0 or 2, never a trace."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from assay.api import evaluation
from assay.cli import main
from tests.cli.test_eval_command import GUIDE, _assay, _example
from tests.engine.evidence.workspace import make, spec
from tests.test_doc_outputs import matches


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/eval prepared with its policy and run: attempts 1-6, no assessment."""
    root = _example(tmp_path_factory.mktemp("assess-cli"))
    policy = evaluation.read_policy(root / "policy.toml")
    evaluation.prepare(root, root / "evidence.sqlite", policy=policy)
    evaluation.run(root, root / "evidence.sqlite", runner="fixture")
    return root


@pytest.fixture
def root(ran: Path, tmp_path: Path) -> Path:
    """A copy of the run example, for one test to change."""
    return Path(shutil.copytree(ran, tmp_path / "eval"))


def test_the_guide_shows_what_assess_prints(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/guide/evaluation.md, ## Assessments: the command and its output, exit 0;
    the summary then shows the assessment beside the pair."""
    [block] = re.findall(
        r"<!-- output: checked by tests/cli/test_eval_assess_command.py -->\n```console\n(.*?)```",
        GUIDE.read_text(),
        re.S,
    )
    command, *expected = block.splitlines()
    code, out, err = _assay(root, command.removeprefix("$ assay "), monkeypatch)
    assert code == 0, err
    assert matches(expected, out.splitlines()), out
    code, out, _ = _assay(root, "eval summary", monkeypatch)
    assert code == 0
    assert "task #2 completed correct, assessed supported" in out


def test_another_policys_assessment_is_a_note_in_the_summary(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made under other@3, not the run's billing-eval@1: noted (EVL016), not shown."""
    command = "eval assess --attempt 4 --verdict unclear --policy other@3"
    assert _assay(root, command, monkeypatch)[0] == 0
    _, out, _ = _assay(root, "eval summary", monkeypatch)
    assert "assessed" not in out
    assert "EVL016 assessment-other-policy: 1 assessment made under other@3 not shown" in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ("--attempt 2 --answer-sha256 " + "0" * 64, "EVL013 attempt 2's answer has sha256"),
        ("--attempt 99", "EVL015 the store has no attempt 99"),
        ("--attempt " + "9" * 30, "EVL015 the store has no attempt 999"),
        ("--attempt 2 --db absent.sqlite", "EVL009 no such evidence store"),
        ("--attempt 0", "not an attempt id"),
        ("--attempt two", "not an attempt id"),
        ("--attempt 2 --verdict maybe", "invalid choice: 'maybe'"),
        ("--attempt 2 --policy review", "expected NAME@V"),
        ("--attempt 2 --answer-sha256 xyz", "expected 64 hexadecimal digits"),
        ("", "the following arguments are required: --attempt"),
    ],
)
def test_refusals_and_usage_errors_exit_2_and_write_nothing(
    root: Path, monkeypatch: pytest.MonkeyPatch, arguments: str, message: str
) -> None:
    """Each refusal (EVL013, EVL015), store error and malformed argument: exit 2, its
    message on stderr, nothing on stdout, no assessment stored."""
    defaults = " --verdict supported --policy billing-eval@1"
    code, out, err = _assay(root, f"eval assess {defaults} {arguments}", monkeypatch)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert out == ""
    assert evaluation.assessments(root / "evidence.sqlite") == []


def test_an_attempt_without_an_answer_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crashed attempt: EVL014 with its status, exit 2, nothing stored."""
    root = make(tmp_path / "ws", spec("crash", tasks=2))
    assert _assay(root, "eval prepare", monkeypatch)[0] == 0
    assert _assay(root, "eval run --runner fixture", monkeypatch)[0] == 0
    code, _, err = _assay(
        root, "eval assess --attempt 1 --verdict unsupported --policy review@1", monkeypatch
    )
    assert code == 2 and "EVL014 attempt 1 (failed) has no answer to assess" in err
    assert evaluation.assessments(root / "evidence.sqlite") == []


_VALUES = st.one_of(
    st.sampled_from(
        [
            "1",
            "2",
            "6",
            "7",
            "0",
            "-1",
            "9" * 20,
            "supported",
            "unclear",
            "maybe",
            "review@1",
            "x@01",
        ]
    ),
    st.sampled_from(["@1", "a@b", "0" * 64, "F" * 64, "evidence.sqlite", "absent", "", "-"]),
    st.binary(max_size=12).map(os.fsdecode),
)
_OPTIONS = ("--db", "--attempt", "--verdict", "--policy", "--answer-sha256", "--bogus")
_TOKENS = st.lists(
    st.one_of(st.tuples(st.sampled_from(_OPTIONS), _VALUES).map(list), _VALUES.map(lambda v: [v])),
    max_size=6,
)


@pytest.fixture(scope="module")
def fuzzed(ran: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the run example of its own: the property test adds to its store."""
    return Path(shutil.copytree(ran, tmp_path_factory.mktemp("assess-fuzz") / "eval"))


@given(tokens=_TOKENS)
@example(tokens=[["--attempt", "2"], ["--verdict", "supported"], ["--policy", "review@1"]])
def test_any_arguments_exit_0_or_2_and_never_a_trace(fuzzed: Path, tokens: list[list[str]]) -> None:
    """Whatever the arguments: exit 0 having stored exactly one assessment, or exit 2
    having stored none; never exit 3."""
    db = fuzzed / "evidence.sqlite"
    before = len(evaluation.assessments(db))
    argv = ["eval", "assess", *(t for group in tokens for t in group)]
    out, err = io.StringIO(), io.StringIO()
    cwd = Path.cwd()
    os.chdir(fuzzed)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        os.chdir(cwd)
    assert code in (0, 2), err.getvalue()
    assert "Traceback" not in err.getvalue()
    assert len(evaluation.assessments(db)) == before + (1 if code == 0 else 0)
