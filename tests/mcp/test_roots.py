"""Which folder `assay mcp` serves: `--root DIR`, else the client's first root, else
the workspace found from where it started; never `/` or the home folder unless
`--root` names them (exit 2, one line saying to pass it)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

import pytest

from tests.mcp.serving import Roots, serving, text
from tests.mcp.wire import converse

RECORD = "docs/adr/0001-use-postgres.md"
SECRET = "the secret outside the workspace"
#: `parse` of the system's user table, as a client served the whole disk could ask.
PASSWD = {"name": "parse", "arguments": {"path": "etc/passwd"}}


def _workspace(folder: Path) -> Path:
    """A workspace with one record and a config of its own."""
    (folder / "docs/adr").mkdir(parents=True)
    (folder / "assay.toml").write_text("")
    (folder / RECORD).write_text(
        "# 1. Use Postgres\n\nDate: 2024-01-01\n\n## Status\n\nAccepted\n\n"
        "## Context\n\nWhy.\n\n## Decision\n\nWe do.\n"
    )
    return folder


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A home folder (``HOME``) of its own, outside any repository."""
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def _log(folder: Path) -> IO[str]:
    """The server's standard error, as a file (the SDK hands it to the process)."""
    return (folder / "server.log").open("w", encoding="utf-8")


def _said(folder: Path) -> str:
    return (folder / "server.log").read_text(encoding="utf-8")


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "HOME": str(home)}


def test_started_in_slash_it_serves_nothing_and_exits_2() -> None:
    """Where some clients start their servers: without --root and without roots the
    disk is not served; one line on standard error says to pass --root DIR."""
    ended = converse(Path("/"), calls=(PASSWD,))
    assert ended.code == 2, ended.stderr
    [line] = ended.stderr.splitlines()
    assert line.startswith("assay mcp: refusing to serve /") and "pass --root DIR" in line
    assert "root:" not in ended.stdout
    # docs/guide/mcp.md shows this line.
    guide = (Path(__file__).parents[2] / "docs/guide/mcp.md").read_text(encoding="utf-8")
    shown = guide.split("<!-- output: checked by tests/mcp/test_roots.py -->\n```text\n")[1]
    assert shown.partition("\n```")[0] == line


def test_started_in_the_home_folder_it_serves_nothing_and_exits_2(home: Path) -> None:
    (home / "notes.md").write_text(SECRET)
    ended = converse(home, env=_env(home), calls=({"name": "files", "arguments": {}},))
    assert ended.code == 2, ended.stderr
    [line] = ended.stderr.splitlines()
    assert "refusing to serve the home folder" in line and "pass --root DIR" in line
    assert "notes.md" not in ended.stdout


@pytest.mark.parametrize("root", ["/", "home"])
def test_a_client_root_of_slash_or_home_is_refused_too(
    tmp_path: Path, home: Path, root: str
) -> None:
    """The client's root is served as the workspace only when it is neither."""
    uri = (home if root == "home" else Path("/")).as_uri()
    ended = converse(_workspace(tmp_path / "w"), env=_env(home), roots=[uri], calls=(PASSWD,))
    assert ended.code == 2, ended.stderr
    assert "the client's root" in ended.stderr and "pass --root DIR" in ended.stderr
    assert "root:" not in ended.stdout


def test_root_named_serves_the_home_folder(home: Path) -> None:
    """`--root` is the explicit choice: even the home folder is served then."""
    _workspace(home)
    with serving(Path("/"), "--root", str(home), env={"HOME": str(home)}) as client:
        result = client.call("parse", {"path": RECORD})
    assert not result.is_error, text(result)


def test_root_serves_that_folder_from_anywhere(tmp_path: Path) -> None:
    """Started in `/` with --root: that folder is the workspace; the disk is not."""
    root = _workspace(tmp_path / "w")
    with _log(tmp_path) as log, serving(Path("/"), "--root", str(root), errlog=log) as client:
        assert not client.call("parse", {"path": RECORD}).is_error
        refused = client.call("parse", {"path": "etc/passwd"})
    assert refused.is_error and "PTH003" in text(refused)
    assert f"serving {root} (--root)" in _said(tmp_path)


def test_a_relative_root_is_taken_from_the_current_folder(tmp_path: Path) -> None:
    _workspace(tmp_path / "w")
    with serving(tmp_path, "--root", "w") as client:
        assert not client.call("parse", {"path": RECORD}).is_error


def test_root_is_the_folder_itself_not_a_config_above_it(tmp_path: Path) -> None:
    """A config further up would make its folder the root: --root reads none."""
    (tmp_path / "assay.toml").write_text('include = ["elsewhere/**"]\n')
    root = _workspace(tmp_path / "w")
    (root / "assay.toml").unlink()
    with serving(tmp_path, "--root", "w") as client:
        listed = client.call("files").structured_content
    assert [entry["path"] for entry in listed["files"]] == [RECORD]


def test_a_root_that_is_no_folder_exits_2(tmp_path: Path) -> None:
    ended = converse(tmp_path, "--root", "missing")
    assert ended.code == 2
    assert ended.stderr == "assay mcp: --root missing: not a folder\n"


def test_the_clients_first_root_is_served_and_the_others_are_not(tmp_path: Path) -> None:
    """Started in `/` by a client offering two roots: the first is the workspace (the
    log says so), the second's files are not there, nor is the disk."""
    first, second = _workspace(tmp_path / "first"), _workspace(tmp_path / "second")
    (second / "only-here.md").write_text(SECRET)
    roots = Roots(first.as_uri(), second.as_uri())
    with _log(tmp_path) as log, serving(Path("/"), errlog=log, roots=roots) as client:
        assert not client.call("parse", {"path": RECORD}).is_error
        elsewhere = client.call("parse", {"path": "only-here.md"})
        disk = client.call("parse", {"path": "etc/passwd"})
        above = client.call("parse", {"path": "../second/only-here.md"})
    assert elsewhere.is_error and "PTH003" in text(elsewhere) and SECRET not in text(elsewhere)
    assert disk.is_error and "PTH003" in text(disk)
    assert above.is_error and "PTH001" in text(above)
    said = _said(tmp_path)
    assert f"serving {first} (the client's first root; one server serves one, not {second})" in said


def test_root_given_the_clients_roots_are_not_asked_for(tmp_path: Path) -> None:
    ours, theirs = _workspace(tmp_path / "ours"), _workspace(tmp_path / "theirs")
    (theirs / "theirs.md").write_text(SECRET)
    roots = Roots(theirs.as_uri())
    with serving(tmp_path, "--root", str(ours), roots=roots) as client:
        assert client.call("parse", {"path": "theirs.md"}).is_error
        assert not client.call("parse", {"path": RECORD}).is_error
    assert roots.asked == 0


def test_a_client_without_roots_gets_the_workspace_it_started_in(tmp_path: Path) -> None:
    root = _workspace(tmp_path / "w")
    (root / "docs/adr").joinpath("deeper").mkdir()
    with _log(tmp_path) as log, serving(root / "docs/adr/deeper", errlog=log) as client:
        assert not client.call("parse", {"path": RECORD}).is_error
    assert f"serving {root} (found from the folder the server started in)" in _said(tmp_path)
