"""Why RE2 refuses a spec's pattern, in plain words, and where in the pattern.

RE2's messages name the offending text (`invalid escape sequence: \\1`) but not its
offset.  The offset is found by walking the pattern in units (an escape, a POSIX class,
a character) and taking the first unit that starts that text and, cut just after it
(open groups closed), still fails the same way: `(a{1000}){1000}` fails at its second
`{1000}`, not its first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

#: How many places a message's text may be tried at before the first one is taken:
#: each try compiles a prefix, and a crafted pattern may repeat the text many times.
MAX_TRIES = 32

_LOOKAROUND = {
    "(?=": "lookahead",
    "(?!": "negative lookahead",
    "(?<=": "lookbehind",
    "(?<!": "negative lookbehind",
    "(?P=": "a named backreference",
    "(?#": "a comment group",
}
_EMPTY_LOW_BOUND = re.compile(r"\{,(\d+)\}")


class Refusal(NamedTuple):
    """Why a pattern is refused, and the index in it of the offending text (if known)."""

    message: str
    at: int | None


class _Unit(NamedTuple):
    start: int
    text: str
    in_class: bool


def _units(pattern: str) -> Iterator[_Unit]:
    """The pattern's units in order; a class's opening `[` is outside it, its `]` inside."""
    i, n, in_class, body = 0, len(pattern), False, 0
    while i < n:
        c = pattern[i]
        if c == "\\":
            end = i + 2
            if pattern.startswith("\\Q", i) and not in_class:  # literal up to \E
                close = pattern.find("\\E", i + 2)
                end = n if close < 0 else close + 2
            yield _Unit(i, pattern[i:end], in_class)
            i = end
        elif in_class and pattern.startswith("[:", i) and (close := pattern.find(":]", i)) > 0:
            yield _Unit(i, pattern[i : close + 2], True)
            i = close + 2
        elif in_class:
            yield _Unit(i, c, True)
            # A `]` first in the class (after any `^`) is a member, not the end.
            in_class = not (c == "]" and i > body)
            i += 1
        else:
            yield _Unit(i, c, False)
            if c == "[":
                in_class = True
                body = i + 2 if pattern.startswith("^", i + 1) else i + 1
            i += 1


def _closers(pattern: str) -> str:
    """What closes the groups and class left open at the end of ``pattern``."""
    depth, in_class = 0, False
    for unit in _units(pattern):
        in_class = unit.in_class or unit.text == "["
        if not unit.in_class:
            depth += {"(": 1, ")": -1}.get(unit.text, 0)
    return ("]" if in_class else "") + ")" * max(depth, 0)


def _groups(pattern: str) -> tuple[list[int], int | None]:
    """The starts of the groups never closed, and the first `)` that closes none."""
    opened: list[int] = []
    for unit in _units(pattern):
        if unit.in_class:
            continue
        if unit.text == "(":
            opened.append(unit.start)
        elif unit.text == ")":
            if not opened:
                return opened, unit.start
            opened.pop()
    return opened, None


_Compiles = Callable[[str], "str | None"]


def _locate(pattern: str, message: str, arg: str, compiles: _Compiles) -> int | None:
    """The first unit starting ``arg`` where a cut just after it fails with ``message``."""
    starts = [u.start for u in _units(pattern) if pattern.startswith(arg, u.start)] if arg else []
    for start in starts[:MAX_TRIES]:
        prefix = pattern[: start + len(arg)]
        if compiles(prefix + _closers(prefix)) == message:
            return start
    return starts[0] if starts else None


def _words(kind: str, arg: str, at: str) -> str:
    """RE2's ``kind: arg`` said plainly; ``at`` is the pattern from the offending text."""
    if kind == "invalid escape sequence":
        if arg[1:].isdigit():
            return f"`{arg}` is a backreference (or an octal escape), which RE2 does not support"
        if arg == "\\Z":
            return "`\\Z` is not supported; `\\z` (or `$`) ends the value"
        return f"`{arg}` is not an escape RE2 knows"
    if kind == "invalid perl operator":
        for opener, name in _LOOKAROUND.items():
            if at.startswith(opener):
                return f"`{opener}` is {name}, which RE2 does not support"
        return f"`{arg}` is not a group RE2 knows"
    simple = {
        "invalid repetition size": f"the repeat `{arg}` is over RE2's limit of 1000"
        " (nested repeats multiply)",
        "bad repetition operator": f"`{arg}` repeats a repeat (RE2 has no possessive `*+`)",
        "no argument for repetition operator": f"`{arg}` has nothing before it to repeat",
        "missing ]": "unterminated character set: this `[` is never closed",
        "missing )": "this `(` is never closed",
        "unexpected )": "this `)` closes no group",
        "invalid character class range": f"`{arg}` is not a character range",
        "invalid character class": f"`{arg}` is not a character class",
        "invalid named capture group": f"`{arg}` is not a valid group name",
    }
    return simple.get(kind, f"{kind}: {arg}" if arg else kind)


def refusal(pattern: str, message: str, compiles: _Compiles) -> Refusal:
    """RE2's ``message`` about ``pattern`` made readable and placed.

    ``compiles`` gives RE2's message for a pattern, or None when it compiles.
    """
    if message == "trailing \\":
        return Refusal("the pattern ends in a lone backslash", len(pattern) - 1)
    if message.startswith("pattern too large"):
        return Refusal("the pattern is too large for RE2's memory limit", None)
    kind, _, arg = message.partition(": ")
    if kind in ("missing )", "unexpected )"):
        opened, stray = _groups(pattern)
        index = stray if kind == "unexpected )" else (opened[-1] if opened else None)
    else:
        index = _locate(pattern, message, arg, compiles)
    return Refusal(_words(kind, arg, pattern[index:] if index is not None else ""), index)


def python_only(pattern: str) -> Refusal | None:
    """A pattern RE2 compiles but reads unlike Python's `re`, which specs were written for.

    `a{,3}` is up to three `a` to Python and the literal text `a{,3}` to RE2.
    """
    for unit in _units(pattern):
        if unit.text == "{" and not unit.in_class:
            match = _EMPTY_LOW_BOUND.match(pattern, unit.start)
            if match is not None:
                return Refusal(
                    f"`{match[0]}` is the literal text `{match[0]}` to RE2: write"
                    f" `{{0,{match[1]}}}` for up to {match[1]} repeats, `\\{match[0]}` for"
                    " the text",
                    unit.start,
                )
    return None
