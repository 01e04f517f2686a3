"""`assay render --write`: a review is never written over a file assay reads, and the
fix DOC018 names is a command that works.

`--dest RUN/boundary.md --write` once wrote the review over the run's boundary and
destroyed the run: each kind of input is refused here, exit 2, every byte as it was.
"""

from __future__ import annotations

import contextlib
import json
import re
import shlex
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import assay
from assay.api.runs import write_review
from assay.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, main
from assay.engine.files.destination import DestinationRefused
from tests.api.test_runs_api import RUN, write_run

RECORD = "docs/adr/0001-use-flask.md"
RECORD_TEXT = "# 1. Use Flask\n\nDate: 2026-01-01\n\n## Status\n\nAccepted\n\n## Context\n\nX.\n"


def _workspace(root: Path) -> None:
    write_run(root)
    (root / "assay.toml").write_text('specs = ["specs/*.assay"]\n', encoding="utf-8")
    (root / RECORD).parent.mkdir(parents=True)
    (root / RECORD).write_text(RECORD_TEXT, encoding="utf-8")
    (root / "specs").mkdir()
    (root / "specs/house.assay").write_text("", encoding="utf-8")
    (root / RUN / "notes.txt").write_text("kept with the run\n", encoding="utf-8")
    with sqlite3.connect(root / "evidence.sqlite") as store:
        store.execute("create table attempts (id integer)")


def _everything(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.parametrize(
    ("dest", "reason"),
    [
        (f"{RUN}/boundary.md", "is an input assay reads"),  # a run member
        (f"{RUN}/run.toml", "is an input assay reads"),  # the run's manifest
        (f"{RUN}/notes.txt", "is an input assay reads"),  # any other file of the run
        (RECORD, "is an input assay reads"),  # a document
        ("specs/house.assay", "is an input assay reads"),  # a spec file
        ("assay.toml", "is an input assay reads"),  # the config
        ("evidence.sqlite", "is a file assay did not make"),  # an evaluation store
    ],
)
def test_dest_over_an_input_is_refused_and_nothing_is_touched(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    dest: str,
    reason: str,
) -> None:
    _workspace(tmp_path)
    before = _everything(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["render", RUN, "--dest", dest, "--write", "--no-cache"]) == EXIT_ERROR
    out, err = capsys.readouterr()
    assert out == ""
    assert f"assay render: --dest {dest!r} {reason}" in err and "nothing was written" in err
    assert "Traceback" not in err
    assert _everything(tmp_path) == before


def test_dest_through_a_link_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _workspace(tmp_path)
    (tmp_path / "review-link.md").symlink_to(RUN + "/boundary.md")
    before = _everything(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["render", RUN, "--dest", "review-link.md", "--write"]) == EXIT_ERROR
    assert "is a symbolic link" in capsys.readouterr().err
    assert _everything(tmp_path) == before


def test_the_api_refuses_as_the_command_does(tmp_path: Path) -> None:
    _workspace(tmp_path)
    verification = assay.verify_run(tmp_path / RUN, cache=False)
    with pytest.raises(DestinationRefused, match="is an input assay reads"):
        write_review(verification, f"{RUN}/overview.md")
    written = write_review(verification, "docs/reviews/flask.md")  # a new file is fine
    assert written.read_text(encoding="utf-8") == assay.render_review(
        verification, "docs/reviews/flask.md"
    )


def test_running_the_command_doc018_names_fixes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stale review.md: check names a command; running exactly that command renews
    the review, and the next check is clean."""
    write_run(tmp_path, extra={"review.md": "# Flask\n\nOld words.\n"})
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--format", "json"]) == EXIT_FINDINGS
    (finding,) = json.loads(capsys.readouterr().out)["diagnostics"]
    assert finding["code"] == "DOC018"
    named = re.search(r"`assay ([^`]+)`", finding["message"])
    assert named is not None
    assert main(shlex.split(named[1])) == EXIT_OK
    capsys.readouterr()
    assert main(["check", "--format", "json"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["diagnostics"] == []


def test_a_stale_review_still_blocks_printing_and_other_destinations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only writing the run's own review.md excuses DOC018: that write is its fix."""
    write_run(tmp_path, extra={"review.md": "# Flask\n"})
    monkeypatch.chdir(tmp_path)
    assert main(["render", RUN]) == EXIT_FINDINGS
    assert main(["render", RUN, "--dest", "elsewhere.md", "--write"]) == EXIT_FINDINGS
    assert not (tmp_path / "elsewhere.md").exists()
    assert (tmp_path / RUN / "review.md").read_text(encoding="utf-8") == "# Flask\n"


def test_a_stale_review_with_another_error_is_not_renewed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.engine.runs.builders import BOUNDARY, SOURCE

    write_run(
        tmp_path,
        extra={"review.md": "# Flask\n"},
        boundary=BOUNDARY.replace(SOURCE, SOURCE + "/"),
    )
    monkeypatch.chdir(tmp_path)
    assert main(["render", RUN, "--write"]) == EXIT_FINDINGS
    assert "IDN002" in capsys.readouterr().err  # a run's frozen identity is IDN002's
    assert (tmp_path / RUN / "review.md").read_text(encoding="utf-8") == "# Flask\n"


_PIECES = st.sampled_from(
    ["runs", "github.com-pallets-flask", "boundary.md", "review.md", "run.toml", "docs",
     "adr", "0001-use-flask.md", "specs", "house.assay", "assay.toml", "evidence.sqlite",
     "..", ".", "", "new.md", "é ü.md", "link.md", "notes.txt"]
)  # fmt: skip


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(pieces=st.lists(_PIECES, min_size=1, max_size=5))
def test_any_dest_writes_a_new_file_or_refuses_with_exit_2(
    tmp_path_factory: pytest.TempPathFactory, pieces: list[str]
) -> None:
    """Whatever --dest says: exit 0 having written only the review (at a path that held
    no input), or exit 2 with every byte as it was; never a traceback (exit 3)."""
    root = tmp_path_factory.mktemp("ws")
    _workspace(root)
    (root / "link.md").symlink_to("assay.toml")
    before = _everything(root)
    dest = "/".join(pieces)
    with contextlib.chdir(root):
        code = main(["render", RUN, "--dest", dest, "--write", "--no-cache"])
    after = _everything(root)
    assert code in (EXIT_OK, EXIT_ERROR)
    if code == EXIT_ERROR:
        assert after == before
    else:
        changed = {p for p in after if before.get(p) != after[p]}
        assert len(changed) == 1 and not (changed & set(before) - {f"{RUN}/review.md"})
