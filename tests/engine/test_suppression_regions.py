"""The lines a directive covers, from ``line_marks``: a run keeps which lines of a
document are blank, not its lines, and must find the same regions the lines gave."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.passes.lines import line_marks
from assay.engine.runner.suppression import _region
from assay.spec.document import Directive
from assay.spec.source import Span

#: Lines as a document may hold them: blank, white space only (tabs, form feeds,
#: no-break spaces), text; separated by every break ``str.splitlines`` knows.
_LINE = st.sampled_from(["", " ", "\t\f", "\u00a0", "x", " text ", "<!-- c -->"])
_BREAK = st.sampled_from(["\n", "\r\n", "\r", "\u2028", "\x0c", "\x85"])


def _text(draw: st.DrawFn) -> str:
    lines = draw(st.lists(_LINE, max_size=12))
    breaks = draw(st.lists(_BREAK, min_size=len(lines), max_size=len(lines)))
    return "".join(line + brk for line, brk in zip(lines, breaks, strict=True))


def _by_lines(directive: Directive, lines: list[str]) -> tuple[int, int]:
    """The region as the lines themselves gave it (the code before ``line_marks``)."""
    span = directive.span
    if directive.action == "disable-file":
        return 1, max(len(lines), 1)
    index = span.end_line
    while index < len(lines) and not lines[index].strip():
        index += 1
    return index + 1, index + 1


@given(st.data(), st.sampled_from(["disable-next-line", "disable-file"]))
def test_regions_from_marks_are_the_regions_from_lines(data: st.DataObject, action: str) -> None:
    text = data.draw(st.composite(_text)())
    lines = text.splitlines()
    line = data.draw(st.integers(min_value=1, max_value=max(len(lines), 1)))
    directive = Directive(
        action=action,  # type: ignore[arg-type]
        codes=("LNK001",),
        reason=None,
        span=Span(0, 1, line, 1, line, 2),
    )
    marks = line_marks(text)
    assert len(marks) == len(lines)
    assert _region(directive, (directive,), marks) == _by_lines(directive, lines)


def test_marks_say_which_lines_are_blank() -> None:
    assert line_marks("a\n\n \t\nb\r\n\u2028c") == "x  x x"
    assert line_marks("") == ""
