"""Checks across statements of one spec: references resolve, names are defined once.

Runs on the models the transformer built; every finding points at a name as written
(``name_span``), so the caret lands on the offending word.  What ``use`` can name is
a parameter (``LibraryIndex``): the built-in libraries are themselves specs, parsed
and checked with these very checks, so this module cannot import their loader.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from assay.grammar.spec.values import name_key
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.specs import SPC002, SPC003, SPC006, SPC007
from assay.spec.source import Span
from assay.spec.specfile import SpecFile, TypeDecl


class LibraryIndex(Protocol):
    """The libraries a spec's ``use`` lines may name, and what each one brings in."""

    def names(self) -> Sequence[str]:
        """Every library, by name, in the order a message lists them."""
        ...

    def exports(self, library: str) -> tuple[str, ...]:
        """The types ``use library`` brings into scope; empty for an unknown library."""
        ...

    def library_of(self, type_name: str) -> str | None:
        """The library that exports ``type_name``, or None (only a hint reads this)."""
        ...


def resolve(spec: SpecFile, libraries: LibraryIndex) -> list[Diagnostic]:
    """Every reference and duplicate problem in ``spec``, in file order."""
    found = [
        *_uses(spec, libraries),
        *_types(spec, libraries),
        *_extends(spec, libraries),
        *_declarations(spec),
    ]
    for decl in spec.types:
        found.extend(_members(decl, spec.path))
    return found


def _duplicates(
    named: Iterable[tuple[str, Span]], what: str, path: str, *, fold: bool = False
) -> Iterator[Diagnostic]:
    """SPC003 for every name after its first; ``fold`` compares as headings do."""
    first: dict[str, Span] = {}
    for name, span in named:
        key = name_key(name) if fold else name
        if key in first:
            line = first[key].line
            message = f"{what} `{name}` is already defined on line {line}"
            yield SPC003.diagnostic(message, path, span)
        else:
            first[key] = span


def _uses(spec: SpecFile, libraries: LibraryIndex) -> Iterator[Diagnostic]:
    names = libraries.names()
    for use in spec.uses:
        if use.name not in names:
            known = ", ".join(f"`{name}`" for name in names)
            message = f"there is no built-in library `{use.name}` (there are {known})"
            message += _suggest(use.name, names)
            yield SPC002.diagnostic(message, spec.path, use.name_span)
    yield from _duplicates(((u.name, u.name_span) for u in spec.uses), "library", spec.path)


def _imported(spec: SpecFile, libraries: LibraryIndex) -> dict[str, str]:
    """Type name -> the used library that exports it."""
    return {t: use.name for use in spec.uses for t in libraries.exports(use.name)}


def _types(spec: SpecFile, libraries: LibraryIndex) -> Iterator[Diagnostic]:
    yield from _duplicates(((t.name, t.name_span) for t in spec.types), "type", spec.path)
    imported = _imported(spec, libraries)
    for decl in spec.types:
        if decl.name in imported:
            message = f"type `{decl.name}` is already defined by `use {imported[decl.name]}`"
            yield SPC003.diagnostic(message, spec.path, decl.name_span)


#: How many types one chain of local ``extends`` may hold below its root.  Real specs
#: use two or three; the bound keeps resolution (each type carries its whole lineage)
#: linear in the spec's size instead of quadratic in a hostile chain's length.
MAX_EXTENDS_DEPTH = 64


def _extends(spec: SpecFile, libraries: LibraryIndex) -> Iterator[Diagnostic]:
    local = {t.name: t for t in spec.types}
    imported = _imported(spec, libraries)
    depths, cyclic = _chains(local)
    for decl in spec.types:
        base, span = decl.extends, decl.extends_span
        if base is None or span is None or base in imported:
            continue
        if base in local:
            if decl.name in cyclic:
                message = f"type `{decl.name}` extends itself through `{base}`"
                yield SPC006.diagnostic(message, spec.path, span)
            continue
        message = f"type `{decl.name}` extends `{base}`, which is not defined"
        # Looked up only here: reading every library is needed for this hint alone.
        library = libraries.library_of(base)
        if library is not None:
            message += f" (add `use {library}` to use the built-in one)"
        else:
            message += _suggest(base, [*local, *imported])
        yield SPC002.diagnostic(message, spec.path, span)
    yield from _too_deep(spec, depths)


def _chains(local: dict[str, TypeDecl]) -> tuple[dict[str, int], set[str]]:
    """Each local type's depth (local ``extends`` hops to its root) and the types on a cycle.

    Iterative and linear: every type is walked once, so neither a long chain nor a
    cycle can exhaust the stack or cost quadratic time.  A type on a cycle, or leading
    into one, gets depth 0 (the cycle is reported instead).
    """
    depths: dict[str, int] = {}
    cyclic: set[str] = set()
    for start in local:
        path: list[str] = []
        on_path: set[str] = set()
        current: str | None = start
        while current in local and current not in depths and current not in on_path:
            path.append(current)
            on_path.add(current)
            current = local[current].extends
        if current is not None and current in on_path:
            cyclic.update(path[path.index(current) :])
            depths.update(dict.fromkeys(path, 0))
            continue
        for name in reversed(path):
            base = local[name].extends
            depths[name] = depths[base] + 1 if base is not None and base in depths else 0
    return depths, cyclic


def _too_deep(spec: SpecFile, depths: dict[str, int]) -> Iterator[Diagnostic]:
    """SPC007 at the deepest type of each chain longer than ``MAX_EXTENDS_DEPTH``."""
    extended = {decl.extends for decl in spec.types}
    for decl in spec.types:
        depth = depths.get(decl.name, 0)
        if depth > MAX_EXTENDS_DEPTH and decl.name not in extended:
            message = (
                f"type `{decl.name}` is {depth} `extends` deep; "
                f"a chain of types may be at most {MAX_EXTENDS_DEPTH} deep"
            )
            yield SPC007.diagnostic(message, spec.path, decl.name_span)


def _members(decl: TypeDecl, path: str) -> Iterator[Diagnostic]:
    # A heading must match one section only, so names and aliases share one namespace.
    for what, members in (("field", decl.fields), ("section", decl.sections)):
        names: list[tuple[str, Span]] = []
        for member in members:
            names.append((member.name, member.name_span))
            names.extend((alias.name, alias.span) for alias in member.aliases)
        yield from _duplicates(names, f"{what} name or alias", path, fold=True)
    relations = ((r.name, r.name_span) for r in decl.relations)
    yield from _duplicates(relations, "relation", path, fold=True)


def _declarations(spec: SpecFile) -> Iterator[Diagnostic]:
    # Versions of one declaration live side by side (a legacy version stays selectable
    # by name); only the same name *and* version twice is a duplicate.
    decls = spec.declarations
    first: dict[tuple[str, int], Span] = {}
    for decl in decls:
        key = (decl.name, decl.version)
        if key in first:
            message = (
                f"declaration `{decl.name}` version {decl.version} is already defined "
                f"on line {first[key].line}"
            )
            yield SPC003.diagnostic(message, spec.path, decl.name_span)
        else:
            first[key] = decl.name_span
    for decl in decls:
        dims = ((d.name, d.name_span) for d in decl.when)
        yield from _duplicates(dims, "dimension", spec.path)
        yield from _duplicates(((c.name, c.name_span) for c in decl.cues), "cue", spec.path)


def _suggest(name: str, candidates: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.6)
    return f"; did you mean `{close[0]}`?" if close else ""
