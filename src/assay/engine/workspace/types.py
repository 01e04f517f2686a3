"""Resolving document types: following ``extends`` and merging what each base declares.

A type starts from everything its base declares.  Members (fields, sections,
relations) merge by name: a derived member replaces the base member it shares a name
or alias with, compared as headings are, so ``madr``'s "Decision Outcome" (alias
Decision) takes the place of ``adr``'s Decision.  Keeping the base member's position
keeps the order stable from base to derived type, which reports and snapshots rely on.

The spec checks (``assay.grammar.spec.resolve``) already reported, per file, every
``extends`` that names nothing and every cycle; a spec with such errors never reaches
this module.  Resolution still stops quietly at a base it cannot find, so a model built
by hand cannot make it loop or raise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import TypeVar

from assay.spec.diagnostics import Diagnostic, Parsed, sorted_diagnostics
from assay.spec.rules.specs import SPC003
from assay.spec.source import Span
from assay.spec.specfile import FieldDecl, RelationDecl, SectionDecl, SpecFile, TypeDecl
from assay.spec.types import DocumentType, TypeSet

__all__ = [
    "BuiltinTypes",
    "DocumentType",
    "TypeSet",
    "builtin_type",
    "resolve_types",
]

Member = TypeVar("Member", FieldDecl, SectionDecl, RelationDecl)


def builtin_type(name: str) -> DocumentType:
    """The built-in type ``name`` (``adr``, ``madr``, ``overview``, ...), resolved.

    Raises ``KeyError`` when no built-in library exports a type of that name. A check
    asks its workspace's ``BuiltinTypes`` instead, which the store may have kept.
    """
    from assay.grammar.spec.library import (
        library_of,  # reads the libraries' index: only when needed
    )

    library = library_of(name)
    if library is None:
        raise KeyError(name)
    return _builtin(library, name)


class BuiltinTypes:
    """The built-in types one workspace's check looks up by name (``adr`` and ``madr``
    for records found by convention, a run member's type): taken from the store, which
    kept those an earlier run resolved, or resolved on first use. Reading a library
    means parsing its spec: the parser's import and the parse cost a warm single-file
    run more than all else it does, so a warm run must not read one.
    """

    __slots__ = ("_found",)

    def __init__(self, kept: Mapping[str, DocumentType] | None = None) -> None:
        self._found = dict(kept or {})

    def __getitem__(self, name: str) -> DocumentType:
        """The type ``name``; ``KeyError`` when no built-in library exports one."""
        found = self._found.get(name)
        if found is None:
            found = self._found[name] = builtin_type(name)
        return found

    def resolved(self) -> dict[str, DocumentType]:
        """The types looked up so far (or kept), by name: what the store keeps."""
        return dict(self._found)


@cache
def _builtin(library: str, name: str) -> DocumentType:
    from assay.grammar.spec.library import library_spec

    return _Scope(library_spec(library), library).resolve(name)


def resolve_types(specs: Sequence[SpecFile]) -> Parsed[TypeSet]:
    """Every type of ``specs`` resolved, plus the built-in types their ``use`` lines import.

    A type name may be defined once across all the files: a second definition is
    ``SPC003`` at its name, and the first one is kept.  A user type with the name of a
    built-in type that another file's ``use`` imports clashes the same way (within one
    file the spec checks already said so).  The value is always a ``TypeSet``; check
    ``ok`` or the diagnostics before trusting it.
    """
    found: dict[str, DocumentType] = {}
    first: dict[str, tuple[str, Span]] = {}
    problems: list[Diagnostic] = []
    for spec in specs:
        scope = _Scope(spec, None)
        for decl in spec.types:
            if decl.name in first:
                path, span = first[decl.name]
                message = f"type `{decl.name}` is already defined in {path} on line {span.line}"
                problems.append(SPC003.diagnostic(message, spec.path, decl.name_span))
                continue
            first[decl.name] = (spec.path, decl.name_span)
            found[decl.name] = scope.resolve(decl.name)
    for spec in specs:
        for use in spec.uses:
            problems.extend(_import(use.name, use.name_span, spec.path, specs, found, first))
    return Parsed(TypeSet(found), sorted_diagnostics(problems))


def _import(
    library: str,
    use_span: Span,
    use_path: str,
    specs: Sequence[SpecFile],
    found: dict[str, DocumentType],
    first: dict[str, tuple[str, Span]],
) -> Iterable[Diagnostic]:
    """Add the types ``use library`` brings in; SPC003 for a user type of another file."""
    from assay.grammar.spec.library import exported_types

    for name in exported_types(library):
        if name not in first:
            found[name] = _builtin(library, name)
            continue
        path, span = first[name]
        if path != use_path and found[name].library is None:
            message = (
                f"type `{name}` is also the built-in type that `use {library}` "
                f"brings in at {use_path} line {use_span.line}"
            )
            yield SPC003.diagnostic(message, path, span)


class _Scope:
    """The types one spec file can see: its own, and those of the libraries it uses."""

    def __init__(self, spec: SpecFile, library: str | None) -> None:
        from assay.grammar.spec.library import exported_types

        self.spec = spec
        self.library = library
        self.local = {decl.name: decl for decl in spec.types}
        self.imported = {t: use.name for use in spec.uses for t in exported_types(use.name)}
        self._resolved: dict[str, DocumentType] = {}

    def resolve(self, name: str) -> DocumentType:
        """The local type ``name`` with its bases merged in.

        Iterative, and each type is derived once per scope: a chain of bases is walked
        up to its root (or a type already resolved, or an imported one), then derived
        back down, so no chain length can exhaust the stack or cost quadratic time.
        """
        known = self._resolved.get(name)
        if known is not None:
            return known
        chain: list[TypeDecl] = []
        on_chain: set[str] = set()
        current: str | None = name
        while current in self.local and current not in self._resolved:
            if current in on_chain:  # a cycle (reported by the spec checks): stop here
                current = None
                break
            on_chain.add(current)
            chain.append(self.local[current])
            current = self.local[current].extends
        base = self._base(current)
        for decl in reversed(chain):
            base = self._resolved[decl.name] = _derive(decl, base, self.spec.path, self.library)
        assert base is not None  # the chain holds ``name`` itself
        return base

    def _base(self, name: str | None) -> DocumentType | None:
        """Where a chain of local types ends: a resolved type, an imported one, or none."""
        if name is None:
            return None
        if name in self._resolved:
            return self._resolved[name]
        if name in self.imported:
            return _builtin(self.imported[name], name)
        return None


def _derive(
    decl: TypeDecl, base: DocumentType | None, spec_path: str, library: str | None
) -> DocumentType:
    """``decl`` on top of its resolved ``base`` (None for a root type)."""
    if base is None:
        return DocumentType(
            name=decl.name,
            library=library,
            lineage=(decl.name,),
            files=decl.files.patterns if decl.files else (),
            title=decl.title,
            fields=_merge((), decl.fields),
            sections=_merge((), decl.sections),
            relations=_merge((), decl.relations),
            spec_path=spec_path,
            span=decl.span,
        )
    return DocumentType(
        name=decl.name,
        library=library,
        lineage=(decl.name, *base.lineage),
        files=decl.files.patterns if decl.files else base.files,
        title=decl.title if decl.title is not None else base.title,
        fields=_merge(base.fields, decl.fields),
        sections=_merge(base.sections, decl.sections),
        relations=_merge(base.relations, decl.relations),
        spec_path=spec_path,
        span=decl.span,
    )


def _merge(base: Sequence[Member], derived: Iterable[Member]) -> tuple[Member, ...]:
    """Base members, each replaced by a derived one it shares a key with; then the rest.

    A derived member that matches several base members takes the first one's place and
    the others go, so a name or alias still belongs to one member only.
    """
    merged = list(base)
    for member in derived:
        keys = member_keys(member)
        clashing = [i for i, old in enumerate(merged) if member_keys(old) & keys]
        if not clashing:
            merged.append(member)
            continue
        merged[clashing[0]] = member
        for index in reversed(clashing[1:]):
            del merged[index]
    return tuple(merged)


def member_keys(member: FieldDecl | SectionDecl | RelationDecl) -> frozenset[str]:
    """The folded names a member answers to: its name, and its aliases if it has any."""
    names = [member.name]
    if not isinstance(member, RelationDecl):
        names.extend(alias.name for alias in member.aliases)
    from assay.grammar.spec.values import name_key  # the spec grammar's: imported when used

    return frozenset(name_key(name) for name in names)
