"""No control character of a document reaches the terminal raw, and the caret still
points at the column a finding names.

A document can hold ESC sequences, NUL, BEL, C1 controls and bidi overrides (which make
a line read other than it is: "Trojan Source").  The text report, GitHub annotations
and ``assay parse`` show them escaped (``\\x1b``, ``\\u202e``); the caret is placed under
the escaped text.  What is kept: ``\\n`` between lines, and ``\\t`` in messages (a tab
only moves the cursor on, it hides nothing); an excerpt shows a tab as one space.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from assay.cli.excerpt import SourceLines
from assay.cli.formats import github, text
from assay.cli.names import printable
from assay.engine.runner.result import RunResult
from assay.spec.diagnostics import Diagnostic, Related
from assay.spec.source import Span
from tests.cli.test_arguments_property import run

PATH = "docs/adr/0001-x.md"
#: Every C0 and C1 control but tab and newline, DEL, and the bidi controls.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_CONTROLS = "\x00\x07\x08\x1b\r\t\x0b\x0c\x7f\x85\x9b\udcff"
_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
# Each family drawn as often as all other characters, or a bidi control is rare; drawn
# as a list, as `st.text` merges the alphabet into one range that favours low points.
CHARACTERS = st.one_of(
    st.sampled_from(_CONTROLS),
    st.sampled_from(_BIDI),
    st.sampled_from("ab é中 [](#)"),
    st.characters(codec=None),
)
TEXTS = st.lists(CHARACTERS, max_size=300).map("".join)


@st.composite
def findings(draw: st.DrawFn, source: str) -> Diagnostic:
    """A finding somewhere in ``source``: any line, any column up to just past its end."""
    lines = SourceLines(source).lines or [""]
    number = draw(st.integers(1, len(lines)))
    length = len(lines[number - 1])
    column = draw(st.integers(1, length + 1))
    end = draw(st.integers(column, length + 2))
    return Diagnostic(
        code="DOC006",
        name="malformed-value",
        severity="warning",
        message=draw(st.lists(CHARACTERS, max_size=40).map("".join)),
        path=PATH,
        span=Span(0, 0, number, column, number, end),
        related=(Related(draw(st.lists(CHARACTERS, max_size=10).map("".join)), PATH, None),),
    )


def _report(source: str, finding: Diagnostic) -> RunResult:
    return RunResult(diagnostics=(finding,), suppressed=(), files=(PATH,), rules=())


@st.composite
def documents_with_a_finding(draw: st.DrawFn) -> tuple[str, Diagnostic]:
    source = draw(st.one_of(TEXTS, TEXTS.map(lambda t: t * 5)))  # long lines too
    return source, draw(findings(source))


def _excerpt(out: str, finding: Diagnostic) -> tuple[str, int]:
    """The excerpt line of a one-finding text report, and where its caret points."""
    lines = out.split("\n")
    index = finding.message.count("\n") + 1  # past the head, whose message may wrap
    shown, marker = lines[index], lines[index + 1]
    return shown, marker.index("^")


def _assert_escaped_and_aligned(source: str, finding: Diagnostic) -> None:
    out = text.render(_report(source, finding), version="0", source=lambda path: source)
    assert not RAW.search(out), out
    shown, caret = _excerpt(out, finding)
    line = SourceLines(source).line(finding.span.line)
    assert line is not None
    expanded = line.expandtabs(1)
    column = finding.span.column - 1
    if column < len(expanded):  # the caret sits on the escaped character it names
        assert shown[caret:].startswith(printable(expanded[column])), (shown, caret)
    else:  # just past the end of the line
        assert caret == len(shown), (shown, caret)


@given(case=documents_with_a_finding())
def test_the_text_report_escapes_controls_and_its_caret_points_at_the_column(
    case: tuple[str, Diagnostic],
) -> None:
    _assert_escaped_and_aligned(*case)


def _at(column: int, end: int, message: str = "x") -> Diagnostic:
    return Diagnostic(
        code="DOC006",
        name="malformed-value",
        severity="warning",
        message=message,
        path=PATH,
        span=Span(0, 0, 1, column, 1, end),
    )


def test_an_excerpt_shows_escapes_and_puts_the_caret_under_the_escaped_text() -> None:
    """Column 13 is the U+202E, 12 code points in; escaped, 15 characters in."""
    source = "Status: \x1b[2J\u202eAccepted\x07\n"
    finding = _at(13, 22, "\x1b]0;title\x07")
    out = text.render(_report(source, finding), version="0", source=lambda p: source)
    assert out.splitlines()[:3] == [
        f"{PATH}:1:13: DOC006 [warning] \\x1b]0;title\\x07 (malformed-value)",
        "    1 | Status: \\x1b[2J\\u202eAccepted\\x07",
        "      | " + " " * 15 + "^" + "~" * 13,
    ]


def test_a_long_line_is_windowed_and_its_caret_still_aligned() -> None:
    source = "\x1b" * 300 + "X" + "\x1b" * 300 + "\n"
    _assert_escaped_and_aligned(source, _at(301, 302))


@given(case=documents_with_a_finding())
def test_github_annotations_hold_no_raw_control_characters(
    case: tuple[str, Diagnostic],
) -> None:
    source, finding = case
    out = github.render(_report(source, finding), version="0", source=lambda path: source)
    assert not RAW.search(out), out
    assert not RAW.search(github.summary_markdown(_report(source, finding)))


def _document(text: str) -> bytes:
    """``text``'s bytes: a `\\udcXX` escape is the byte it stands for (as a file name's
    undecodable byte is read); any other lone surrogate, which no UTF-8 text holds, is
    written as the invalid bytes it would take."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


_DOCUMENT_BYTES = st.one_of(
    st.binary(max_size=200),
    TEXTS.map(_document),
    st.tuples(TEXTS, TEXTS, TEXTS).map(
        lambda parts: _document(
            f"---\ntitle: {parts[0]}\n---\n# 1. {parts[1]}\n\n## Status\n\n{parts[2]}\n"
            f"[{parts[0]}]({parts[1]})\n<!-- assay: ignore DOC006 -- {parts[2]} -->\n"
        )
    ),
)


@settings(max_examples=min(settings().max_examples, 100))
@given(raw=_DOCUMENT_BYTES)
@example(raw=b"# 1. \x1b[31mRed\x07\n\n## Status\n\nAccepted \xe2\x80\xae\n[\x9b](\x1b.md)\n")
def test_parse_outlines_and_diagnostics_hold_no_raw_control_characters(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "0001-x.md").write_bytes(raw)
        for arguments in (["parse", "0001-x.md"], ["parse", "0001-x.md", "--type", "adr"]):
            code, out, err = run(arguments, Path(folder))
            assert code in (0, 2), err
            assert not RAW.search(out), out
            assert not RAW.search(err), err
