"""A spec's `files` patterns that discovery cannot compile are SPC004, never a crash.

The fuzz campaign (tests/soak) found `files "docs\\adr\\*.md"` ending `assay check`
with exit code 3: the spec read fine, and discovery's `compile_glob` raised
`GlobError` (a `ValueError`) out of the check.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.grammar.globs import compile_glob
from assay.grammar.spec import parse_spec

UNUSABLE = [
    ('"docs\\\\adr\\\\*.md"', "never `\\`"),
    ('"!docs/*.md"', "negation is not supported"),
    ('"C:/adr/*.md"', "not absolute"),
    ('"../adr/*.md"', "`..` is not allowed"),
    ('"/"', "below the workspace root"),
    ('""', "must not be empty"),
    ('"   "', "must not be empty"),
]


@pytest.mark.parametrize(("written", "words"), UNUSABLE)
def test_an_unusable_pattern_is_reported_at_its_token(written: str, words: str) -> None:
    text = f'type t {{ files "docs/adr/*.md", {written} }}'
    parsed = parse_spec(text, "x.assay")
    (problem,) = parsed.diagnostics
    assert problem.code == "SPC004"
    assert words in problem.message
    start = text.index(written, text.index(","))
    assert (problem.span.column, problem.span.end_column) == (start + 1, start + 1 + len(written))
    assert parsed.value is None  # a spec with an error is not used


def test_a_workspace_whose_spec_has_one_is_a_spec_error_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "assay.toml").write_text('specs = ["x.assay"]\n')
    (tmp_path / "x.assay").write_text('type t {\n  files "docs\\\\adr\\\\*.md"\n}\n')
    (tmp_path / "docs" / "adr").mkdir(parents=True)
    (tmp_path / "docs" / "adr" / "0001-x.md").write_text("# 1. X\n")
    result = check(load_config(tmp_path), cache=False, jobs=1)
    codes = [(d.code, d.path, d.span.line, d.span.column) for d in result.diagnostics]
    assert ("SPC004", "x.assay", 2, 9) in codes


# Anything a STRING token can hold: no quote, no line break.
_PATTERN = st.text(st.characters(blacklist_characters='"\r\n', blacklist_categories=("Cs",)))


@given(st.lists(_PATTERN, min_size=1, max_size=4))
def test_a_spec_that_reads_without_error_has_only_patterns_that_compile(
    patterns: list[str],
) -> None:
    written = ", ".join('"' + p.replace("\\", "\\\\") + '"' for p in patterns)
    parsed = parse_spec(f"type t {{ files {written} }}", "x.assay")
    for decl in parsed.value.types if parsed.value is not None else ():
        for pattern in decl.files.patterns if decl.files is not None else ():
            compile_glob(pattern)  # raises GlobError if a usable spec holds an unusable one
