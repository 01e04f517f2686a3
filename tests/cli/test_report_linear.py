"""A report reads and splits each file once, however many findings it has.

Each excerpt (text report) and each fingerprint (SARIF) quotes a line of the file;
splitting the whole file again per finding made a file of 100,000 links with 2,000
broken take seconds to report.  Judged by the ratio of the costs of two sizes in one
run (``tests/cost.py``): eight times the lines and findings may cost at most 24 times.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from assay.cli.excerpt import SourceLines
from assay.cli.formats import text
from assay.cli.formats.fingerprint import fingerprints
from assay.engine.runner.result import RunResult
from assay.spec.diagnostics import Diagnostic
from assay.spec.source import Span
from tests.cost import assert_linear

PATH = "docs/adr/0001-links.md"


def _finding(line: int) -> Diagnostic:
    return Diagnostic(
        code="LNK001",
        name="broken-link",
        severity="error",
        message="`x.md` does not exist",
        path=PATH,
        span=Span(0, 0, line, 3, line, 8),
    )


def _report_of(size: int) -> tuple[str, RunResult]:
    """A file of ``size`` lines, every 50th with a finding."""
    source = "".join(f"- [link {n}](target-{n}.md)\n" for n in range(size))
    findings = tuple(_finding(line) for line in range(1, size + 1, 50))
    return source, RunResult(diagnostics=findings, suppressed=(), files=(PATH,), rules=())


def test_the_text_report_is_linear_in_the_file_and_its_findings() -> None:
    def work(size: int) -> Callable[[], object]:
        source, result = _report_of(size)
        return lambda: text.render(result, version="0", source=lambda path: source)

    assert_linear(work, 2_000, repeat=2, rounds=5)


def test_fingerprints_are_linear_in_the_file_and_its_findings() -> None:
    def work(size: int) -> Callable[[], object]:
        source, result = _report_of(size)
        return lambda: fingerprints(result.diagnostics, lambda path: source)

    assert_linear(work, 2_000, repeat=2, rounds=5)


def _line_before(text: str, line: int) -> str | None:
    """``source_line`` as it was, splitting the whole text for each line."""
    lines = text.splitlines()
    if any(ch in text for ch in "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"):
        lines = re.split(r"\r\n|\r|\n", text)
    if 1 <= line <= len(lines):
        return lines[line - 1]
    if line == len(lines) + 1:
        return ""
    return None


@given(source=st.text(alphabet="ab \t\r\n\x0c\x85\u2028\ufeff", max_size=30))
def test_a_split_file_gives_the_lines_the_text_gave(source: str) -> None:
    lines = SourceLines(source)
    for number in range(-1, len(source) + 3):
        assert lines.line(number) == _line_before(source.lstrip("\ufeff"), number)
