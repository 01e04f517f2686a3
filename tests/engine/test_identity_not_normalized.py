"""IDN001 through the whole run: a ``format identity`` field's value must be in ADR
097's normal form, and the message says what to write.  The built-in ``boundary``
type declares it on ``source.identity``."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.spec.diagnostics import Diagnostic
from tests.spec.test_library import field, library_type

SPEC = """use analysis

type run-boundary extends boundary {
    files "runs/*/boundary.md"
}
"""
COMMIT = "0123456789abcdef0123456789abcdef01234567"


def _findings(tmp_path: Path, identity_line: str) -> list[Diagnostic]:
    (tmp_path / "assay.toml").write_text('specs = ["b.assay"]\n', encoding="utf-8")
    (tmp_path / "b.assay").write_text(SPEC, encoding="utf-8")
    (tmp_path / "runs" / "x").mkdir(parents=True)
    boundary = (
        f"# PageIndex\n\n{identity_line}\n- source.commit: {COMMIT}\n"
        "- inspected: 2026-09-29\n\n## Scope\n\nThe public API.\n"
    )
    (tmp_path / "runs" / "x" / "boundary.md").write_text(boundary, encoding="utf-8")
    result = check(load_config(tmp_path))
    return [d for d in result.diagnostics if d.code in ("IDN001", "FLD003", "SPC005")]


NOT_NORMAL = {
    "host-case": "`https://GitHub.com/x/y`",
    "scheme-case": "`HTTPS://github.com/x/y`",
    "trailing-git": "`https://github.com/x/y.git`",
    "trailing-slash": "`https://github.com/x/y/`",
    "git-and-slash": "https://github.com/x/y.git/",
    "bare-host-case": "https://GITHUB.COM/x/y",
}


@pytest.mark.parametrize("value", NOT_NORMAL.values(), ids=NOT_NORMAL.keys())
def test_a_value_out_of_normal_form_is_reported_with_the_form_to_write(
    value: str, tmp_path: Path
) -> None:
    (finding,) = _findings(tmp_path, f"- source.identity: {value}")
    assert finding.code == "IDN001"
    assert finding.severity == "error"
    assert finding.message == (
        "`source.identity` is not in normalized form: write `https://github.com/x/y`"
    )
    assert (finding.path, finding.span.line, finding.span.column) == ("runs/x/boundary.md", 3, 20)


NORMAL = {
    "plain": "https://github.com/x/y",
    "backticked": "`https://github.com/x/y`",
    # The spaces inside the backticks are markup: the value read is the identity.
    "surrounding-spaces": "`  https://github.com/x/y  `",
    "path-case": "`https://github.com/VectifyAI/PageIndex`",
    "scp-like": "`git@github.com:Org/Repo`",
}


@pytest.mark.parametrize("value", NORMAL.values(), ids=NORMAL.keys())
def test_a_value_in_normal_form_passes(value: str, tmp_path: Path) -> None:
    assert _findings(tmp_path, f"- source.identity: {value}") == []


def test_an_identity_that_normalizes_to_nothing_says_so(tmp_path: Path) -> None:
    (finding,) = _findings(tmp_path, "- source.identity: `.git/`")
    assert finding.code == "IDN001"
    assert "empty once normalized" in finding.message


def test_the_boundary_type_declares_source_identity_an_identity() -> None:
    decl = field(library_type("analysis", "boundary"), "source.identity")
    assert decl.format is not None
    assert decl.format.kind == "identity"
