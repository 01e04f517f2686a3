"""Resolved document types: a type with everything it inherits along ``extends``.

``assay.engine.workspace.types`` builds these from parsed specs and the built-in libraries.  A
``DocumentType`` is what checks read; they never need to follow ``extends`` themselves.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from attrs import frozen

from assay.spec.model import Model
from assay.spec.source import Span
from assay.spec.specfile import FieldDecl, RelationDecl, SectionDecl, TitleDecl


@frozen(kw_only=True)
class DocumentType(Model):
    """A document type with its base types merged in.

    Members (fields, sections, relations) list the root base's first; a member of a
    derived type replaces the base member it shares a name or alias with (compared as
    headings are), in that member's position, and new members follow in file order.
    The spans of an inherited member point into the file that declared it.
    """

    name: str  #: the type name, e.g. ``decision``
    library: str | None = None  #: the built-in library defining it; None for a user spec
    lineage: tuple[str, ...]  #: itself, then each base up to the root: ``("decision", "adr")``
    files: tuple[str, ...] = ()  #: the globs of the nearest type in the lineage that has some
    title: TitleDecl | None = None  #: the nearest type's ``title``; None: nothing is said
    fields: tuple[FieldDecl, ...] = ()
    sections: tuple[SectionDecl, ...] = ()
    relations: tuple[RelationDecl, ...] = ()
    spec_path: str  #: the spec file that declares the type itself
    span: Span  #: the type's statement in ``spec_path``


@frozen
class TypeSet(Model):
    """The document types in scope for a workspace, by name.

    Holds every type of the user's spec files, plus the built-in types their ``use``
    lines import.
    """

    types: Mapping[str, DocumentType]

    def __getitem__(self, name: str) -> DocumentType:
        return self.types[name]

    def __contains__(self, name: object) -> bool:
        return name in self.types

    def __iter__(self) -> Iterator[str]:
        return iter(self.types)

    def __len__(self) -> int:
        return len(self.types)

    def get(self, name: str) -> DocumentType | None:
        """The type called ``name``, or None."""
        return self.types.get(name)

    def derives_from(self, doc_type: DocumentType | str, base: str) -> bool:
        """True when ``doc_type`` is ``base`` or extends it, directly or through others.

        ``doc_type`` is a type or the name of one in this set; an unknown name is False.
        """
        found = self.types.get(doc_type) if isinstance(doc_type, str) else doc_type
        return found is not None and base in found.lineage
