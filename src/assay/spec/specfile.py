"""What a ``.assay`` spec file declares: document types and task-context declarations.

``assay.grammar.spec.parse_spec`` builds these from text; they are returned only for a
spec without errors, so every value here already passed its checks (a pattern
compiles, a range is ordered, a digest is 64 hex digits).  Every declared thing carries
the ``span`` of its whole statement; named things also carry ``name_span``, the span of
the name as written, which is where findings about the name point.
"""

from __future__ import annotations

from typing import Any, Literal

from attrs import field, frozen

from assay.spec.evaluation import Evaluation
from assay.spec.model import Model
from assay.spec.protocol import ProtocolDecl
from assay.spec.source import Span

#: No unions of models here; ``assay.spec.convert`` reads this mapping all the same.
UNIONS: dict[Any, dict[str, type]] = {}

PresenceKind = Literal["required", "optional", "forbidden"]
SourceRole = Literal["primary", "check", "provenance", "optional"]


@frozen(kw_only=True)
class Use(Model):
    """``use NAME``: bring a built-in library's types into scope."""

    name: str  #: the library, e.g. ``adr``
    span: Span
    name_span: Span


@frozen(kw_only=True)
class Presence(Model):
    """Whether a document must, may or must not have a part."""

    kind: PresenceKind  #: required, optional or forbidden
    reason: str | None = None  #: why a ``forbidden`` part is forbidden; else None
    span: Span


@frozen(kw_only=True)
class AliasDecl(Model):
    """Another heading or key under which a field or section is recognised."""

    name: str  #: the other name, as written
    span: Span


@frozen(kw_only=True)
class AllowedValue(Model):
    """One canonical value of a field, with the spellings that mean the same."""

    name: str  #: the canonical value, e.g. ``proposed``
    synonyms: tuple[str, ...] = ()  #: values read as ``name``, e.g. ``in review``
    span: Span


@frozen(kw_only=True)
class FormatDecl(Model):
    """``format date`` (an ISO date), ``format pattern "regex"``, or ``format identity``
    (a source identity in ADR 097's normal form; fields only)."""

    #: ``date``: an ISO date; ``pattern``: a regex match; ``identity``: normalized (IDN001)
    kind: Literal["date", "pattern", "identity"]
    pattern: str | None = None  #: the regular expression (Python syntax) for ``pattern``
    span: Span


@frozen(kw_only=True)
class SentencesDecl(Model):
    """``sentences N``: the text holds exactly N sentences."""

    count: int  #: at least 1
    span: Span


@frozen(kw_only=True)
class LengthRange(Model):
    """``length MIN..MAX`` in characters, both bounds inclusive; one may be open."""

    min: int | None  #: None when only a maximum is given (``..250``)
    max: int | None  #: None when only a minimum is given (``50..``)
    span: Span


@frozen(kw_only=True)
class FormDecl(Model):
    """``form none-or-list``: exactly ``none``, or a list of ``- `` items."""

    kind: Literal["none-or-list"]  #: the only form so far
    span: Span


@frozen(kw_only=True)
class TitleDecl(Model):
    """``title required|optional``, with optional constraints on the title text."""

    presence: Presence  #: required or optional (a title cannot be forbidden)
    format: FormatDecl | None = None  #: what the title text must look like
    length: LengthRange | None = None  #: bounds on the title length, in characters
    span: Span


@frozen(kw_only=True)
class FieldDecl(Model):
    """``field "Name" <presence>``: a key with a value (front matter, ``Key: value``)."""

    name: str  #: the key as written, e.g. ``Status``
    presence: Presence
    aliases: tuple[AliasDecl, ...] = ()  #: other keys read as this one
    values: tuple[AllowedValue, ...] = ()  #: empty: any value is allowed
    format: FormatDecl | None = None  #: what the value must look like
    length: LengthRange | None = None  #: bounds on the value length, in characters
    form: FormDecl | None = None  #: a required shape of the value
    span: Span
    name_span: Span


@frozen(kw_only=True)
class SectionDecl(Model):
    """``section "Name" <presence>``: a heading and the text under it."""

    name: str  #: the heading text as written, e.g. ``Context``
    presence: Presence
    aliases: tuple[AliasDecl, ...] = ()  #: other headings read as this one
    sentences: SentencesDecl | None = None  #: how many sentences the text holds
    length: LengthRange | None = None  #: bounds on the text length, in characters
    form: FormDecl | None = None  #: a required shape of the text
    span: Span
    name_span: Span


@frozen(kw_only=True)
class RelationDecl(Model):
    """``relation "Name" [inverse "Other"]``: a key under which a record links to others.

    The key may appear in the Status value, a preamble line or bullet, a ``Links``
    section bullet or front matter.  ``inverse`` is what the linked record should say
    back (``Superseded by`` for ``Supersedes``).
    """

    name: str  #: the relation as written, e.g. ``Superseded by``
    inverse: str | None = None  #: the relation the target should declare back; None: none
    span: Span
    name_span: Span
    inverse_span: Span | None = None  #: where the inverse is named


@frozen(kw_only=True)
class FilesDecl(Model):
    """``files "glob", ...``: the workspace paths documents of a type live at."""

    patterns: tuple[str, ...]  #: POSIX globs relative to the workspace root
    span: Span


@frozen(kw_only=True)
class TypeDecl(Model):
    """``type NAME [extends BASE] { ... }``: what documents of one kind must hold."""

    name: str  #: the type name, a bare word
    extends: str | None = None  #: a type of this file or of a ``use``d library
    files: FilesDecl | None = None  #: None: documents are assigned some other way
    title: TitleDecl | None = None  #: None: the type says nothing about the title
    fields: tuple[FieldDecl, ...] = ()  #: in file order
    sections: tuple[SectionDecl, ...] = ()  #: in file order; document order is free
    relations: tuple[RelationDecl, ...] = ()  #: in file order
    span: Span
    name_span: Span
    extends_span: Span | None = None  #: where the base type is named


@frozen(kw_only=True)
class Dimension(Model):
    """``DIM [v1, v2]`` in a ``when``: the task must have one of these values."""

    name: str  #: the dimension, e.g. ``language``
    values: tuple[str, ...]  #: alternatives, OR-ed
    span: Span
    name_span: Span


@frozen(kw_only=True)
class LineRange(Model):
    """``lines A..B``: one-based, inclusive line numbers, ``1 <= A <= B``."""

    start: int  #: first line, counted from 1
    end: int  #: last line, included
    span: Span


@frozen(kw_only=True)
class SourceDecl(Model):
    """A pinned source: ``primary|check|provenance|optional "path" [lines A..B] [sha256]``."""

    role: SourceRole  #: primary, check and provenance are mandatory; optional may be left out
    path: str  #: workspace-relative POSIX path, as written
    lines: LineRange | None = None  #: None: the whole file
    sha256: str | None = None  #: lowercase hex digest of the whole file's bytes
    sha256_span: Span | None = None  #: the quoted digest, so ``assay pin --write`` can renew it
    span: Span


@frozen(kw_only=True)
class CueDecl(Model):
    """``cue NAME covers [a, b]``: what a declaration's text is about."""

    name: str  #: the cue, e.g. ``testing``
    covers: tuple[str, ...]  #: the topics it covers
    span: Span
    name_span: Span


@frozen(kw_only=True)
class DeclarationDecl(Model):
    """``declaration NAME version N { ... }``: task context selected by dimensions."""

    name: str  #: the declaration name, e.g. ``go-testing``
    version: int  #: at least 1
    when: tuple[Dimension, ...] = ()  #: AND-ed; a dimension not named is global
    sources: tuple[SourceDecl, ...] = ()  #: in file order
    cues: tuple[CueDecl, ...] = ()  #: in file order
    span: Span
    name_span: Span


@frozen(kw_only=True)
class SpecFile(Model):
    """One ``.assay`` file: its ``use`` lines, types, declarations and protocols, in file
    order."""

    path: str  #: where the spec was read from, as given to ``parse_spec``
    uses: tuple[Use, ...] = ()
    types: tuple[TypeDecl, ...] = ()
    declarations: tuple[DeclarationDecl, ...] = ()
    protocols: tuple[ProtocolDecl, ...] = ()  #: ``protocol`` statements (seed ADR 0001)
    #: Benchmarks, answer keys, runners and result schemas (``assay eval``).
    evaluation: Evaluation = field(factory=Evaluation)
