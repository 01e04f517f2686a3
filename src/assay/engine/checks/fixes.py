"""Quick fixes: a finding's mechanical repair, as an edit of its own file.

A fix replaces one piece of text on the finding's line — a status spelled wrong, a
link's destination — so it is found inside the finding's span on the document's
text and given a span of its own. Where the text is not there as expected (a span
over several lines, a destination written with escapes), there is no fix: a wrong
edit is worse than none.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from assay.spec.diagnostics import Fix
from assay.spec.source import Span

#: CommonMark's line endings.
_ENDINGS = re.compile(r"\r\n|\r|\n")


def replacing(text: str | None, span: Span, old: str, new: str, title: str) -> Fix | None:
    """A fix writing ``new`` over the last ``old`` inside ``span`` of ``text``; None
    when ``span`` is not on one line or does not hold ``old``."""
    if text is None or not old or old == new or span.line != span.end_line:
        return None
    lines = _lines(text)
    if span.line > len(lines):
        return None
    segment = lines[span.line - 1][span.column - 1 : span.end_column - 1]
    at = segment.rfind(old)
    if at < 0:
        return None
    before = len(segment[:at].encode("utf-8", "surrogatepass"))
    size = len(old.encode("utf-8", "surrogatepass"))
    column = span.column + at
    start = span.start + before
    where = Span(start, start + size, span.line, column, span.line, column + len(old))
    return Fix(title=title, span=where, replacement=new)


@lru_cache(maxsize=1)
def _lines(text: str) -> list[str]:
    # One document's findings ask in turn: split it once, not once per finding.
    return _ENDINGS.split(text)


def closest(written: str, choices: dict[str, str]) -> str | None:
    """The one choice (folded spelling: canonical name) ``written`` is a typo of, in
    the case ``written`` starts with; None when none is close or two are equally so."""
    folded = written.strip().casefold()
    found = difflib.get_close_matches(folded, list(choices), n=2, cutoff=0.75)
    if not found:
        return None
    if len(found) == 2 and choices[found[0]] != choices[found[1]]:
        first, second = (difflib.SequenceMatcher(None, folded, f).ratio() for f in found)
        if first == second:
            return None
    name = choices[found[0]]
    return name[:1].upper() + name[1:] if written.strip()[:1].isupper() else name
