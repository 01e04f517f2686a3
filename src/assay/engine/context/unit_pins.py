"""Whether a unit's sources may be delivered: their paths, pins and ranges (PTH, PIN).

Assembly delivers nothing it cannot vouch for: a refused path (PTH001 to PTH004), a
source without a digest (PIN003), a file whose sha256 differs from a contributor's pin
(PIN001) or a range past the file's end (PIN002) is an error at the source statement
that declares it, and the bundle is not written. The words are ``pin_messages``', as
the pin checks' are.
"""

from __future__ import annotations

from assay.engine.context import pin_messages
from assay.engine.context.units import Source, Unit
from assay.engine.files.digest import Digest
from assay.engine.files.refusal import Refused, shown
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.rule import Rule
from assay.spec.rules.sources import PIN001, PIN002, PIN003
from assay.spec.source import Span


def unit_problems(
    unit: Unit, read: Digest | Refused, line_count: int | None = None
) -> list[Diagnostic]:
    """Every problem of ``unit``'s sources, given what reading it gave; ``line_count``
    is the file's lines when a whole-file unit holds a range past its end (``lines_past``).

    A refused path is only its refusal: PIN003's "run `assay pin --write`" cannot fix
    a path that `assay pin` refuses too."""
    if isinstance(read, Refused):
        return [_at(s, read.rule, read.message) for s in unit.sources]
    problems = [_missing(source) for source in unit.sources if source.decl.sha256 is None]
    for source in unit.sources:
        pin = source.decl.sha256
        if pin is not None and pin != read.sha256:
            problems.append(_mismatch(source, read.sha256))
    count = read.line_count if read.outcome == "out-of-bounds" else line_count
    if count is not None:
        for source in unit.sources:
            lines = source.lines
            if lines is not None and lines[1] > count:
                problems.append(_out_of_bounds(source, count))
    return problems


def widest_range(unit: Unit) -> tuple[int, int] | None:
    """For a whole-file unit that absorbed ranges, the range from line 1 to the last
    line any of them names: reading it says whether one lies past the file's end (a
    whole file is hashed without counting its lines). None when there is nothing to ask."""
    if unit.lines is not None:
        return None
    ends = [s.lines[1] for s in unit.sources if s.lines is not None]
    return (1, max(ends)) if ends else None


def _at(source: Source, rule: Rule, message: str, span: Span | None = None) -> Diagnostic:
    return rule.diagnostic(message, source.declared.path, span or source.decl.span)


def _missing(source: Source) -> Diagnostic:
    return _at(source, PIN003, pin_messages.missing(shown(source.decl.path)))


def _mismatch(source: Source, actual: str) -> Diagnostic:
    message = pin_messages.mismatch(shown(source.decl.path), source.decl.sha256, actual)
    return _at(source, PIN001, message, source.decl.sha256_span)


def _out_of_bounds(source: Source, count: int) -> Diagnostic:
    lines = source.lines or (0, 0)
    message = pin_messages.out_of_range(shown(source.decl.path), lines[0], lines[1], count)
    span = source.decl.lines.span if source.decl.lines is not None else None
    return _at(source, PIN002, message, span)
