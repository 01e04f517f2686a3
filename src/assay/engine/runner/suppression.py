"""Inline suppressions: which diagnostics a document's directives silence.

``<!-- assay: disable-next-line LNK001 -- reason -->`` silences the next non-blank
line, ``disable-line`` its own line(s), ``disable``/``enable`` a region (to the end of
the file when never enabled again), ``disable-file`` the whole document.  Directives
name codes, families or check names, never everything.  A directive that silences
nothing is ``SUP001``; one that names no check is ``SUP002``.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from assay.engine.checks.base import Finding
from assay.engine.passes.lines import BLANK
from assay.engine.passes.rulesets import is_known, matches
from assay.engine.runner.result import Suppressed
from assay.spec.diagnostics import Diagnostic
from assay.spec.document import Directive
from assay.spec.model import Model
from assay.spec.rules.rule import Rule


@frozen
class Outcome(Model):
    """What the directives of one document did."""

    kept: tuple[Diagnostic, ...]
    suppressed: tuple[Suppressed, ...]
    unused: tuple[Finding, ...]  # SUP001
    unknown: tuple[Finding, ...]  # SUP002


def apply(
    diagnostics: Sequence[Diagnostic],
    directives: Sequence[Directive],
    marks: str,
    active: Sequence[Rule],
    known: Sequence[Rule],
) -> Outcome:
    """Split ``diagnostics`` of one document into kept and suppressed (``marks``: its
    lines' ``line_marks``)."""
    regions = [(d, *_region(d, directives, marks)) for d in directives if d.action != "enable"]
    used: set[tuple[int, str]] = set()
    kept: list[Diagnostic] = []
    suppressed: list[Suppressed] = []
    for diagnostic in diagnostics:
        hit = None
        for directive, first, last in regions:
            if first <= diagnostic.span.line <= last:
                selector = next(
                    (s for s in directive.codes if matches(s, diagnostic.code, diagnostic.name)),
                    None,
                )
                if selector is not None:
                    hit = directive
                    used.add((directive.span.start, selector))
                    break
        if hit is None:
            kept.append(diagnostic)
        else:
            suppressed.append(Suppressed(diagnostic, "inline", hit.reason, hit.span))
    unused: list[Finding] = []
    unknown: list[Finding] = []
    for directive in directives:
        for selector in directive.codes:
            if not is_known(selector, known):
                message = f"`{selector}` is not a code, family or check name; see `assay rules`"
                unknown.append(Finding(directive.span, message))
            elif (
                directive.action != "enable"
                and (directive.span.start, selector) not in used
                and is_known(selector, active)
            ):
                message = f"`{directive.action} {selector}` suppresses nothing; remove it"
                unused.append(Finding(directive.span, message))
    return Outcome(tuple(kept), tuple(suppressed), tuple(unused), tuple(unknown))


def _region(directive: Directive, directives: Sequence[Directive], marks: str) -> tuple[int, int]:
    """The 1-based lines a directive covers, both ends included."""
    span = directive.span
    if directive.action == "disable-file":
        return 1, max(len(marks), 1)
    if directive.action == "disable-line":
        return span.line, span.end_line
    if directive.action == "disable-next-line":
        index = span.end_line  # 0-based index of the line after the directive
        while index < len(marks) and marks[index] == BLANK:
            index += 1
        return index + 1, index + 1
    # `disable`: up to the first later `enable` that names one of its selectors.
    for other in directives:
        if (
            other.action == "enable"
            and other.span.start > span.start
            and set(other.codes) & set(directive.codes)
        ):
            return span.line, other.span.line
    return span.line, max(len(marks), 1)
