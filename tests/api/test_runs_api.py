"""The run API and `assay render`: verify a run, render only what verified.

The negative runs of issue 13 each fail with exactly their code (the other run checks
are in tests/engine/runs/test_run_checks.py); here also: nothing renders from them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

import assay
from assay.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, main
from assay.errors import UsageError
from tests.engine.runs.builders import BOUNDARY, OVERVIEW, RUN_TOML, SOURCE, VERIFY
from tests.engine.runs.builders import write_run as _write_run

RUN = "runs/github.com-pallets-flask"
DESCRIPTION = (
    "Flask pushes and pops its contexts around every request, so a failing view leaks no state."
)


def write_run(root: Path, *args: object, **kwargs: object) -> Path:
    """A run in a workspace of its own (an empty assay.toml marks the root)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "assay.toml").write_text("", encoding="utf-8")
    return _write_run(root, *args, **kwargs)  # type: ignore[arg-type]


def _description(text: str) -> str:
    return OVERVIEW.replace(DESCRIPTION, text)


NEGATIVE = {
    "none-found": ({"verify": VERIFY.replace("\nnone\n", "\nNone found\n")}, {"FRM003"}),
    "two-sentences": (
        {"overview": _description("Flask pushes its contexts per request. It pops them after.")},
        {"FRM001"},
    ),
    "49-characters": ({"overview": _description("F" * 48 + ".")}, {"FRM002"}),
    "251-characters": ({"overview": _description("F" * 250 + ".")}, {"FRM002"}),
    # In a run, the frozen identity is IDN002's: it must be the source's normal form.
    "host-case": ({"boundary": BOUNDARY.replace("github.com", "GitHub.com")}, {"IDN002"}),
    "trailing-git": ({"boundary": BOUNDARY.replace(SOURCE, SOURCE + ".git")}, {"IDN002"}),
    "trailing-slash": ({"boundary": BOUNDARY.replace(SOURCE, SOURCE + "/")}, {"IDN002"}),
    "missing-lens": ({"epistemic": None}, {"DOC017"}),
    "bad-inputs-commit": (
        {"run_toml": RUN_TOML.replace("9b1d4c3e", "9b1d4c3")},
        {"FLD003"},
    ),
    "stale-review": ({}, {"DOC018"}),
}


@pytest.mark.parametrize("case", sorted(NEGATIVE))
def test_a_negative_run_fails_with_exactly_its_code_and_renders_nothing(
    tmp_path: Path, case: str
) -> None:
    overrides, codes = NEGATIVE[case]
    extra = {"review.md": "# Flask\n"} if case == "stale-review" else None
    folder = write_run(tmp_path, extra=extra, **overrides)
    verification = assay.verify_run(folder)
    assert {d.code for d in verification.report.diagnostics} == codes
    assert not verification.verified
    with pytest.raises(assay.RunNotVerified, match="is not verified: its files hold 1 error"):
        assay.render_review(verification)


def test_the_49_and_251_character_edges_pass_at_50_and_250(tmp_path: Path) -> None:
    for length in (50, 250):
        folder = write_run(tmp_path / str(length), overview=_description("F" * (length - 1) + "."))
        assert assay.verify_run(folder).verified


def test_a_blockers_list_is_no_error_but_blocks_rendering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    listed = VERIFY.replace("\nnone\n", "\n- No member read the locking code.\n- Two.\n")
    folder = write_run(tmp_path, verify=listed)
    verification = assay.verify_run(folder)
    assert verification.errors == 0
    assert verification.blockers == ("No member read the locking code.", "Two.")
    assert verification.reasons == ("verify.md lists 2 blockers",)
    monkeypatch.chdir(tmp_path)
    assert main(["render", RUN]) == EXIT_FINDINGS
    out, err = capsys.readouterr()
    assert out == ""
    assert "FRM004" in err and "blocker: No member read the locking code." in err
    assert "nothing was rendered" in err


def test_a_verified_run_renders_to_stdout_exactly(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    review_snapshot: SnapshotAssertion,
) -> None:
    """The review on standard output is byte for byte what the API renders."""
    folder = write_run(tmp_path)
    expected = assay.render_review(assay.verify_run(folder))
    monkeypatch.chdir(tmp_path)
    assert main(["render", RUN]) == EXIT_OK
    assert capsys.readouterr().out == expected
    assert expected == review_snapshot


def test_dest_rewrites_links_and_write_keeps_the_run_clean(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    review_snapshot: SnapshotAssertion,
) -> None:
    """A review written elsewhere links back into the run; one written in the run is
    exactly what the stale-review check expects."""
    write_run(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["render", RUN, "--dest", "docs/reviews/flask.md", "--write"]) == EXIT_OK
    written = (tmp_path / "docs/reviews/flask.md").read_text(encoding="utf-8")
    assert f"](../../{RUN}/output/runtime.md)" in written
    assert written == review_snapshot
    assert main(["render", RUN, "--write"]) == EXIT_OK
    assert "wrote runs/github.com-pallets-flask/review.md" in capsys.readouterr().err
    assert assay.check(tmp_path, cache=False).diagnostics == ()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ([RUN, "--dest", "/elsewhere/review.md"], "is outside the workspace"),
        (["runs"], "is not a run folder: it holds no run.toml"),
        (["nowhere"], "is not a run folder"),
    ],
)
def test_render_usage_errors_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    arguments: list[str],
    message: str,
) -> None:
    write_run(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["render", *arguments]) == EXIT_ERROR
    out, err = capsys.readouterr()
    assert out == "" and message in err


def test_verify_runs_checks_every_run_once(tmp_path: Path) -> None:
    write_run(tmp_path)
    write_run(
        tmp_path, "gitlab.com-x-y", run_toml=RUN_TOML.replace(SOURCE, "https://gitlab.com/x/y")
    )
    found = {v.folder: v for v in assay.verify_runs(tmp_path)}
    assert set(found) == {RUN, "runs/gitlab.com-x-y"}
    assert found[RUN].verified
    other = found["runs/gitlab.com-x-y"]
    assert {d.code for d in other.report.diagnostics} == {"IDN002"}
    assert all(p.startswith("runs/gitlab.com-x-y/") for p in other.report.files)


def test_load_run_reads_every_document(tmp_path: Path) -> None:
    run = assay.load_run(write_run(tmp_path))
    assert run.folder == RUN
    assert run.system == "Flask" and run.source == SOURCE
    assert sorted(run.documents) == [
        "boundary.md",
        "lenses/epistemic.md",
        "lenses/memory.md",
        "output/runtime.md",
        "overview.md",
        "run.toml",
        "verify.md",
    ]


def test_a_run_at_the_workspace_root_verifies_and_renders(tmp_path: Path) -> None:
    folder = _write_run(tmp_path)
    root = folder  # the run folder is its own workspace
    (root / "assay.toml").write_text("", encoding="utf-8")
    verification = assay.verify_run(root)
    assert verification.folder == ""
    assert verification.verified, verification.report.diagnostics
    assert "](output/runtime.md)" in assay.render_review(verification)


def test_a_scaffolded_run_fails_check_at_every_blank(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`assay new run` writes each member with what it needs; `assay check` then says,
    file by file, what is still to write."""
    (tmp_path / "assay.toml").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["new", "run", "--source", SOURCE + ".git", "--system", "Flask"]) == EXIT_OK
    capsys.readouterr()
    assert main(["check", "--format", "json", "--no-cache"]) == EXIT_FINDINGS
    report = json.loads(capsys.readouterr().out)
    found = {(d["path"].removeprefix(RUN + "/"), d["code"]) for d in report["diagnostics"]}
    assert found == {
        ("run.toml", "FLD006"),
        ("boundary.md", "FLD006"),
        ("boundary.md", "DOC007"),
        ("boundary.md", "DOC022"),  # the review cannot be rendered from the blanks
        ("overview.md", "DOC022"),
        ("output/runtime.md", "DOC007"),
        ("lenses/memory.md", "DOC007"),
        ("lenses/epistemic.md", "DOC007"),
        ("overview.md", "DOC007"),
        ("verify.md", "DOC007"),
    }
    assert not assay.verify_run(RUN).verified


def test_a_run_the_config_excludes_is_a_usage_error_not_a_trace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder holding run.toml that the workspace does not check cannot be verified:
    the API raises UsageError, the command exits 2 with the reason."""
    folder = write_run(tmp_path)
    (tmp_path / "assay.toml").write_text('exclude = ["runs/**"]\n', encoding="utf-8")
    with pytest.raises(UsageError, match="is not a run of the workspace: the config excludes"):
        assay.verify_run(folder)
    with pytest.raises(UsageError, match="is not a run of the workspace"):
        assay.load_run(folder)
    monkeypatch.chdir(tmp_path)
    assert main(["render", RUN]) == EXIT_ERROR
    out, err = capsys.readouterr()
    assert out == "" and "assay render: runs/github.com-pallets-flask holds a run.toml" in err
