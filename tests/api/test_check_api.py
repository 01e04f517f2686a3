"""`assay.api.check` takes what `assay check` takes, and `assay.api` itself loads no engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay import api
from assay.errors import UsageError
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"


def _codes(report: api.Report) -> set[str]:
    return {d.code for d in report.diagnostics}


def test_select_ignore_and_jobs_are_the_command_line_s() -> None:
    """`select` keeps only its codes, `ignore` drops them; `jobs` changes nothing but speed."""
    whole = api.check(EXAMPLES, cache=False)
    assert len(_codes(whole)) > 1
    code = sorted(_codes(whole))[0]
    assert _codes(api.check(EXAMPLES, select=[code], cache=False)) == {code}
    assert code not in _codes(api.check(EXAMPLES, ignore=[code], cache=False))
    assert api.check(EXAMPLES, jobs=2, cache=False).diagnostics == whole.diagnostics


def test_a_path_through_a_linked_folder_is_inside_the_workspace(tmp_path: Path) -> None:
    """An absolute path through a link to the workspace names its file, as on the command line."""
    link = tmp_path / "linked"
    link.symlink_to(EXAMPLES, target_is_directory=True)
    [record] = sorted((EXAMPLES / "docs" / "adr").glob("0001-*.md"))
    report = api.check(EXAMPLES, [link / "docs" / "adr" / record.name])
    assert {d.path for d in report.diagnostics} <= {f"docs/adr/{record.name}"}
    assert report.unmatched_paths == ()


def test_a_path_outside_is_named_as_given() -> None:
    """The message quotes the path as the caller spelled it."""
    with pytest.raises(UsageError, match=r"^\.\./README\.md is outside the workspace"):
        api.check(EXAMPLES, ["../README.md"])


def test_the_api_names_the_engine_s_types() -> None:
    """The types a caller of ``check`` meets are importable from ``assay.api``."""
    from assay.api import Config, ConfigError, Note, Report, RuleInfo, RunResult, Suppressed

    names = [t.__name__ for t in (Config, ConfigError, Note, Report, RuleInfo, Suppressed)]
    assert names == ["Config", "ConfigError", "Note", "Report", "RuleInfo", "Suppressed"]
    assert RunResult is Report  # the name the formats use
