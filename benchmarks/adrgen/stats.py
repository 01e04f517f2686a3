"""What a tree of records contains, read back from its bytes (not from the plan).

Reading the bytes means the numbers describe what a parser will actually see, and the
same report works for any folder of Markdown files.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

BOM = b"\xef\xbb\xbf"
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ATX = re.compile(r"^ {0,3}#{1,6}(?:[ \t]|$)")
_SETEXT = re.compile(r"^ {0,3}(?:=+|-+)[ \t]*$")
_INLINE_LINK = re.compile(r"\]\(\s*(<[^>\n]*>|[^)\s]+)")
_DEFINITION = re.compile(r"^ {0,3}\[([^\]^][^\]]*)\]:[ \t]*(\S*)")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_WHITESPACE_LINE = re.compile(rb"^[ \t]+\r?$", re.MULTILINE)
_ONE_LINE_COMMENT = re.compile(r"<!--.*?-->")


@dataclass
class Stats:
    """Counts over a set of files."""

    sizes: list[int] = field(default_factory=list)
    lines: int = 0
    folders: set[str] = field(default_factory=set)
    counts: Counter[str] = field(default_factory=Counter)
    links: int = 0
    links_resolved: int = 0

    @property
    def files(self) -> int:
        """Number of files scanned."""
        return len(self.sizes)


def scan(root: Path, paths: list[Path]) -> Stats:
    """Size, byte-level features, layout and relative-link resolution of ``paths``."""
    stats = Stats()
    for path in paths:
        data = path.read_bytes()
        stats.sizes.append(len(data))
        stats.lines += data.count(b"\n") + (not data.endswith(b"\n"))
        stats.folders.add(path.parent.relative_to(root).as_posix())
        body = data.removeprefix(BOM)
        features = {
            "CRLF": b"\r\n" in data,
            "non-ASCII text": not body.isascii(),
            "BOM": data.startswith(BOM),
            "no final newline": not data.endswith(b"\n"),
            "tabs": b"\t" in data,
            "whitespace-only lines": _WHITESPACE_LINE.search(data) is not None,
            "front matter": body.startswith((b"---\n", b"---\r\n")),
        }
        text = body.decode("utf-8")
        lines = _outside_code(text.splitlines())
        features["plain text (no headings)"] = not _has_heading(lines)
        stats.counts.update(name for name, present in features.items() if present)
        for target in _relative_targets(lines):
            stats.links += 1
            stats.links_resolved += _resolves(path.parent, target)
    return stats


def _outside_code(lines: list[str]) -> list[str]:
    """Lines outside fenced code and HTML comments, which hold no headings or links."""
    kept, fence, in_comment = [], "", False
    for line in lines:
        if in_comment:
            in_comment = "-->" not in line
            continue
        match = _FENCE.match(line)
        if fence:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = ""
            continue
        if match:
            fence = match.group(1)
            continue
        if line.lstrip().startswith("<!--") and "-->" not in line:
            in_comment = True
            continue
        kept.append(_ONE_LINE_COMMENT.sub("", line))
    return kept


def _has_heading(lines: list[str]) -> bool:
    """An ATX heading, or a setext underline right under a text line."""
    previous = ""
    for line in lines:
        if _ATX.match(line) or (_SETEXT.match(line) and previous.strip()):
            return True
        previous = line
    return False


def _relative_targets(lines: list[str]) -> list[str]:
    """Destinations of inline links and reference definitions that are relative paths."""
    targets = []
    for k, line in enumerate(lines):
        found = [m.group(1) for m in _INLINE_LINK.finditer(line)]
        definition = _DEFINITION.match(line)
        if definition:
            destination = definition.group(2)
            if not destination and k + 1 < len(lines):
                destination = lines[k + 1].strip()
            found.append(destination)
        for target in found:
            target = target.strip("<>")
            if target and not _SCHEME.match(target) and not target.startswith(("#", "/")):
                targets.append(target)
    return targets


def _resolves(folder: Path, target: str) -> bool:
    """Whether a relative link names an existing file (query and fragment dropped)."""
    target = unquote(target.split("#", 1)[0].split("?", 1)[0])
    return (folder / target).is_file()


def percentile(values: list[int], p: float) -> int:
    """Nearest-rank percentile of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def report(stats: Stats) -> str:
    """A readable summary."""
    sizes, n = stats.sizes, stats.files
    if not n:
        return "no files"

    def share(count: int, of: int = n) -> str:
        return f"{count:,} ({100 * count / of:.1f} %)"

    rows = [
        ("files", f"{n:,} in {len(stats.folders)} folders"),
        ("bytes", f"{sum(sizes):,} total, {sum(sizes) / n:,.0f} mean, {stats.lines:,} lines"),
        (
            "bytes per file",
            f"min {min(sizes):,} / p10 {percentile(sizes, 10):,} / "
            f"median {statistics.median(sizes):,.0f} / p90 {percentile(sizes, 90):,} / "
            f"max {max(sizes):,}",
        ),
    ]
    for name in (
        "CRLF",
        "non-ASCII text",
        "BOM",
        "no final newline",
        "tabs",
        "whitespace-only lines",
        "front matter",
        "plain text (no headings)",
    ):
        rows.append((name, share(stats.counts[name])))
    if stats.links:
        rows.append(
            (
                "relative links",
                f"{stats.links:,}, resolving {share(stats.links_resolved, stats.links)}",
            )
        )
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def summary(stats: Stats) -> dict[str, object]:
    """The same numbers as a JSON-friendly mapping."""
    sizes = stats.sizes
    return {
        "files": stats.files,
        "folders": len(stats.folders),
        "bytes": sum(sizes),
        "lines": stats.lines,
        "size_min": min(sizes, default=0),
        "size_p10": percentile(sizes, 10) if sizes else 0,
        "size_median": statistics.median(sizes) if sizes else 0,
        "size_p90": percentile(sizes, 90) if sizes else 0,
        "size_max": max(sizes, default=0),
        "features": dict(sorted(stats.counts.items())),
        "relative_links": stats.links,
        "relative_links_resolved": stats.links_resolved,
    }
