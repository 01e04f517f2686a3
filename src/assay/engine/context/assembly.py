"""Assembly: the selected declarations' units read, verified and fitted to a budget
(seed 002: "Assemble required primary/check sources and provenance before whole
optional units. Mandatory overflow fails; optional omissions remain explicit.").

``assemble`` reads every unit once through ``engine.files`` (the only opener), in the
order ``engine.context.units`` gives, and decides:

- a unit whose path is refused or whose pins do not hold (PTH…, PIN001 to PIN003) fails
  the assembly: nothing is delivered that assay cannot vouch for;
- the **mandatory** units must all fit, together: if they do not, CTX001 (an error) says
  each one's size and the budget, and nothing is delivered;
- each **optional** unit then goes in whole if it fits in the room left, else it is left
  out whole: CTX002 (info) at its source, and an entry in the manifest.

The budget counts the units' text only (the provenance headers ``bundle.md`` puts
around them are not counted): bytes, or with ``unit="chars"`` code points of the UTF-8
text (a byte that is not UTF-8 counts as one). Memory: a unit's bytes are kept only
when they can still fit (``chars``: at most 4 bytes a character), so what is retained
is bounded by the budget whatever the files' sizes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from assay.engine.context.bundle import Bundle, Omitted, Piece, build_bundle
from assay.engine.context.selection import Selection
from assay.engine.context.unit_pins import unit_problems, widest_range
from assay.engine.context.units import Unit, plan_units
from assay.engine.files.digest import Digest
from assay.engine.files.refusal import Refused, shown, spec_not_tracked
from assay.engine.files.source import read_source
from assay.engine.files.tracking import Tracking, Unchecked
from assay.spec.diagnostics import Diagnostic, sorted_diagnostics
from assay.spec.manifest import BudgetUnit
from assay.spec.model import Model
from assay.spec.rules.context import CTX001, CTX002

#: The most bytes one code point takes in UTF-8.
_MAX_UTF8 = 4


@frozen(kw_only=True)
class Budget(Model):
    """How much text a bundle may hold, and what counts."""

    size: int  #: at least 0
    unit: BudgetUnit = "bytes"

    def measure(self, text: bytes) -> int:
        """What ``text`` counts against the budget."""
        if self.unit == "bytes":
            return len(text)
        return len(text.decode("utf-8", "surrogateescape"))

    def size_of(self, read: Digest) -> int | None:
        """A unit's size as read; None when it was not kept and counts characters
        (its bytes are then more than 4 a character of what could fit)."""
        if read.outcome == "kept":
            return self.measure(read.text)
        return read.range_size if self.unit == "bytes" else None

    def limit(self, room: int) -> int:
        """The most bytes worth keeping for a unit that must fit in ``room``."""
        room = max(room, 0)
        return room if self.unit == "bytes" else room * _MAX_UTF8

    def words(self, size: int) -> str:
        """``120 bytes``, ``1 character``."""
        noun = "byte" if self.unit == "bytes" else "character"
        return f"{size} {noun}{'' if size == 1 else 's'}"


def assemble(
    root: Path | str,
    selection: Selection,
    budget: Budget,
    tracking: Tracking,
    spec_problems: Sequence[Diagnostic] = (),
) -> Bundle:
    """The bundle of ``selection`` under ``budget``: its text and manifest, or (when
    ``ok`` is false) only the diagnostics saying why there is none. ``spec_problems``
    are what the specs' files gave (a linked spec, ``spec_files``): an error there
    fails the bundle too."""
    units = plan_units([d.declared for d in selection.selected])
    problems = [*spec_problems, *_untracked_specs(selection, tracking)]
    pieces, sizes, used = _mandatory(root, units, budget, tracking, problems)
    overflow = used > budget.size
    if overflow:
        problems.append(_overflow(sizes, budget))
        pieces = []
    omitted = _optional(root, units, budget, tracking, used, overflow, pieces, problems)
    errors = any(p.severity == "error" for p in problems)
    return build_bundle(
        selection=selection,
        budget_size=budget.size,
        unit=budget.unit,
        pieces=() if errors else tuple(pieces),
        omitted=() if errors else tuple(omitted),
        tracking="checked"
        if not isinstance(tracking, Unchecked)
        else f"unchecked: {tracking.reason}",
        diagnostics=sorted_diagnostics(problems),
        ok=not errors,
    )


def _mandatory(
    root: Path | str,
    units: Sequence[Unit],
    budget: Budget,
    tracking: Tracking,
    problems: list[Diagnostic],
) -> tuple[list[Piece], list[tuple[Unit, int | None, int]], int]:
    """Read the mandatory units, in order, adding their problems to ``problems``: the
    pieces that fit while the running total stays within the budget, each sound unit's
    size (None: too large to keep) and bytes, and the total they use (a unit too large
    to keep counts as over the whole budget)."""
    pieces: list[Piece] = []
    sizes: list[tuple[Unit, int | None, int]] = []  # mandatory: unit, size, bytes
    used = 0
    for unit in (u for u in units if u.mandatory):
        read = _read(root, unit, tracking, budget.limit(budget.size))
        found = unit_problems(unit, read, _lines_past(root, unit, tracking, read))
        problems += found
        if found or not isinstance(read, Digest):
            continue
        size = budget.size_of(read)
        sizes.append((unit, size, read.range_size))
        used += budget.size + 1 if size is None else size
        if used <= budget.size:
            pieces.append(Piece(unit=unit, digest=read, size=size or 0))
    return pieces, sizes, used


def _optional(
    root: Path | str,
    units: Sequence[Unit],
    budget: Budget,
    tracking: Tracking,
    used: int,
    overflow: bool,
    pieces: list[Piece],
    problems: list[Diagnostic],
) -> list[Omitted]:
    """Read the optional units, in order: each goes whole into ``pieces`` if it fits in
    the room left, else it is omitted (CTX002); after an overflow they are only checked.
    Their problems go to ``problems``; returns the omitted."""
    omitted: list[Omitted] = []
    for unit in (u for u in units if not u.mandatory):
        room = budget.size - used
        read = _read(root, unit, tracking, 0 if overflow else budget.limit(room))
        found = unit_problems(unit, read, _lines_past(root, unit, tracking, read))
        problems += found
        if found or not isinstance(read, Digest) or overflow:
            continue
        size = budget.size_of(read)
        if read.outcome == "kept" and size is not None and size <= room:
            pieces.append(Piece(unit=unit, digest=read, size=size))
            used += size
            continue
        omitted.append(Omitted(unit=unit, digest=read, size=size, room=room))
        problems.append(_omission(unit, size, read.range_size, room, budget))
    return omitted


def _read(root: Path | str, unit: Unit, tracking: Tracking, limit: int) -> Digest | Refused:
    return read_source(root, unit.path, tracking, unit.lines, limit)


def _untracked_specs(selection: Selection, tracking: Tracking) -> list[Diagnostic]:
    """PTH004 at each source of a selected declaration whose spec file git does not
    track: its declarations are not assembled (seed 002 pins tracked declaration files)."""
    problems = []
    for decision in selection.selected:
        declared = decision.declared
        if tracking.refusal(declared.path) is None:
            continue
        refused = spec_not_tracked(declared.path)
        for source in declared.declaration.sources:
            problems.append(refused.rule.diagnostic(refused.message, declared.path, source.span))
    return problems


def _lines_past(
    root: Path | str, unit: Unit, tracking: Tracking, read: Digest | Refused
) -> int | None:
    """The file's line count when a whole-file unit absorbed a range past its end (the
    whole file is hashed, not counted: `assay check` said PIN002, assembly did not)."""
    widest = widest_range(unit)
    if widest is None or not isinstance(read, Digest):
        return None
    probe = read_source(root, unit.path, tracking, widest, 0)
    if isinstance(probe, Digest) and probe.outcome == "out-of-bounds":
        return probe.line_count
    return None


def _place(unit: Unit) -> str:
    lines = "" if unit.lines is None else f" lines {unit.lines[0]}..{unit.lines[1]}"
    return f"{unit.role} {shown(unit.path)}{lines}"


def _overflow(sizes: Sequence[tuple[Unit, int | None, int]], budget: Budget) -> Diagnostic:
    parts = []
    for unit, size, length in sizes:
        shown_size = (
            budget.words(size)
            if size is not None
            else f"over {budget.words(budget.size)} ({length} bytes)"
        )
        parts.append(f"{_place(unit)}: {shown_size}")
    known = sum(size or 0 for _, size, _ in sizes)
    total = (
        budget.words(known)
        if all(s is not None for _, s, _ in sizes)
        else f"more than {budget.words(known)}"
    )
    # At the first unit that no longer fitted: where the budget ran out.
    running, first = 0, sizes[0][0]
    for unit, size, _ in sizes:
        running += budget.size + 1 if size is None else size
        if running > budget.size:
            first = unit
            break
    message = (
        f"the mandatory units need {total}, over the budget of {budget.words(budget.size)}; "
        f"nothing was written. Units: {'; '.join(parts)}. Raise --budget, or narrow the "
        "declarations' line ranges"
    )
    source = first.sources[0]
    return CTX001.diagnostic(
        message,
        source.declared.path,
        source.decl.span,
    )


def _omission(unit: Unit, size: int | None, length: int, room: int, budget: Budget) -> Diagnostic:
    shown_size = (
        budget.words(size)
        if size is not None
        else f"more than {budget.words(room)} ({length} bytes)"
    )
    message = (
        f"optional {shown(unit.path)}"
        f"{'' if unit.lines is None else f' lines {unit.lines[0]}..{unit.lines[1]}'} left out: "
        f"it needs {shown_size}, {budget.words(max(room, 0))} of the budget were left "
        "(listed under `omitted` in the manifest)"
    )
    source = unit.sources[0]
    return CTX002.diagnostic(
        message,
        source.declared.path,
        source.decl.span,
    )
