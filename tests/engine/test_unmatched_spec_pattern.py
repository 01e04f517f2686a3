"""PTH005: a `specs` pattern that matches no file is a warning at the pattern, not silence."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config

SPEC = 'type memory {\n    files "runs/*/memory.md"\n}\n'


def _findings(root: Path) -> list[tuple[str, int, int, str]]:
    result = check(load_config(root))
    return [
        (d.path, d.span.line, d.span.column, d.message)
        for d in result.diagnostics
        if d.code == "PTH005"
    ]


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        (
            "assay.toml",
            'fail-on = "error"\nspecs = [\n  "assay/*.assay",\n  "specs/*.assay",\n]\n',
            (4, 3),
        ),
        (
            "pyproject.toml",
            '[project]\nname = "x"\n\n[tool.assay]\nspecs = ["spec/x.assay"]\n',
            (5, 10),
        ),
    ],
)
def test_a_spec_pattern_matching_no_file_is_a_warning_at_the_entry(
    tmp_path: Path, name: str, text: str, where: tuple[int, int]
) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "assay").mkdir()
    (tmp_path / "assay" / "memory.assay").write_text(SPEC, encoding="utf-8")
    [(path, line, column, message)] = _findings(tmp_path)
    assert (path, line, column) == (name, *where)
    assert message.endswith("matches no file")
    result = check(load_config(tmp_path))
    assert {d.severity for d in result.diagnostics if d.code == "PTH005"} == {"warning"}


def test_the_default_matching_nothing_is_no_finding(tmp_path: Path) -> None:
    """Without a `specs` key most workspaces have no spec: nothing to warn about."""
    (tmp_path / "assay.toml").write_text('fail-on = "error"\n', encoding="utf-8")
    assert _findings(tmp_path) == []


def test_a_pattern_that_matches_is_no_finding(tmp_path: Path) -> None:
    (tmp_path / "assay.toml").write_text('specs = ["assay/*.assay"]\n', encoding="utf-8")
    (tmp_path / "assay").mkdir()
    (tmp_path / "assay" / "memory.assay").write_text(SPEC, encoding="utf-8")
    assert _findings(tmp_path) == []
