"""The names a type reads by: fields, sections and relations, with their aliases.

Names compare the way headings do (``heading_text``, then case-folded, white space
collapsed), and front-matter keys also with ``_`` and ``-`` read as spaces, so
``superseded_by`` is the relation ``Superseded by``.

adr-tools itself writes ``Superceded by`` and ``Supercedes`` into the records it
links (ADR-FORMATS.md), so a relation spelled with ``supersed`` is also read under
that spelling: both sides of an adr-tools link then meet under one relation name.
"""

from __future__ import annotations

import re
from functools import cached_property, lru_cache

from attrs import frozen

from assay.grammar.normalize import heading_text
from assay.spec.specfile import FieldDecl, RelationDecl, SectionDecl
from assay.spec.types import DocumentType


@lru_cache(maxsize=4096)
def fold(name: str) -> str:
    """The key a name is matched by."""
    return " ".join(heading_text(name).casefold().split())


def fold_key(key: str) -> str:
    """A front-matter or table key folded: ``superseded_by`` reads as ``superseded by``."""
    return fold(key.replace("_", " ").replace("-", " "))


@frozen
class Vocabulary:
    """Lookup tables for one document type, built once per type and run."""

    type: DocumentType

    @cached_property
    def fields(self) -> dict[str, FieldDecl]:
        """Folded field name or alias -> the field."""
        found: dict[str, FieldDecl] = {}
        for decl in self.type.fields:
            for name in (decl.name, *(alias.name for alias in decl.aliases)):
                found.setdefault(fold(name), decl)
        return found

    @cached_property
    def sections(self) -> dict[str, SectionDecl]:
        """Folded section name or alias -> the section."""
        found: dict[str, SectionDecl] = {}
        for decl in self.type.sections:
            for name in (decl.name, *(alias.name for alias in decl.aliases)):
                found.setdefault(fold(name), decl)
        return found

    @cached_property
    def relations(self) -> dict[str, RelationDecl]:
        """Folded relation name (and its adr-tools spelling) -> the relation."""
        found: dict[str, RelationDecl] = {}
        for decl in self.type.relations:
            name = fold(decl.name)
            found.setdefault(name, decl)
            found.setdefault(name.replace("supersed", "superced"), decl)
        return found

    @cached_property
    def key_pattern(self) -> re.Pattern[str]:
        """A declared field key followed by a colon, emphasis allowed around either.

        Longer names first, so ``Decision date`` wins over ``Decision``.
        """
        names = sorted(self.fields, key=len, reverse=True)
        return _key_regex(names, colon=True)

    @cached_property
    def relation_pattern(self) -> re.Pattern[str]:
        """A declared relation name, with or without a colon after it."""
        names = sorted(self.relations, key=len, reverse=True)
        return _key_regex(names, colon=False)


def _key_regex(names: list[str], *, colon: bool) -> re.Pattern[str]:
    if not names:
        return re.compile(r"(?!)")  # matches nothing: the type declares no such names
    words = "|".join(r"[ \t]+".join(map(re.escape, name.split())) for name in names)
    mark = r"(?:\*\*|__|\*|_)?"
    tail = r"[ \t]*:" if colon else r"(?:[ \t]*:)?"
    # A key stands at a word boundary, with emphasis around the key or the colon.
    return re.compile(rf"(?<![\w]){mark}(?P<key>{words})(?!\w){mark}{tail}{mark}", re.IGNORECASE)
