"""Fingerprints that follow a finding when lines above it are added or removed.

Code-scanning services match results across runs by ``partialFingerprints``; a
fingerprint that contained the line number would turn every edit above a finding into
"one fixed, one new".  So it hashes what the finding is about instead: the code, the
file, the message and the text under the span (or, for an empty span, the stripped
source line), with whitespace runs collapsed so re-indenting or CRLF does not matter.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable

from assay.cli.excerpt import SourceLines
from assay.spec.diagnostics import Diagnostic
from assay.spec.source import Span

#: The key under ``partialFingerprints``; bump the suffix when the recipe changes.
KEY = "assay/v1"


def covered_text(text: str | SourceLines, span: Span) -> str:
    """The text between the span's start and end, found by line and column.

    Lines and columns rather than byte offsets, so a reader that translated newlines
    or dropped the BOM still finds the same text.
    """
    lines = text if isinstance(text, SourceLines) else SourceLines(text)
    parts = []
    for number in range(span.line, span.end_line + 1):
        line = lines.line(number)
        if line is None:
            break
        start = span.column - 1 if number == span.line else 0
        end = span.end_column - 1 if number == span.end_line else len(line)
        parts.append(line[start:end])
    return "\n".join(parts)


def anchor_text(d: Diagnostic, text: str | SourceLines | None) -> str:
    """What the fingerprint hashes besides code, path and message."""
    if text is None:
        return ""
    lines = text if isinstance(text, SourceLines) else SourceLines(text)
    covered = " ".join(covered_text(lines, d.span).split())
    if covered:
        return covered
    # An empty span marks something absent (a missing section): hash the line it sits on.
    line = lines.line(d.span.line)
    return " ".join((line or "").split())


def fingerprints(
    diagnostics: Iterable[Diagnostic], source: Callable[[str], str | None]
) -> list[str]:
    """``sha256:occurrence`` for each diagnostic, in the order given.

    The occurrence number (1, 2, …) tells apart identical findings in one file, such as
    the same broken link written twice; it counts in report order, so it survives moves
    that keep their order.
    """
    texts: dict[str, SourceLines | None] = {}  # each file read and split once
    seen: dict[str, int] = {}
    out = []
    for d in diagnostics:
        if d.path not in texts:
            text = source(d.path)
            texts[d.path] = SourceLines(text) if text is not None else None
        # A JSON array keeps the parts apart whatever characters they hold.
        material = json.dumps([d.code, d.path, d.message, anchor_text(d, texts[d.path])])
        digest = hashlib.sha256(material.encode("utf-8")).hexdigest()
        seen[digest] = seen.get(digest, 0) + 1
        out.append(f"{digest}:{seen[digest]}")
    return out
