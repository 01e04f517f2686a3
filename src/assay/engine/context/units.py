"""The units a task's declarations ask for: what to read, in which order, merged.

Every source of every selected declaration becomes part of one **unit**: a whole file,
or an inclusive one-based line range of it. The order (deterministic, documented in
docs/guide/context.md#assembly):

1. **Mandatory** units first — the ``primary``, ``check`` and ``provenance`` sources of
   *all* selected declarations — then the **optional** ones.
2. Within each tier, by first appearance: declarations in selection order (by name,
   then version), each declaration's sources in the order its spec writes them.

Within a tier, the units of one file are merged: the same range twice appears once,
overlapping or adjacent ranges (``1..5`` and ``6..9``) become one range, and a whole
file absorbs every range of it. A merged unit takes the place of its earliest source
and lists every declaration that contributed (``Contributor``). An optional source
inside a mandatory unit of the same file is already delivered: it joins that unit's
contributors instead of being a unit of its own. Paths are compared after lexical
normalization (``a/./b`` is ``a/b``); a path the containment rules refuse stays a unit
of its own, for the reader to refuse.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from assay.engine.files.containment import contained_parts
from assay.engine.workspace.declarations import Declared
from assay.spec.manifest import Contributor
from assay.spec.model import Model
from assay.spec.specfile import SourceDecl

MANDATORY = ("primary", "check", "provenance")
_RANK = {"primary": 0, "check": 1, "provenance": 2, "optional": 3}


@frozen(kw_only=True)
class Source(Model):
    """One declared source, with the declaration that declares it."""

    declared: Declared
    decl: SourceDecl
    position: int  #: its place in the order above (before merging)

    @property
    def lines(self) -> tuple[int, int] | None:
        """The pinned line range (first, last), or None for the whole file."""
        return None if self.decl.lines is None else (self.decl.lines.start, self.decl.lines.end)

    @property
    def contributor(self) -> Contributor:
        """Who asked for this source: its declaration's name, version and role."""
        return Contributor(
            name=self.declared.name,
            version=self.declared.version,
            role=self.decl.role,
            lines=self.lines,
        )


@frozen(kw_only=True)
class Unit(Model):
    """What is read once and delivered whole (or, if optional, left out whole)."""

    path: str  #: normalized when containment accepts it, else as declared
    lines: tuple[int, int] | None  #: None: the whole file
    mandatory: bool
    sources: tuple[Source, ...]  #: every contributing source, in order

    @property
    def role(self) -> str:
        """The strongest role among the contributors: primary, check, provenance, optional."""
        return min((s.decl.role for s in self.sources), key=_RANK.__getitem__)

    @property
    def contributors(self) -> tuple[Contributor, ...]:
        """Every declaration that asked for this unit, in the order they did."""
        return tuple(s.contributor for s in self.sources)


def plan_units(selected: Sequence[Declared]) -> tuple[Unit, ...]:
    """The units of ``selected`` (in selection order): mandatory first, merged."""
    sources = [
        Source(declared=declared, decl=decl, position=0)
        for declared in selected
        for decl in declared.declaration.sources
    ]
    mandatory = [s for s in sources if s.decl.role in MANDATORY]
    optional = [s for s in sources if s.decl.role not in MANDATORY]
    ordered = [
        Source(declared=s.declared, decl=s.decl, position=i)
        for i, s in enumerate([*mandatory, *optional])
    ]
    first = _merge(ordered[: len(mandatory)], mandatory=True)
    # The mandatory units of each file, by index: an optional source is compared with
    # its own file's units only (linear in the sources, not their product).
    by_file: dict[str, list[int]] = {}
    for index, unit in enumerate(first):
        by_file.setdefault(unit.path, []).append(index)
    rest: list[Source] = []
    for source in ordered[len(mandatory) :]:
        indices = by_file.get(_key(source.decl.path), [])
        found = next((i for i in indices if _covers(first[i], source)), None)
        if found is None:
            rest.append(source)
        else:
            holder = first[found]
            first[found] = Unit(
                path=holder.path,
                lines=holder.lines,
                mandatory=True,
                sources=(*holder.sources, source),
            )
    return (*first, *_merge(rest, mandatory=False))


def _key(path: str) -> str:
    parts = contained_parts(path)
    return path if not isinstance(parts, tuple) else "/".join(parts)


def _covers(unit: Unit, source: Source) -> bool:
    if unit.path != _key(source.decl.path):
        return False
    if unit.lines is None:
        return True
    lines = source.lines
    return lines is not None and unit.lines[0] <= lines[0] and lines[1] <= unit.lines[1]


def _merge(sources: Sequence[Source], *, mandatory: bool) -> list[Unit]:
    """Sources grouped by file, ranges merged, units in order of their first source."""
    by_path: dict[str, list[Source]] = {}
    for source in sources:
        by_path.setdefault(_key(source.decl.path), []).append(source)
    units: list[Unit] = []
    for path, group in by_path.items():
        if any(s.lines is None for s in group):
            units.append(Unit(path=path, lines=None, mandatory=mandatory, sources=tuple(group)))
            continue
        spans: list[tuple[int, int, list[Source]]] = []
        for source in sorted(group, key=lambda s: s.lines or (0, 0)):
            start, end = source.lines or (0, 0)
            if spans and start <= spans[-1][1] + 1:  # overlapping or adjacent
                low, high, members = spans[-1]
                spans[-1] = (low, max(high, end), [*members, source])
            else:
                spans.append((start, end, [source]))
        for low, high, members in spans:
            members.sort(key=lambda s: s.position)
            units.append(
                Unit(path=path, lines=(low, high), mandatory=mandatory, sources=tuple(members))
            )
    units.sort(key=lambda u: u.sources[0].position)
    return units
