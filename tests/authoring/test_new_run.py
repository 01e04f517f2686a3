"""`assay new run`: the run folder named by its slug, written whole or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from assay.cli import EXIT_ERROR, EXIT_OK, main
from assay.engine.workspace.run_folders import MANIFEST, MEMBERS

SOURCE = "HTTPS://GitHub.com/VectifyAI/PageIndex.git/"
SLUG = "github.com-vectifyai-pageindex"


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "assay.toml").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def files_below(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_scaffold_holds_every_member_in_a_folder_named_by_the_slug(
    workspace: Path, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    """The folder is the slug of the source; it holds run.toml and every member, and
    the boundary's identity is the normalized form of the caller's."""
    code = main(["new", "run", "--source", SOURCE, "--system", "PageIndex"])
    assert code == EXIT_OK
    assert capsys.readouterr().out.splitlines()[0] == f"created runs/{SLUG}/"
    written = files_below(workspace / "runs" / SLUG)
    assert set(written) == {MANIFEST, *MEMBERS}
    assert "- source.identity: https://github.com/VectifyAI/PageIndex\n" in written["boundary.md"]
    assert f'source = "{SOURCE}"' in written[MANIFEST]
    assert written == snapshot


def test_dir_chooses_the_parent_folder(workspace: Path) -> None:
    assert main(["new", "run", "--source", SOURCE, "--system", "P", "--dir", "elsewhere"]) == 0
    assert (workspace / "elsewhere" / SLUG / MANIFEST).is_file()


def test_an_existing_run_is_never_touched(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second scaffold of the same source fails, and the first run is left as it was."""
    assert main(["new", "run", "--source", SOURCE, "--system", "PageIndex"]) == EXIT_OK
    boundary = workspace / "runs" / SLUG / "boundary.md"
    boundary.write_text("# Filled in\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["new", "run", "--source", SOURCE.lower(), "--system", "PageIndex"]) == EXIT_ERROR
    assert "exists already; nothing was written" in capsys.readouterr().err
    assert boundary.read_text(encoding="utf-8") == "# Filled in\n"
    assert [p.name for p in (workspace / "runs").iterdir()] == [SLUG]  # no staging left


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--source", "///", "--system", "X"], "has no identity"),
        (["--source", SOURCE], "needs --source URL and --system NAME"),
        (["--system", "X"], "needs --source URL and --system NAME"),
        (["--source", SOURCE, "--system", "  "], "--system is empty"),
        (["--source", "https://x.org/a\x1bb", "--system", "X"], "control character"),
        (["--source", SOURCE, "--system", "X", "--supersedes", "1"], "not runs"),
    ],
)
def test_unusable_arguments_write_nothing(
    workspace: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    assert main(["new", "run", *arguments]) == EXIT_ERROR
    assert message in capsys.readouterr().err
    assert not (workspace / "runs").exists()


def test_source_without_run_is_a_usage_error(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--source` belongs to `assay new run`; with a record title it is a mistake."""
    assert main(["new", "Use Kafka", "--source", SOURCE, "--system", "X"]) == EXIT_ERROR
    assert "assay new run --source URL" in capsys.readouterr().err
    assert list(workspace.iterdir()) == [workspace / "assay.toml"]


@pytest.mark.parametrize("given", ["../outside", "{tmp}/../elsewhere"])
def test_dir_outside_the_workspace_is_refused_by_the_destination_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], given: str
) -> None:
    """Issue 24: `new run --dir` wrote outside the workspace, where `render --dest`
    refuses to: one rule (DESIGN §6) — exit 2, the path and the reason, nothing made."""
    root = tmp_path / "ws"
    root.mkdir()
    (root / "assay.toml").write_text("", encoding="utf-8")
    monkeypatch.chdir(root)
    argument = given.format(tmp=root)
    code = main(["new", "run", "--source", SOURCE, "--system", "P", "--dir", argument])
    assert code == EXIT_ERROR
    err = capsys.readouterr().err
    assert f"--dir {argument!r} is outside the workspace ({root.resolve()})" in err, err
    assert "nothing was written" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ws"]
    assert [p.name for p in root.iterdir()] == ["assay.toml"]
