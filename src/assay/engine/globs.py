"""Gitignore-like path patterns for `include`, `exclude`, `specs` and `per-file-ignores`.

Paths are workspace-relative POSIX strings. A pattern is split into segments:

- `*` and `?` match within one segment, `[abc]`, `[a-z]` and `[!abc]` one character;
- a `**` segment matches zero or more whole segments;
- a pattern without `/` matches the file name at any depth (`*.md`);
- a pattern that matches a folder matches everything inside it (`docs/archive`);
- a leading `/` or `./` anchors at the workspace root (as any pattern with a `/` is);
  a trailing `/` matches folders only.

Matching walks the segments with a small set of states (a non-deterministic automaton)
instead of one big regular expression: it cannot backtrack exponentially, and the same
walk answers "could anything below this folder match?" for symbolic links.
"""

from __future__ import annotations

import re
from functools import lru_cache

from attrs import frozen

_STAR_STAR = "**"


class GlobError(ValueError):
    """A pattern that cannot be used; the message says why."""


@frozen
class Glob:
    """A compiled pattern; build it with `compile_glob`."""

    pattern: str
    #: One entry per segment: `**`, a literal segment, or a compiled segment pattern.
    segments: tuple[str | re.Pattern[str], ...]
    #: True for a pattern with a trailing `/`: it matches folders, so only what is inside.
    folder_only: bool

    def match(self, path: str) -> bool:
        """True when `path`, or one of the folders holding it, matches."""
        parts = path.split("/")
        states = self._start()
        for index, part in enumerate(parts):
            states = self._step(states, part)
            if not states:
                return False
            if len(self.segments) in states:
                whole = index == len(parts) - 1
                if not (whole and self.folder_only):
                    return True
        return False

    def may_match_below(self, folder: str) -> bool:
        """True when some path inside `folder` could match (to report symbolic links)."""
        states = self._start()
        for part in folder.split("/"):
            states = self._step(states, part)
            if not states:
                return False
        # Any remaining segments can be satisfied by some name; no remainder means the
        # folder itself matched, and then everything in it does.
        return True

    def _start(self) -> frozenset[int]:
        return self._closure({0})

    def _closure(self, states: set[int]) -> frozenset[int]:
        # A `**` may match zero segments: being before it is also being after it.
        # Consecutive `**` are merged when compiling, so one step reaches every state.
        after = {s + 1 for s in states if s < len(self.segments) and self.segments[s] == _STAR_STAR}
        return frozenset(states | after)

    def _step(self, states: frozenset[int], part: str) -> frozenset[int]:
        following: set[int] = set()
        for state in states:
            if state >= len(self.segments):
                continue
            segment = self.segments[state]
            if segment == _STAR_STAR:
                following.add(state)
            elif _segment_matches(segment, part):
                following.add(state + 1)
        return self._closure(following)


@lru_cache(maxsize=1024)
def compile_glob(pattern: str) -> Glob:
    """Compile `pattern`, or raise `GlobError` saying what is wrong with it."""
    text = pattern.strip()
    if not text:
        raise GlobError("a pattern must not be empty")
    if text.startswith("!"):
        raise GlobError("`!` negation is not supported; list the pattern in `exclude`")
    if "\\" in text:
        raise GlobError("patterns use `/` between folders, never `\\`")
    if re.match(r"^[A-Za-z]:", text):
        raise GlobError("patterns are relative to the workspace root, not absolute")
    folder_only = text.endswith("/")
    anchored = "/" in text.rstrip("/")
    raw = [s for s in text.strip("/").split("/") if s not in ("", ".")]
    if not raw:
        raise GlobError("a pattern must name something below the workspace root")
    if ".." in raw:
        raise GlobError("patterns are relative to the workspace root; `..` is not allowed")
    if not anchored:
        raw.insert(0, _STAR_STAR)
    if raw[-1] == _STAR_STAR:
        # `docs/**` means what is inside docs, not docs itself; with folder matching,
        # "any one name below" says exactly that.
        raw[-1] = "*"
    segments: list[str | re.Pattern[str]] = []
    for segment in raw:
        if segment == _STAR_STAR and segments and segments[-1] == _STAR_STAR:
            continue
        segments.append(segment if segment == _STAR_STAR else _segment(segment))
    return Glob(pattern=pattern, segments=tuple(segments), folder_only=folder_only)


def match_any(globs: tuple[Glob, ...], path: str) -> bool:
    """True when any of `globs` matches `path`."""
    return any(glob.match(path) for glob in globs)


def _segment_matches(segment: str | re.Pattern[str], part: str) -> bool:
    if isinstance(segment, str):
        return segment == part
    return segment.fullmatch(part) is not None


def _segment(segment: str) -> str | re.Pattern[str]:
    """A literal stays a string (compared directly); anything else becomes a regex."""
    if not any(char in segment for char in "*?["):
        return segment
    out: list[str] = []
    index = 0
    while index < len(segment):
        char = segment[index]
        # Segments never hold `/`, so `.` cannot cross a folder boundary.
        if char == "*":
            out.append(".*")
        elif char == "?":
            out.append(".")
        elif char == "[" and (end := _class_end(segment, index)) is not None:
            out.append(_char_class(segment[index + 1 : end]))
            index = end
        else:
            out.append(re.escape(char))
        index += 1
    try:
        return re.compile("".join(out), re.DOTALL)
    except re.error as error:  # a reversed range such as `[z-a]`
        raise GlobError(f"bad character class in {segment!r}: {error.msg}") from None


def _class_end(segment: str, start: int) -> int | None:
    """The index of the `]` closing the class at `start`; None leaves `[` literal."""
    index = start + 1
    if index < len(segment) and segment[index] in "!^":
        index += 1
    if index < len(segment) and segment[index] == "]":
        index += 1  # a `]` right after `[` or `[!` is a member, as in fnmatch
    end = segment.find("]", index)
    return None if end == -1 else end


def _char_class(body: str) -> str:
    negate = body[:1] in ("!", "^")
    if negate:
        body = body[1:]
    # Escape everything but ranges so `\` or a leading `^` cannot change the class.
    members = "".join(
        "-" if char == "-" and 0 < i < len(body) - 1 else re.escape(char)
        for i, char in enumerate(body)
    )
    return f"[^{members}]" if negate else f"[{members}]"
