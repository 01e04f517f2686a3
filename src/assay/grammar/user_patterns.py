"""The patterns a spec writes (`format pattern "…"`), compiled by RE2 and matched whole.

RE2 decides a match in time linear in the value, whatever the pattern: a backtracking
engine (Python's `re`) can take exponential time on a crafted value, `(a+)+$` against
`aaa…ab`, and a document is user input.  The price is the syntax RE2 refuses
(backreferences, lookaround, repeat counts over 1000), which is a spec error located
by `assay.grammar.pattern_errors`.

Each pattern is compiled once per process; the cache is bounded, as a long-lived
process may read many specs.
"""

from __future__ import annotations

import re2

from assay.grammar.memo import remember_short
from assay.grammar.pattern_errors import Refusal, python_only, refusal

#: How many compiled patterns a process keeps (the least recently used goes first).
CACHE_SIZE = 512
#: The longest pattern the cache keeps, in characters.
LONGEST_KEPT = 10_000


def _options() -> re2.Options:
    options = re2.Options()
    # RE2 writes each refused pattern to stderr through absl; the refusal is reported
    # as a located diagnostic instead, and only `cli/` writes to the terminal.
    options.log_errors = False
    return options


_OPTIONS = _options()


# A pattern past LONGEST_KEPT is compiled at each use rather than held (with its
# compiled program) by a long-lived process; real patterns are a line at most.
@remember_short(maxsize=CACHE_SIZE, longest=LONGEST_KEPT)
def compiled(pattern: str) -> re2._Regexp[str] | Refusal:
    """The compiled ``pattern``, or why RE2 refuses it."""
    try:
        regexp = re2.compile(pattern, _OPTIONS)
    except re2.error as error:
        return refusal(pattern, _message(error), _compiles)
    except UnicodeEncodeError:
        # A lone surrogate (text decoded with surrogateescape) is not UTF-8.
        return Refusal("the pattern is not valid UTF-8", None)
    return python_only(pattern) or regexp


def _message(error: re2.error) -> str:
    raw = error.args[0] if error.args else ""
    return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)


def _compiles(pattern: str) -> str | None:
    """RE2's message for ``pattern``, or None when it compiles (used to locate an error)."""
    try:
        re2.compile(pattern, _OPTIONS)
    except re2.error as error:
        return _message(error)
    except UnicodeEncodeError:
        return None
    return None


def fullmatches(pattern: str, value: str) -> bool | None:
    """Whether all of ``value`` matches ``pattern``; None when RE2 refuses the pattern."""
    regexp = compiled(pattern)
    if isinstance(regexp, Refusal):
        return None
    try:
        return regexp.fullmatch(value) is not None
    except UnicodeEncodeError:
        # A value holding undecodable bytes (surrogate escapes): RE2 matches bytes too,
        # and an invalid byte matches no character class.
        return regexp.fullmatch(value.encode("utf-8", "surrogateescape")) is not None
