"""The workspace's declarations: each with its spec file, kept in the type cache, and
the same name and version twice (across files too) an SPC003 that `assay check` reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assay.cli import EXIT_ERROR, main
from assay.engine.workspace.config import load_config
from assay.engine.workspace.loading import open_workspace

A = """\
declaration "go-testing" version 2 { when language [go] }
declaration "go-testing" version 3 { when language [go] }
"""
B = """\
# another team's file
declaration release version 1 {}
declaration "go-testing" version 2 { when language [rust] }
"""


def _workspace(root: Path, specs: dict[str, str]) -> Path:
    (root / "assay.toml").write_text('specs = ["specs/*.assay"]\n')
    for name, text in specs.items():
        path = root / "specs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "cache-home"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.delenv("ASSAY_NO_CACHE", raising=False)
    return home


def test_declarations_come_with_their_spec_file(tmp_path: Path) -> None:
    root = _workspace(tmp_path, {"a.assay": A, "b.assay": B.replace("version 2", "version 1")})
    found = open_workspace(load_config(root)).declarations
    assert [(d.name, d.version, d.path, d.line) for d in found] == [
        ("go-testing", 1, "specs/b.assay", 3),
        ("go-testing", 2, "specs/a.assay", 1),
        ("go-testing", 3, "specs/a.assay", 2),
        ("release", 1, "specs/b.assay", 2),
    ]


def test_same_name_and_version_across_files_is_spc003_at_the_second_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _workspace(tmp_path, {"a.assay": A, "b.assay": B})
    monkeypatch.chdir(root)
    assert main(["check", "--format", "json", "--no-cache"]) == EXIT_ERROR
    report = json.loads(capsys.readouterr().out)
    (entry,) = report["diagnostics"]
    assert (entry["code"], entry["name"], entry["path"]) == (
        "SPC003",
        "duplicate-definition",
        "specs/b.assay",
    )
    assert (entry["line"], entry["column"], entry["end_column"]) == (3, 13, 25)
    assert entry["message"] == (
        "declaration `go-testing` version 2 is already defined in specs/a.assay on line 1"
    )


def test_a_warm_run_has_the_declarations_without_parsing_a_spec(
    tmp_path: Path, cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _workspace(tmp_path, {"a.assay": A})
    cold = open_workspace(load_config(root), cache=True)
    assert len(cold.declarations) == 2
    from assay.grammar import spec

    def no_parse(*_: object) -> None:
        raise AssertionError("parsed a spec on a warm run")

    monkeypatch.setattr(spec, "parse_spec", no_parse)
    warm = open_workspace(load_config(root), cache=True)
    assert warm.declarations == cold.declarations


def test_the_duplicate_is_reported_on_a_warm_run_too(
    tmp_path: Path,
    cache_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = _workspace(tmp_path, {"a.assay": A, "b.assay": B})
    monkeypatch.chdir(root)
    for _ in range(2):
        assert main(["check", "--format", "json"]) == EXIT_ERROR
        assert [d["code"] for d in json.loads(capsys.readouterr().out)["diagnostics"]] == ["SPC003"]


def test_a_workspace_without_declarations_has_none(tmp_path: Path) -> None:
    root = _workspace(tmp_path, {"types.assay": "type note { title required }\n"})
    assert open_workspace(load_config(root)).declarations == ()
