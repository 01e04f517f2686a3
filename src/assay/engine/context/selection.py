"""Selection: which declarations a task gets, and why each other one not (seed 002).

Pure: declarations and a task in, decisions out; nothing is read or printed.

A **task** gives each dimension one value (``language=go``). A declaration matches it
when every dimension the declaration names holds the task's value among its
alternatives: a dimension the declaration does not name matches every task (it is
global), the values within one dimension are OR-ed, and the named dimensions are AND-ed.
A task that gives no value for a dimension a declaration names does not match it:
"for Go" is no promise about a task whose language nobody stated.  Values compare
exactly, case included, as they are written in the spec.

**Versions**: of each declaration name only the newest version is a candidate; an older
one is excluded as superseded, and it never stands in for a newest version that does not
match (a task gets the current instructions or none, never stale ones by accident).  A
legacy version is selected only when asked for by name (``go-testing@2``): the versions
asked for are then that name's candidates instead of the newest, matched against the
task like any candidate.

The result is in one order, by name, version and place, whatever order the declarations
came in: the decisions depend on the declarations' content, never on which spec file
holds them or where.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

from attrs import frozen

from assay.engine.workspace.declarations import Declared
from assay.spec.model import Model

#: ``selected``; or excluded by a ``dimension``, as ``superseded`` by a newer version,
#: or ``not-requested`` when other versions of its name were asked for by name.
Reason = Literal["selected", "dimension", "superseded", "not-requested"]


@frozen(kw_only=True)
class Request(Model):
    """A version of a declaration asked for by name: ``go-testing@2``."""

    name: str
    version: int

    def __str__(self) -> str:
        return f"{self.name}@{self.version}"


@frozen(kw_only=True)
class Mismatch(Model):
    """One dimension where a declaration and the task disagree."""

    dimension: str
    wanted: tuple[str, ...]  #: the declaration's alternatives
    value: str | None  #: the task's value; None when the task gives none

    def __str__(self) -> str:
        wanted = ", ".join(self.wanted)
        if self.value is None:
            return f"{self.dimension}: the task gives no value (wants one of [{wanted}])"
        return f"{self.dimension}: {self.value} is not one of [{wanted}]"


@frozen(kw_only=True)
class Decision(Model):
    """What selection decided about one declaration, and why."""

    declared: Declared
    reason: Reason
    #: For ``dimension``: every dimension that failed, in the order the spec names them.
    mismatches: tuple[Mismatch, ...] = ()
    #: For ``superseded``: the newest version; for ``not-requested``: the asked ones.
    instead: tuple[int, ...] = ()

    @property
    def selected(self) -> bool:
        """True when the task gets this declaration."""
        return self.reason == "selected"

    @property
    def dimension(self) -> str | None:
        """The (first) dimension that excluded it; None for any other reason."""
        return self.mismatches[0].dimension if self.mismatches else None

    @property
    def message(self) -> str:
        """The reason in words: ``superseded by version 3``."""
        if self.reason == "selected":
            return "selected"
        if self.reason == "superseded":
            return f"superseded by version {self.instead[0]}"
        if self.reason == "not-requested":
            asked = ", ".join(f"{self.declared.name}@{v}" for v in self.instead)
            return f"not asked for ({asked} asked for by name)"
        return "; ".join(str(m) for m in self.mismatches)


@frozen(kw_only=True)
class Selection(Model):
    """Every declaration's decision for one task."""

    task: tuple[tuple[str, str], ...]  #: (dimension, value), sorted by dimension
    requests: tuple[Request, ...]  #: the versions asked for by name, sorted
    decisions: tuple[Decision, ...]  #: sorted by name, version, then place
    #: Requests that name no declaration (or no such version of it).
    unknown: tuple[Request, ...] = ()

    @property
    def selected(self) -> tuple[Decision, ...]:
        """The declarations the task gets, in order."""
        return tuple(d for d in self.decisions if d.selected)

    @property
    def excluded(self) -> tuple[Decision, ...]:
        """Every other declaration, in order, each with its reason."""
        return tuple(d for d in self.decisions if not d.selected)

    @property
    def unused_dimensions(self) -> tuple[str, ...]:
        """Task dimensions no declaration names (often a misspelt key)."""
        named = {dim.name for d in self.decisions for dim in d.declared.declaration.when}
        return tuple(key for key, _ in self.task if key not in named)


def mismatches(declared: Declared, task: Mapping[str, str]) -> tuple[Mismatch, ...]:
    """The dimensions of ``declared`` the task does not satisfy; empty: it matches."""
    found = []
    for dimension in declared.declaration.when:
        value = task.get(dimension.name)
        if value is None or value not in dimension.values:
            found.append(Mismatch(dimension=dimension.name, wanted=dimension.values, value=value))
    return tuple(found)


def select(
    declarations: Iterable[Declared],
    task: Mapping[str, str],
    requests: Iterable[Request] = (),
) -> Selection:
    """Decide, for every declaration, whether ``task`` gets it (see the module's rules)."""
    ordered = sorted(declarations, key=lambda d: d.key)
    asked = sorted(set(requests), key=lambda r: (r.name, r.version))
    versions: dict[str, set[int]] = {}
    for declared in ordered:
        versions.setdefault(declared.name, set()).add(declared.version)
    wanted: dict[str, tuple[int, ...]] = {}
    for request in asked:
        if request.version in versions.get(request.name, ()):
            wanted[request.name] = (*wanted.get(request.name, ()), request.version)
    decisions = tuple(_decide(d, task, wanted.get(d.name), max(versions[d.name])) for d in ordered)
    return Selection(
        task=tuple(sorted(task.items())),
        requests=tuple(asked),
        decisions=decisions,
        unknown=tuple(r for r in asked if r.version not in versions.get(r.name, ())),
    )


def _decide(
    declared: Declared, task: Mapping[str, str], asked: tuple[int, ...] | None, newest: int
) -> Decision:
    if asked is not None and declared.version not in asked:
        return Decision(declared=declared, reason="not-requested", instead=asked)
    if asked is None and declared.version != newest:
        return Decision(declared=declared, reason="superseded", instead=(newest,))
    failed = mismatches(declared, task)
    if failed:
        return Decision(declared=declared, reason="dimension", mismatches=failed)
    return Decision(declared=declared, reason="selected")
