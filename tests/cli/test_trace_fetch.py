"""`assay trace fetch SESSION --turn ID --window N` end to end with the real `main`:
the window as text and JSON, the refusals, read-only, refused paths."""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from assay.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, main
from assay.cli.commands.schema import schema
from tests.cli.trace_workspace import footprint, workspace

__all__ = ["workspace"]  # the fixture, used by name


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["trace", "fetch", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_window_as_text(
    workspace: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    """The turn marked `>`, each entry's line, id and what it says."""
    code, out, err = _run(capsys, "review.jsonl", "--turn", "e1f00004", "--window", "2")
    assert (code, err) == (EXIT_OK, "")
    assert "> 6  e1f00004  assistant: → fetch_session" in out
    assert "e1f00007" not in out  # a branch the session left
    assert out == snapshot


def test_the_window_as_json(
    workspace: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    """JSON that `assay schema window` accepts, each entry as persisted."""
    code, out, _ = _run(
        capsys, "review.jsonl", "--turn", "e1f00003", "--window", "1", "--format", "json"
    )
    assert code == EXIT_OK
    value = json.loads(out)
    jsonschema.Draft202012Validator(schema("window")).validate(value)
    lines = (workspace / "review.jsonl").read_text().splitlines()
    assert [json.loads(lines[e["line"] - 1]) for e in value["entries"]] == [
        e["entry"] for e in value["entries"]
    ]
    assert value == snapshot(extension_class=JSONSnapshotExtension)


@pytest.mark.parametrize("turn", ["E1F00004", "e1f0000", "e1f00004 "])
def test_a_turn_id_that_is_not_exact_is_refused(
    workspace: Path, capsys: pytest.CaptureFixture[str], turn: str
) -> None:
    """PRT020, exit 1, no window printed."""
    code, out, _ = _run(capsys, "review.jsonl", "--turn", turn, "--window", "1")
    assert code == EXIT_FINDINGS
    assert out.startswith(
        "review.jsonl:1:1: PRT020 [error] no entry of review.jsonl has the exact id"
    )
    assert "assistant:" not in out


def test_a_turn_whose_id_repeats_is_refused_naming_the_file_and_both_lines(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """PRT005 at the second entry with the id, exit 1, no window; the file unchanged."""
    text = (workspace / "review.jsonl").read_text(encoding="utf-8")
    again = (
        '{"type":"message","id":"e1f00004","parentId":null,"message":{"role":"user","content":"x"}}'
    )
    (workspace / "dup.jsonl").write_text(text + again + "\n", encoding="utf-8")
    before = footprint(workspace / "dup.jsonl")
    last = len(text.splitlines()) + 1
    code, out, err = _run(capsys, "dup.jsonl", "--turn", "e1f00004", "--window", "1")
    assert (code, err) == (EXIT_FINDINGS, "")
    assert out.startswith(
        f"dup.jsonl:{last}:1: PRT005 [error] turn id 'e1f00004' is the id of line 6 and "
        f"again of line {last} of dup.jsonl: which turn is meant is ambiguous"
    )
    assert "assistant:" not in out
    assert footprint(workspace / "dup.jsonl") == before


def test_a_window_over_the_maximum_is_refused_in_json(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """PRT021 as the JSON report `assay schema report` describes."""
    code, out, _ = _run(
        capsys, "review.jsonl", "--turn", "e1f00004", "--window", "21", "--format", "json"
    )
    report = json.loads(out)
    jsonschema.Draft202012Validator(schema("report")).validate(report)
    assert (code, [d["code"] for d in report["diagnostics"]]) == (EXIT_FINDINGS, ["PRT021"])


@pytest.mark.parametrize("window", ["-1", "two", "1.5", ""])
def test_a_window_that_is_no_whole_number_is_a_usage_error(
    workspace: Path, capsys: pytest.CaptureFixture[str], window: str
) -> None:
    """argparse refuses it: exit 2."""
    code, _, err = _run(capsys, "review.jsonl", "--turn", "e1f00004", "--window", window)
    assert code == EXIT_ERROR and "not a whole number" in err


def test_the_session_is_not_modified(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bytes, size, mtime, ctime, inode and mode are the same after every kind of fetch."""
    before = footprint(workspace / "review.jsonl")
    for turn, window in (("e1f00004", "2"), ("nope", "1"), ("e1f00004", "30")):
        _run(capsys, "review.jsonl", "--turn", turn, "--window", window)
        assert footprint(workspace / "review.jsonl") == before


def test_a_symlinked_session_is_refused(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """PTH002 for a link, and for a folder on the way that is one: exit 2."""
    os.symlink("review.jsonl", workspace / "link.jsonl")
    os.symlink(".", workspace / "here")
    for path in ("link.jsonl", "here/review.jsonl"):
        code, out, err = _run(capsys, path, "--turn", "e1f00004", "--window", "1")
        assert (code, out) == (EXIT_ERROR, "")
        assert "PTH002" in err


def test_a_session_named_outside_the_workspace_is_fetched_from_read_only(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Pi keeps sessions under the user's home: named explicitly, outside the workspace,
    the window is read from it (the head names it by its absolute path), nothing
    written; a link to it is still refused."""
    folder = workspace.parent / "home" / ".pi" / "agent" / "sessions"
    folder.mkdir(parents=True)
    outside = folder / "x.jsonl"
    outside.write_bytes((workspace / "review.jsonl").read_bytes())
    before = footprint(outside)
    code, out, err = _run(
        capsys, "../home/.pi/agent/sessions/x.jsonl", "--turn", "e1f00004", "--window", "1"
    )
    assert (code, err) == (EXIT_OK, "")
    assert out.startswith(f"{outside.as_posix()}: turn e1f00004, ")
    assert "> 6  e1f00004  assistant: → fetch_session" in out
    assert footprint(outside) == before
    os.symlink(outside, folder / "link.jsonl")
    code, out, err = _run(capsys, str(folder / "link.jsonl"), "--turn", "e1f00004", "--window", "1")
    assert (code, out) == (EXIT_ERROR, "") and "PTH002" in err


def test_a_neutral_trace_is_refused(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A neutral trace has no turns: exit 2, saying so."""
    code, _, err = _run(capsys, "trace.jsonl", "--turn", "x", "--window", "1")
    assert code == EXIT_ERROR and "is not a Pi session" in err
