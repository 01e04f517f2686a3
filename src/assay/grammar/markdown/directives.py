"""Suppression directives in HTML comments: ``<!-- assay: ACTION CODES [-- reason] -->``."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from assay.spec.diagnostics import Diagnostic
from assay.spec.document import Comment, Directive
from assay.spec.rules.runner import SUP003

ACTIONS = ("disable-next-line", "disable-line", "disable-file", "disable", "enable")
_PREFIX = re.compile(r"^\s*assay\s*:", re.IGNORECASE)
_DIRECTIVE = re.compile(
    r"^\s*assay:[ \t]*(?P<action>" + "|".join(ACTIONS) + r")(?![\w-])"
    r"(?P<codes>(?:[ \t,]+(?!--)[^\s,]+)*)"
    r"(?:[ \t]+--[ \t]*(?P<reason>.*?))?\s*$",
    re.DOTALL,
)
#: A code (``LNK001``), a family (``LNK``) or a check's kebab name (``broken-link``).
_SELECTOR = re.compile(r"^(?:[A-Z]{3}[0-9]{3}|[A-Z]{3}|[a-z][a-z0-9]*(?:-[a-z0-9]+)*)$")


def read_directives(
    comments: Iterable[Comment], path: str
) -> tuple[list[Directive], list[Diagnostic]]:
    """The directives among the comments, and SUP003 for comments that try and fail."""
    directives: list[Directive] = []
    problems: list[Diagnostic] = []
    for comment in comments:
        if not _PREFIX.match(comment.text):
            continue
        problem = None
        m = _DIRECTIVE.match(comment.text)
        if m is None:
            problem = "expected `assay: ACTION CODE… [-- reason]` with ACTION one of " + ", ".join(
                ACTIONS
            )
        else:
            codes = tuple(c for c in re.split(r"[ \t,]+", m.group("codes")) if c)
            bad = [c for c in codes if not _SELECTOR.match(c)]
            if not codes:
                problem = (
                    f"`{m.group('action')}` needs the codes it applies to"
                    " (blanket suppression is not allowed)"
                )
            elif bad:
                problem = f"not a code, family or check name: {', '.join(bad)}"
            else:
                reason = (m.group("reason") or "").strip() or None
                directives.append(Directive(m.group("action"), codes, reason, comment.span))  # type: ignore[arg-type]
        if problem is not None:
            problems.append(
                SUP003.diagnostic(
                    f"malformed suppression directive: {problem}",
                    path,
                    comment.span,
                )
            )
    return directives, problems


def iter_codes(directives: Iterable[Directive]) -> Iterator[str]:
    """Every code or selector the directives name."""
    for directive in directives:
        yield from directive.codes
