"""`assay trace check SESSION` end to end with the real `main`: located diagnostics in
every format of `assay check`, exit codes, read-only, refused paths."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion

from assay.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, main
from assay.cli.commands.schema import schema
from tests.cli.trace_workspace import footprint, workspace

__all__ = ["workspace"]  # the fixture, used by name


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["trace", "check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_clean_session_exits_0(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Both formats' fixtures read without a problem."""
    code, out, _ = _run(capsys, "trace.jsonl")
    assert (code, out) == (EXIT_OK, "0 errors, 0 warnings, 0 infos in 1 file\n")
    # The Pi session records no digests: that PRT030 went unchecked is said, as info.
    code, out, _ = _run(capsys, "review.jsonl")
    assert code == EXIT_OK and "PRT034 [info]" in out
    assert out.endswith("0 errors, 0 warnings, 1 info in 1 file\n")


def test_a_malformed_session_is_located_in_text(
    workspace: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    """Each reading problem at its line and column, with its excerpt: exit 1."""
    code, out, _ = _run(capsys, "broken.jsonl")
    assert code == EXIT_FINDINGS
    assert "broken.jsonl:4:1: PRT002 [error] unknown entry type `bookmark`" in out
    assert "broken.jsonl:5:1: PRT003 [error]" in out
    assert "broken.jsonl:6:114: PRT001 [error]" in out
    assert out == snapshot


def test_json_and_sarif_reports_validate(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The JSON report matches `assay schema report`; SARIF names the PRT rules."""
    code, out, _ = _run(capsys, "broken.jsonl", "--format", "json")
    report = json.loads(out)
    jsonschema.Draft202012Validator(schema("report")).validate(report)
    assert code == EXIT_FINDINGS
    assert [(d["code"], d["line"], d["column"]) for d in report["diagnostics"]] == [
        ("PRT033", 3, 1),  # the truncated session never finishes its recall
        ("PRT034", 3, 1),  # it records no tool set and no digests (info, each once)
        ("PRT034", 3, 1),
        ("PRT002", 4, 1),
        ("PRT003", 5, 1),
        ("PRT001", 6, 114),
    ]
    code, out, _ = _run(capsys, "broken.jsonl", "--format", "sarif")
    sarif = json.loads(out)
    assert sarif["version"] == "2.1.0"
    rules = {rule["id"] for rule in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert {"PRT001", "PRT002", "PRT003"} <= rules
    code, out, _ = _run(capsys, "broken.jsonl", "--format", "github")
    assert out.startswith("::error file=broken.jsonl,line=4,")
    assert "::warning file=broken.jsonl,line=3," in out


def test_fail_on_never_and_output_file(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--fail-on never` exits 0; `--output` writes the report there, whole."""
    code, out, _ = _run(
        capsys, "broken.jsonl", "--fail-on", "never", "--output", "r.json", "--format", "json"
    )
    assert (code, out) == (EXIT_OK, "")
    assert len(json.loads((workspace / "r.json").read_text())["diagnostics"]) == 6


def test_the_report_is_never_written_over_the_session(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--output SESSION` (or a link to it) is a usage error, the session untouched."""
    before = footprint(workspace / "broken.jsonl")
    os.symlink("broken.jsonl", workspace / "alias.jsonl")
    for target in ("broken.jsonl", "./broken.jsonl", "alias.jsonl"):
        code, _, err = _run(capsys, "broken.jsonl", "--output", target)
        assert code == EXIT_ERROR and ("is an input" in err or "symbolic link" in err)
    assert footprint(workspace / "broken.jsonl") == before


def test_the_session_is_not_modified(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bytes, size, mtime, ctime, inode and mode are the same after a check."""
    for name in ("review.jsonl", "broken.jsonl", "trace.jsonl"):
        before = footprint(workspace / name)
        _run(capsys, name)
        assert footprint(workspace / name) == before


def test_a_symlinked_session_is_refused(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link to a session, even one inside the workspace: PTH002, exit 2."""
    os.symlink("review.jsonl", workspace / "link.jsonl")
    code, out, err = _run(capsys, "link.jsonl")
    assert (code, out) == (EXIT_ERROR, "")
    assert "PTH002 linked-component: path `link.jsonl` is a symbolic link" in err


def _elsewhere(workspace: Path) -> Path:
    """A folder outside the workspace, as Pi's `~/.pi/agent/sessions/<project>/`."""
    folder = workspace.parent / "home" / ".pi" / "agent" / "sessions" / "--work-ledger--"
    folder.mkdir(parents=True)
    return folder


def test_a_session_named_outside_the_workspace_is_read_and_not_modified(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Named explicitly, by an absolute or a relative path: read, reported by its
    absolute path with line, column and excerpt, never written; JSON still validates."""
    outside = _elsewhere(workspace) / "broken.jsonl"
    outside.write_bytes((workspace / "broken.jsonl").read_bytes())
    before = footprint(outside)
    named = outside.as_posix()
    for given in (named, os.path.relpath(outside, workspace)):
        code, out, err = _run(capsys, given)
        assert (code, err) == (EXIT_FINDINGS, "")
        assert f"{named}:4:1: PRT002 [error] unknown entry type `bookmark`" in out
        assert '    4 | {"type":"bookmark"' in out  # the excerpt, read the same way
        assert f"{named}:6:114: PRT001 [error]" in out
    code, out, _ = _run(capsys, named, "--format", "json")
    report = json.loads(out)
    jsonschema.Draft202012Validator(schema("report")).validate(report)
    assert {d["path"] for d in report["diagnostics"]} == {named}
    assert footprint(outside) == before
    assert sorted(p.name for p in outside.parent.iterdir()) == ["broken.jsonl"]


def test_outside_the_workspace_every_read_only_guarantee_holds(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link as the file or on its way (PTH002, naming the path it resolves to), a
    FIFO (PTH003, never waited on), a missing file: exit 2, nothing read."""
    folder = _elsewhere(workspace)
    (folder / "real.jsonl").write_bytes((workspace / "review.jsonl").read_bytes())
    os.symlink("real.jsonl", folder / "link.jsonl")
    os.symlink(folder, workspace.parent / "sessions-link")
    os.mkfifo(folder / "pipe.jsonl")
    cases = {
        folder / "link.jsonl": "PTH002",
        workspace.parent / "sessions-link" / "real.jsonl": "PTH002",
        folder / "pipe.jsonl": "PTH003",
        folder / "missing.jsonl": "does not exist",
    }
    for path, expected in cases.items():
        code, out, err = _run(capsys, str(path))
        assert (code, out) == (EXIT_ERROR, ""), path
        assert expected in err and path.as_posix() in err, err
    _, _, err = _run(capsys, str(workspace.parent / "sessions-link" / "real.jsonl"))
    assert f"goes through `{(workspace.parent / 'sessions-link').as_posix()}`" in err
    assert f"it resolves to `{(folder / 'real.jsonl').as_posix()}`" in err


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda p: p.mkdir(), "PTH003 not-regular-file"),
        (lambda p: None, "does not exist"),
        (lambda p: os.mkfifo(p), "FIFO"),
    ],
    ids=["directory", "missing", "fifo"],
)
def test_what_is_no_regular_file_is_refused(
    workspace: Path, capsys: pytest.CaptureFixture[str], make: object, expected: str
) -> None:
    """A folder, a missing file, a FIFO (never waited on): exit 2, one line."""
    make(workspace / "s.jsonl")  # type: ignore[operator]
    code, _, err = _run(capsys, "s.jsonl")
    assert code == EXIT_ERROR and expected in err
    assert "Traceback" not in err


def test_a_participant_session_and_the_protocol_name_are_accepted(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--actor participant` and `--protocol` parse; the session still reads."""
    code, _, _ = _run(
        capsys, "review.jsonl", "--actor", "participant", "--protocol", "consultation"
    )
    assert code in (EXIT_OK, EXIT_FINDINGS)


def test_trace_without_a_subcommand_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """`assay trace` alone: exit 2 and what to say."""
    assert main(["trace"]) == EXIT_ERROR
    assert "say `check` or `fetch`" in capsys.readouterr().err


def test_the_installed_command_checks_a_session(workspace: Path) -> None:
    """A real process: `python -m assay trace check` exits 1 on the broken session."""
    done = subprocess.run(
        [sys.executable, "-m", "assay", "trace", "check", "broken.jsonl"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == EXIT_FINDINGS, done.stderr
    assert "PRT001" in done.stdout and "Traceback" not in done.stderr


def test_protocol_findings_come_with_the_reading_problems(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The built-in `consultation` protocol runs on the events read: a fetch the
    harness made on its own (PRT012) is reported at its line, next to a reading problem
    of a later line, in file order."""
    lines = (workspace / "trace.jsonl").read_text().splitlines()
    automatic = (
        '{"sequence":6,"actor":"system","kind":"call","name":"fetch_session",'
        '"call_id":"c3","arguments":{"turn_id":"7a3c9e21","window":2}}'
    )
    (workspace / "auto.jsonl").write_text("\n".join([*lines, automatic, "{not json"]) + "\n")
    code, out, err = _run(capsys, "auto.jsonl", "--format", "json")
    codes = [(d["code"], d["line"]) for d in json.loads(out)["diagnostics"]]
    assert ("PRT012", len(lines) + 1) in codes
    assert codes[-1] == ("PRT001", len(lines) + 2)
    assert codes == sorted(codes, key=lambda c: c[1])
    assert (code, err) == (EXIT_FINDINGS, "")


def test_an_unknown_protocol_is_a_usage_error(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--protocol` naming nothing declared: exit 2, the known protocols named."""
    code, out, err = _run(capsys, "trace.jsonl", "--protocol", "nonesuch")
    assert (code, out) == (EXIT_ERROR, "")
    assert "consultation" in err and "Traceback" not in err
