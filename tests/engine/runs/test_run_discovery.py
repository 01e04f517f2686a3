"""Any folder holding run.toml is a run: discovery finds its files, types them by the
layout, and `assay files` says why each is there."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from assay.cli import EXIT_OK, main
from assay.cli.commands.schema import schema
from assay.engine.reading.manifest import read_manifest
from assay.engine.workspace.config import load_config
from assay.engine.workspace.discovery import discover
from assay.engine.workspace.loading import load_workspace
from assay.engine.workspace.types import builtin_type
from tests.engine.runs.builders import RUN_TOML, write_run

RUN = "runs/github.com-pallets-flask"


def test_discovery_finds_each_run_and_its_files(tmp_path: Path) -> None:
    write_run(tmp_path, extra={"review.md": "# Flask\n", "notes/a.md": "# A\n", "data.json": "{}"})
    found = discover(load_config(tmp_path))
    assert found.runs == (RUN,)
    assert {(c.path, c.origin, c.folder) for c in found.documents} == {
        (f"{RUN}/{name}", "run", RUN)
        for name in (
            "run.toml",
            "boundary.md",
            "output/runtime.md",
            "lenses/memory.md",
            "lenses/epistemic.md",
            "overview.md",
            "verify.md",
            "notes/a.md",
        )
    }


def test_a_nested_run_owns_its_files_and_excluded_runs_are_none(tmp_path: Path) -> None:
    write_run(tmp_path, extra={"sub/run.toml": RUN_TOML, "sub/overview.md": "# Sub\n"})
    (tmp_path / "old/run.toml").parent.mkdir()
    (tmp_path / "old/run.toml").write_text(RUN_TOML)
    (tmp_path / "old/overview.md").write_text("# Old\n")
    (tmp_path / "assay.toml").write_text('exclude = ["old/**"]\n')
    found = discover(load_config(tmp_path))
    assert found.runs == (RUN, f"{RUN}/sub")
    folders = {c.path: c.folder for c in found.documents}
    assert folders[f"{RUN}/sub/overview.md"] == f"{RUN}/sub"
    assert folders[f"{RUN}/sub/run.toml"] == f"{RUN}/sub"
    assert folders[f"{RUN}/overview.md"] == RUN
    assert not any(path.startswith("old/") for path in folders)


def test_a_run_at_the_root(tmp_path: Path) -> None:
    (tmp_path / "run.toml").write_text(RUN_TOML)
    (tmp_path / "verify.md").write_text("# Verification\n\n### Blockers\n\nnone\n")
    (tmp_path / "review.md").write_text("# Flask\n")
    workspace = load_workspace(load_config(tmp_path))
    assert workspace.discovery.runs == ("",)
    assert [(d.path, d.type and d.type.name, d.run) for d in workspace.documents] == [
        ("run.toml", "run", ""),
        ("verify.md", "verification", ""),
    ]


def test_members_and_rounds_are_read_as_their_types(tmp_path: Path) -> None:
    write_run(tmp_path, extra={"rounds/02/verify.md": "# V\n", "rounds/x/verify.md": "# V\n"})
    workspace = load_workspace(load_config(tmp_path))
    types = {d.path[len(RUN) + 1 :]: d.type and d.type.name for d in workspace.documents}
    assert types == {
        "run.toml": "run",
        "boundary.md": "boundary",
        "output/runtime.md": "runtime",
        "lenses/memory.md": "memory",
        "lenses/epistemic.md": "epistemic",
        "overview.md": "overview",
        "verify.md": "verification",
        "rounds/02/verify.md": "verification",
        "rounds/x/verify.md": None,
    }


def test_a_user_type_matching_a_member_wins(tmp_path: Path) -> None:
    write_run(tmp_path)
    (tmp_path / "assay.toml").write_text('specs = ["*.assay"]\n')
    (tmp_path / "runs.assay").write_text(
        'use analysis\n\ntype our_verify extends verification {\n    files "runs/*/verify.md"\n}\n'
    )
    workspace = load_workspace(load_config(tmp_path))
    (verify,) = [d for d in workspace.documents if d.path.endswith("/verify.md")]
    assert verify.type is not None and verify.type.name == "our_verify"
    assert verify.run == RUN


def test_run_toml_keys_read_as_fields_with_their_places() -> None:
    text = 'system = "Flask"  # the name\nattempts = 2\nsteps = ["a"]\n[state]\nmodel = "m"\n'
    _text, reading, problems = read_manifest(text.encode(), "run.toml", builtin_type("run"))
    assert problems == () and reading is not None
    assert [
        (
            f.name,
            f.raw,
            f.value,
            f.source,
            f.span.line,
            f.span.column,
            f.key_span and f.key_span.column,
        )
        for f in reading.fields
    ] == [
        ("system", '"Flask"', "Flask", "toml", 1, 10, 1),
        ("attempts", "2", "2", "toml", 2, 12, 1),
    ]


def test_a_bom_moves_no_column() -> None:
    _text, reading, _ = read_manifest(
        b'\xef\xbb\xbfsystem = "Flask"\n', "run.toml", builtin_type("run")
    )
    assert reading is not None
    (system,) = reading.fields
    assert (system.span.line, system.span.column, system.span.start) == (1, 10, 12)


def test_assay_files_names_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_run(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["files"]) == EXIT_OK
    lines = capsys.readouterr().out.splitlines()
    words = [f"{RUN}/run.toml", "run", "a", "file", "of", "the", "analysis", "run", RUN]
    assert words in [line.split() for line in lines]
    assert main(["files", "--format", "json"]) == EXIT_OK
    listing = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator(schema("files")).validate(listing)
    entry = next(e for e in listing["files"] if e["path"] == f"{RUN}/lenses/memory.md")
    assert (entry["type"], entry["reason"], entry["folder"]) == ("memory", "run", RUN)
