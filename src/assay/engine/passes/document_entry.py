"""What the store keeps of each document a check read (``engine.cache.store``).

pre-commit and CI run ``assay check`` over and over on a workspace where few files
changed. For each document the store keeps what the rest of a run needs
(``DocumentEntry``): the findings of the checks that look at the document alone, a
slim reading (what the workspace checks and a publication's pages use: number, title,
fields, relations), the link destinations and the suppression directives; and, as
columns a scoped run queries, its record's facts and the files its findings name. A
file whose stamp changed is read again; an unchanged one is not even opened.

Link findings depend on which *other* files exist, so they are never kept: the link
checks run again on every run, from the kept destinations (a dict lookup each).
Everything else that could change a finding — assay's version, the config file, the
spec files, the selected checks and their severities — goes into the settings digest
the entries are made under.
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import evolve, frozen

from assay.engine.cache.keys import sources_digest
from assay.engine.cache.store import Store
from assay.spec.model import Model
from assay.spec.reading import (
    FieldReading,
    Reading,
    RecordDate,
    RelationReading,
    RelationTarget,
    TitleReading,
)
from assay.spec.source import Span

if TYPE_CHECKING:
    from assay.engine.passes.rulesets import Ruleset
    from assay.engine.workspace.loading import Workspace


@frozen
class DocumentEntry(Model):
    """What the store keeps of one document, besides its stamp and record's facts.

    The parts a warm run may not need are bytes (pickled or marshalled): a run holds
    every document's entry to its end, and as bytes each is a few objects."""

    #: The document's type name, or None.
    type_name: str | None
    #: The type's library (None for a user type), to find the type again.
    library: str | None
    #: The reading without its sections, pickled (``summarize``); None without one.
    summary: bytes | None
    #: The link destinations, marshalled (``links_of``).
    links: bytes
    #: The kept findings, pickled (b"" for none).
    findings: bytes
    #: The suppression directives, pickled (b"" for none).
    directives: bytes
    #: Which lines are blank (``lines.line_marks``), or "".
    lines: str

    def slim(self) -> DocumentEntry:
        """The entry without what only the store and a reading need (its reading's
        summary, its link destinations), as a run keeps it once it is kept."""
        return evolve(self, summary=None, links=b"")


@frozen
class Keeping(Model):
    """Where a check keeps what it found: the store, and the digest of the settings
    its entries are made under (worked out once a check)."""

    store: Store
    settings: str

    @classmethod
    def of(cls, store: Store | None, workspace: Workspace, ruleset: Ruleset) -> Keeping | None:
        """The check's keeping; None without a store."""
        return None if store is None else cls(store, settings_digest(workspace, ruleset))


def settings_digest(workspace: Workspace, ruleset: Ruleset) -> str:
    """Everything besides a document's bytes that its kept findings depend on."""
    digest = hashlib.sha256()
    sources = workspace.sources_digest
    if not sources:  # a workspace built by hand: read the config and specs here
        config = workspace.config
        paths = workspace.discovery.specs
        read = {p: _read_or_reason(config.root / p) for p in paths}
        sources = sources_digest(config.root, config.source, read)
    digest.update(sources.encode() + b"\n")
    for check in ruleset.checks:
        digest.update(f"{check.code}={ruleset.severity.get(check.code, check.severity)}\n".encode())
    return digest.hexdigest()


def _read_or_reason(path: Path) -> bytes | str:
    try:
        return path.read_bytes()
    except OSError as error:
        return str(error.strerror)


# ---- a reading, slimmed to what the workspace checks use, as plain tuples -----------


def _span(span: Span | None) -> tuple[int, ...] | None:
    return (
        None
        if span is None
        else (span.start, span.end, span.line, span.column, span.end_line, span.end_column)
    )


def _unspan(value: tuple[int, ...] | None) -> Span | None:
    return None if value is None else Span(*value)


def summarize(reading: Reading) -> tuple[Any, ...]:
    """The parts of a reading the workspace checks look at, as plain tuples (fast to
    unpickle); sections are left out, their text is only read by per-document checks."""
    title, date = reading.title, reading.date
    return (
        reading.type,
        reading.lineage,
        reading.number,
        None if title is None else (
            title.text, title.raw, title.source, _span(title.span), title.number,
            title.placeholder, _span(title.prefix_span),
        ),
        tuple(
            (f.name, f.key, f.raw, f.value, f.source, _span(f.span), _span(f.key_span),
             f.placeholder, f.date_kind, f.note)
            for f in reading.fields
        ),
        tuple(
            (r.name, r.inverse, r.source, _span(r.span),
             tuple((t.text, t.destination, t.number, _span(t.span)) for t in r.targets))
            for r in reading.relations
        ),
        None if date is None else (date.iso, date.source, _span(date.span)),
    )  # fmt: skip


def unsummarize(path: str, summary: tuple[Any, ...]) -> Reading:
    """A reading rebuilt from ``summarize``: everything but its sections."""
    type_name, lineage, number, title, fields, relations, date = summary
    return Reading(
        path=path,
        type=type_name,
        lineage=lineage,
        number=number,
        title=None if title is None else TitleReading(
            text=title[0], raw=title[1], source=title[2], span=_unspan(title[3]),
            number=title[4], placeholder=title[5], prefix_span=_unspan(title[6]),
        ),
        fields=tuple(
            FieldReading(
                name=f[0], key=f[1], raw=f[2], value=f[3], source=f[4],
                span=Span(*f[5]), key_span=_unspan(f[6]), placeholder=f[7],
                date_kind=f[8], note=f[9],
            )
            for f in fields
        ),
        sections=(),
        relations=tuple(
            RelationReading(
                name=r[0], inverse=r[1], source=r[2], span=Span(*r[3]),
                targets=tuple(
                    RelationTarget(text=t[0], destination=t[1], number=t[2], span=Span(*t[3]))
                    for t in r[4]
                ),
            )
            for r in relations
        ),
        date=None if date is None else RecordDate(
            iso=date[0], source=date[1], span=_unspan(date[2])
        ),
    )  # fmt: skip


def links_of(targets: Iterable[tuple[str, Span]]) -> bytes:
    """Link destinations with plain-tuple spans, marshalled (b"" for none): a run holds
    every document's entry to its end, and as tuples a link's span is seven objects
    (a warm run over 20,000 records held 12 MiB of them; as bytes, 2.6)."""
    found = tuple((destination, _span(span) or ()) for destination, span in targets)
    return marshal.dumps(found) if found else b""


def unlinks(stored: bytes) -> tuple[tuple[str, Span], ...]:
    """The link destinations back, with their spans."""
    if not stored:
        return ()
    return tuple((destination, Span(*span)) for destination, span in marshal.loads(stored))
