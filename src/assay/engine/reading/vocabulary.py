"""The names a type reads by: fields, sections and relations, with their aliases.

Names compare the way headings do (``heading_text``, then case-folded, white space
collapsed), and front-matter keys also with ``_`` and ``-`` read as spaces, so
``superseded_by`` is the relation ``Superseded by``.

adr-tools itself writes ``Superceded by`` and ``Supercedes`` into the records it
links (ADR-FORMATS.md), so a relation spelled with ``supersed`` is also read under
that spelling: both sides of an adr-tools link then meet under one relation name.

A vocabulary also keeps what makes reading each record cheap: what every heading text
names (a memo), and quick tests that rule a line out before it is read in full
(``line_hint``, ``may_start_key``).
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import NamedTuple

from attrs import frozen

from assay.grammar.normalize import heading_text
from assay.spec.model import Model
from assay.spec.specfile import FieldDecl, RelationDecl, SectionDecl
from assay.spec.types import DocumentType

# Block-quote marks, then a list marker (and a task box), before a line's content.
# The runs of spaces are possessive (`*+`): nothing after a run can start with a space,
# so giving spaces back never finds a match, and with two greedy runs side by side a
# line of 10,000 spaces took seconds to fail (each split of the run was tried).
LINE_PREFIX = (
    r"[ \t]*+(?:>[ \t]?)*[ \t]*+"
    r"(?P<marker>(?:[-*+]|\d{1,9}[.)])[ \t]++(?:\[[ xX]\][ \t]++)?)?"
)


_WORDS = re.compile(r"[^\W_]+")


def fold(name: str) -> str:
    """The key a name is matched by."""
    return " ".join(heading_text(name).casefold().split())


def fold_key(key: str) -> str:
    """A front-matter or table key folded: ``superseded_by`` reads as ``superseded by``."""
    return fold(key.replace("_", " ").replace("-", " "))


def without_aside(text: str) -> str | None:
    """``text`` without the parenthetical aside that closes it (and a colon after it):
    `Decision (Proposed Workflow Solution):` is `Decision`; None when no aside closes
    it. Found from the end, so a long heading costs time linear in its length."""
    bare = text.rstrip().removesuffix(":").rstrip()
    if not bare.endswith(")"):
        return None
    start = bare.rfind("(")
    if start <= 0 or ")" in bare[start + 1 : -1]:
        return None
    return bare[:start].rstrip()


#: How many heading texts (or first characters) a vocabulary remembers.
_REMEMBERED = 4096


class HeadingRole(NamedTuple):
    """What a heading's text names under a type."""

    #: The declared section, by the whole text or (``## Decision: use Kafka``) by the
    #: name before a colon.
    section: SectionDecl | None
    #: A declared section not named after a field: its text is prose, not metadata.
    prose: bool
    #: The field or relation the whole text names (``## Status``).
    key: FieldDecl | RelationDecl | None
    #: The field named before a colon (``## Status: accepted``).
    inline: FieldDecl | None
    #: What follows the colon when ``section`` is named before it (``use Kafka`` in
    #: ``## Decision: use Kafka``): the heading itself holds that much of the section.
    value: str = ""
    #: A field whose name is among the heading's words (``## Proposal Status``, ``## What
    #: is the status of the proposal?``): its section may state it on a line.
    mentions: FieldDecl | None = None


@frozen
class Vocabulary(Model):
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
                folded = fold(name)
                found.setdefault(folded, decl)
                # Real records write `## Context & Problem Statement` and `## Pros & Cons`.
                found.setdefault(folded.replace(" and ", " & "), decl)
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

    def in_part(self, decl: RelationDecl) -> RelationDecl | None:
        """The relation ``decl`` stated of part of the record (``Parts of this ADR were
        superseded by``): the type's ``In part …`` relation, or None when it declares
        none — a partial supersession is no supersession."""
        return self.relations.get(fold(f"in part {decl.name}"))

    def heading(self, text: str) -> HeadingRole:
        """What a heading's text names under this type; remembered, as most headings
        (``Context``, ``Status``) come back in every record, and a record's are asked
        for again by each part of its reading (``bounded`` keeps the memo small)."""
        role = self._headings.get(text)
        if role is None:
            role = self._headings[text] = self._role(text)
        return role

    def bounded(self) -> None:
        """Before a document is read: forget the headings met when there are too many
        (titles never repeat), so the memo holds at most ``_REMEMBERED`` and the
        headings of one document, however many it has, each computed once."""
        if len(self._headings) >= _REMEMBERED:
            self._headings.clear()

    def _role(self, text: str) -> HeadingRole:
        folded = fold(text)
        named, colon, value = text.partition(":")
        section = self.sections.get(folded)
        if section is None and colon:
            section = self.sections.get(fold(named))
            value = value.strip() if section is not None else ""
        else:
            value = ""
        named_first = without_aside(text) if section is None else None
        if named_first:  # a section's name with an aside: `## Consequences (for the team)`
            section = self.sections.get(fold(named_first))
        return HeadingRole(
            section=section,
            prose=folded in self.sections and folded not in self.fields,
            key=self.fields.get(folded) or self.relations.get(folded),
            inline=self.fields.get(fold(named)) if colon else None,
            value=value,
            mentions=self._mentioned(folded),
        )

    def _mentioned(self, folded: str) -> FieldDecl | None:
        """The field named by whole words of ``folded`` (a folded heading), if any."""
        words = f" {' '.join(_WORDS.findall(folded))} "
        return next((d for name, d in self.fields.items() if f" {name} " in words), None)

    @cached_property
    def _headings(self) -> dict[str, HeadingRole]:
        return {}

    @cached_property
    def key_pattern(self) -> re.Pattern[str]:
        """A declared field key followed by a colon, emphasis allowed around either.

        Longer names first, so ``Decision date`` wins over ``Decision``.
        """
        names = sorted(self.fields, key=len, reverse=True)
        return _key_regex(names, colon=True)

    @cached_property
    def bare_date_pattern(self) -> re.Pattern[str]:
        """A date field's key with no colon, before a digit: ``- Date 2023-09-28``.

        Real records drop the colon after ``Date``; a date starts with a digit, so the
        key cannot be a word of a sentence (``Date of the review …``).
        """
        names = sorted(
            (
                name
                for name, decl in self.fields.items()
                if decl.format is not None and decl.format.kind == "date"
            ),
            key=len,
            reverse=True,
        )
        if not names:
            return re.compile(r"(?!)")
        words = "|".join(r"[ \t]+".join(map(re.escape, name.split())) for name in names)
        mark = r"(?:\*\*|__|\*|_)?"
        return re.compile(rf"{mark}(?P<key>{words}){mark}[ \t]+(?=\d)", re.IGNORECASE)

    @cached_property
    def relation_pattern(self) -> re.Pattern[str]:
        """A declared relation name, with or without a colon after it."""
        names = sorted(self.relations, key=len, reverse=True)
        return _key_regex(names, colon=False)

    @cached_property
    def line_hint(self) -> re.Pattern[str]:
        """What a line's first piece starts with when it holds a declared key.

        A cheap test that rules out most lines (prose) before they are read in full:
        a declared field or relation name after the line's prefix.  It is looser than
        the full reading (no colon needed), so a line that fails it, and has no ``·``
        piece, holds no key.  The names are one trie, not a list of alternatives: a
        line that starts with none of them fails after a letter or two.
        """
        names = [*self.fields, *self.relations]
        if not names:
            return re.compile(r"(?!)")
        key = rf"(?<![\w])(?:\*\*|__|\*|_)?{trie_regex(names)}(?!\w)"
        return re.compile(LINE_PREFIX + key, re.IGNORECASE)

    def may_start_key(self, char: str) -> bool:
        """False when no line starting with ``char`` can pass ``line_hint``.

        Cheaper still than the pattern, for a line that starts with a letter no name
        starts with (``The``, ``We``): such a line can start with no prefix (spaces,
        ``>``, a list marker) and no emphasis either.  Remembered per character: the
        pattern matched each time, the warm pre-commit run executes 0.25 % more
        instructions (the budget with no room), a cold check 0.3 % per record.
        """
        known = self._starts.get(char)
        if known is None:
            if len(self._starts) >= _REMEMBERED:
                self._starts.clear()  # a text of every script: keep the memo bounded
            known = self._starts[char] = self._first_chars.match(char) is not None
        return known

    @cached_property
    def _starts(self) -> dict[str, bool]:
        return {}

    @cached_property
    def _first_chars(self) -> re.Pattern[str]:
        """Any first character of ``line_hint``: of the prefix, emphasis, or a name."""
        names = [*self.fields, *self.relations]
        if "" in names:
            return re.compile("", re.DOTALL)  # an empty name starts anywhere
        firsts = "|".join(sorted({re.escape(name[0]) for name in names}))
        return re.compile(rf"[ \t>*+\-_]|\d|{firsts}" if firsts else r"(?!)", re.IGNORECASE)


#: Each character to the names' rest after it; the key "" marks where a name ends.
_Trie = dict[str, "_Trie"]


def trie_regex(names: list[str]) -> str:
    """A pattern matching exactly the ``names`` (white space in them: any spaces and
    tabs), as a trie: ``stat(?:us|e)`` rather than ``status|state``."""
    root: _Trie = {}
    for name in names:
        node = root
        for char in " ".join(name.split()):
            node = node.setdefault(char, {})
        node[""] = {}  # a name ends here
    return _trie_node(root)


def _trie_node(node: _Trie) -> str:
    branches = [
        (r"[ \t]+" if char == " " else re.escape(char)) + _trie_node(child)
        for char, child in node.items()
        if char
    ]
    if not branches:
        return ""
    if "" in node:  # a name ends here and others go on
        return f"(?:{'|'.join(branches)})?"
    return branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"


def _key_regex(names: list[str], *, colon: bool) -> re.Pattern[str]:
    if not names:
        return re.compile(r"(?!)")  # matches nothing: the type declares no such names
    words = "|".join(r"[ \t]+".join(map(re.escape, name.split())) for name in names)
    mark = r"(?:\*\*|__|\*|_)?"
    tail = r"[ \t]*:" if colon else r"(?:[ \t]*:)?"
    # A key stands at a word boundary, with emphasis around the key or the colon.
    return re.compile(rf"(?<![\w]){mark}(?P<key>{words})(?!\w){mark}{tail}{mark}", re.IGNORECASE)
