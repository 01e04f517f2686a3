"""The task-context declarations of a workspace: each with the spec file it came from.

Declarations are gathered when the specs are parsed (the same pass that resolves the
types) and kept in the type cache beside them, so a warm run has them without parsing
a spec, and a workspace that declares none carries an empty tuple and pays nothing.

A declaration is known by its name and version: versions of one name live side by side
(the newest is the one a task gets; a legacy one stays selectable by name), but the
same name and version twice, in one spec file or across files, is ``SPC003`` at the
second one's name.  The spec checks already report the pair within one file (such a
file yields no model), so here only pairs across files are left to find.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from assay.spec.diagnostics import Diagnostic
from assay.spec.model import Model
from assay.spec.rules.specs import SPC003
from assay.spec.specfile import DeclarationDecl, SpecFile


@frozen(kw_only=True)
class Declared(Model):
    """One declaration and the workspace-relative spec file that declares it."""

    path: str  #: the spec file, workspace-relative POSIX
    declaration: DeclarationDecl

    @property
    def name(self) -> str:
        """The declaration's name."""
        return self.declaration.name

    @property
    def version(self) -> int:
        """The declaration's version (at least 1)."""
        return self.declaration.version

    @property
    def line(self) -> int:
        """The line its ``declaration`` statement starts on (1-based)."""
        return self.declaration.span.line

    @property
    def key(self) -> tuple[str, int, str, int]:
        """What sorts declarations the same whatever order the specs were read in."""
        return (self.name, self.version, self.path, self.declaration.span.start)


def collect_declarations(
    specs: Sequence[SpecFile],
) -> tuple[tuple[Declared, ...], list[Diagnostic]]:
    """Every declaration of ``specs`` (the first of each name and version), sorted by
    name, version and place; and SPC003 for each later one with the same name and
    version, in the order the specs are given (the config's order)."""
    first: dict[tuple[str, int], Declared] = {}
    problems: list[Diagnostic] = []
    for spec in specs:
        for decl in spec.declarations:
            found = Declared(path=spec.path, declaration=decl)
            earlier = first.get((decl.name, decl.version))
            if earlier is None:
                first[(decl.name, decl.version)] = found
                continue
            where = "" if earlier.path == spec.path else f" in {earlier.path}"
            message = (
                f"declaration `{decl.name}` version {decl.version} is already defined"
                f"{where} on line {earlier.line}"
            )
            problems.append(_duplicate(message, spec.path, decl))
    return tuple(sorted(first.values(), key=lambda d: d.key)), problems


def _duplicate(message: str, path: str, decl: DeclarationDecl) -> Diagnostic:
    return SPC003.diagnostic(message, path, decl.name_span)
