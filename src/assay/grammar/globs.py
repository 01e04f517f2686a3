"""Gitignore-like path patterns: the config's `include`, `exclude`, `specs` and
`per-file-ignores`, and a spec's `files`.

Paths are workspace-relative POSIX strings. A pattern is split into segments:

- `*` and `?` match within one segment, `[abc]`, `[a-z]` and `[!abc]` one character;
- a `**` segment matches zero or more whole segments;
- a pattern without `/` matches the file name at any depth (`*.md`);
- a pattern that matches a folder matches everything inside it (`docs/archive`);
- a leading `/` or `./` anchors at the workspace root (as any pattern with a `/` is);
  a trailing `/` matches folders only.

A pattern becomes one regular expression for `match` (thousands of paths per run, so
the matching happens in C), and a tuple of segments that `may_match_below` walks with a
small set of states, answering "could anything inside this folder match?".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from attrs import frozen

from assay.grammar.memo import remember_short
from assay.spec.model import Model

_STAR_STAR = "**"
_WILDCARD = re.compile(r"[*?\[]")


class GlobError(ValueError):
    """A pattern that cannot be used; the message says why."""


@frozen
class Glob(Model):
    """A compiled pattern; build it with `compile_glob`."""

    pattern: str
    #: The whole pattern, folder matching included.
    regex: re.Pattern[str]
    #: One entry per segment: `**`, a literal segment, or a compiled segment pattern.
    segments: tuple[str | re.Pattern[str], ...]
    #: Text every matching path holds (the longest run without wildcards); "" for none.
    literal: str = ""

    def match(self, path: str) -> bool:
        """True when `path`, or one of the folders holding it, matches."""
        return self.regex.match(path) is not None

    def select(self, paths: Iterable[str]) -> Iterator[str]:
        """The paths that match, of many (a workspace's listing): only those holding
        the literal text meet the regular expression, a tenth of the time for most."""
        if self.literal:
            paths = [path for path in paths if self.literal in path]
        return filter(self.regex.match, paths)

    def may_match_below(self, folder: str) -> bool:
        """True when some path inside `folder` could match (to report symbolic links)."""
        if self.segments[0] == _STAR_STAR:
            return True  # `**` takes in any folder; what follows can match inside it
        states = self._start()
        for part in folder.split("/"):
            states = self._step(states, part)
            if len(self.segments) in states:
                return True  # this folder or one above it matched: all inside does too
            if not states:
                return False
        # Any remaining segments can be satisfied by some name below the folder.
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


@remember_short(maxsize=1024, longest=1000)
def compile_glob(pattern: str) -> Glob:
    """Compile `pattern`, or raise `GlobError` saying what is wrong with it."""
    text = _checked_text(pattern)
    folder_only = text.endswith("/")
    raw = _segments(text)
    # A `**` takes whole segments with their `/`; any other segment is followed by `/`
    # unless it is the last. Then the path ends, or goes on inside the matched folder.
    body = "".join(
        "(?:[^/]+/)*" if s == _STAR_STAR else _segment_source(s) + ("/" if i < len(raw) - 1 else "")
        for i, s in enumerate(raw)
    )
    try:
        regex = re.compile(body + ("/.+" if folder_only else "(?:/.*)?") + r"\Z", re.DOTALL)
        segments = tuple(
            s if s == _STAR_STAR or not _WILDCARD.search(s) else re.compile(_segment_source(s))
            for s in raw
        )
    except re.error as error:  # a reversed range such as `[z-a]`
        raise GlobError(f"bad character class: {error.msg}") from None
    literal = max((run for s in raw if s != _STAR_STAR for run in _literal_runs(s)), key=len)
    return Glob(pattern=pattern, regex=regex, segments=segments, literal=literal)


def _checked_text(pattern: str) -> str:
    """The pattern stripped, or `GlobError` when its form is not one we accept."""
    text = pattern.strip()
    if not text:
        raise GlobError("a pattern must not be empty")
    if text.startswith("!"):
        raise GlobError("`!` negation is not supported; list the pattern in `exclude`")
    if re.match(r"^[A-Za-z]:", text):  # checked first: `C:\x` is absolute before all else
        raise GlobError("patterns are relative to the workspace root, not absolute")
    if "\\" in text:
        raise GlobError("patterns use `/` between folders, never `\\`")
    return text


def _segments(text: str) -> list[str]:
    """The pattern's segments, anchored by a leading `**` unless it names a folder
    path, a trailing `**` read as "any one name below", runs of `**` merged."""
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
    return [s for i, s in enumerate(raw) if not (s == _STAR_STAR and raw[i - 1 : i] == [s])]


def match_any(globs: tuple[Glob, ...], path: str) -> bool:
    """True when any of `globs` matches `path`."""
    return any(glob.match(path) for glob in globs)


def _segment_matches(segment: str | re.Pattern[str], part: str) -> bool:
    if isinstance(segment, str):
        return segment == part
    return segment.fullmatch(part) is not None


def _segment_source(segment: str) -> str:
    """The regex source of one segment; it never matches `/`."""
    out: list[str] = []
    index = 0
    while index < len(segment):
        char = segment[index]
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[" and (end := _class_end(segment, index)) is not None:
            out.append(_char_class(segment[index + 1 : end]))
            index = end
        else:
            out.append(re.escape(char))
        index += 1
    return "".join(out)


def _literal_runs(segment: str) -> list[str]:
    """The runs of a segment that match only themselves (as `_segment_source` reads it:
    `*`, `?` and a closed `[...]` break a run, any other character is itself)."""
    runs = [""]
    index = 0
    while index < len(segment):
        char = segment[index]
        if char in "*?":
            runs.append("")
        elif char == "[" and (end := _class_end(segment, index)) is not None:
            runs.append("")
            index = end
        else:
            runs[-1] += char
        index += 1
    return runs


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
    return f"[^/{members}]" if negate else f"[{members}]"
