"""The check cache: what the per-document pass found, kept between runs.

pre-commit and CI run ``assay check`` over and over on a workspace where few files
changed.  For each document the cache keeps what the rest of a run needs — the
findings of the checks that look at the document alone, a slim reading (what the
workspace checks use: number, title, fields, relations), the link destinations and the
suppression directives — keyed by the file's size and modification time, then by its
sha256.  A file that changed is read again; an unchanged one is not even opened.

Link findings depend on which *other* files exist, so they are never cached: the
link checks run again on every run, from the cached destinations (cheap: a dict
lookup each).  Everything else that could change a finding — assay's version, the
config file, the spec files, the selected checks and their severities — goes into a
digest of the settings; a cache written under other settings is ignored.

Two smaller files sit beside it: the resolved types (``engine.workspace.type_cache``),
so that a warm run reads no library and no spec again, and the workspace summary
(``engine.runner.check_summary``), all a report limited to a few files needs of the
other documents.  Where the files live and how they are written (never in the
workspace: they are pickles) is ``engine.workspace.cache_files``; ``assay check
--no-cache`` turns them off.
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assay.engine.workspace.cache_files import PickleSink, pickled_values
from assay.engine.workspace.type_cache import sources_digest
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
    from assay.engine.runner.rulesets import Ruleset
    from assay.engine.workspace.loading import Workspace

Entry = tuple[Any, ...]


def settings_digest(workspace: Workspace, ruleset: Ruleset) -> str:
    """Everything besides a document's bytes that its cached findings depend on."""
    digest = hashlib.sha256()
    sources = workspace.sources_digest
    if not sources:  # a workspace built by hand: read the config and specs here
        config = workspace.config
        paths = workspace.discovery.specs
        sources = sources_digest(config, {p: _read_or_reason(config.root / p) for p in paths})
    digest.update(sources.encode() + b"\n")
    for check in ruleset.checks:
        digest.update(f"{check.code}={ruleset.severity.get(check.code, check.severity)}\n".encode())
    return digest.hexdigest()


def _read_or_reason(path: Path) -> bytes | str:
    try:
        return path.read_bytes()
    except OSError as error:
        return str(error.strerror)


#: Entries are pickled this many at a time: one pickle per entry costs a large run
#: its framing again and again, one for all of them holds the whole file in memory.
_CHUNK = 256


def load(path: Path | None, settings: str) -> dict[str, Entry]:
    """The cached entries by workspace path; empty when there are none to trust (other
    settings, another layout, a file cut short)."""
    values = pickled_values(path)
    try:
        first = next(values, None)
        if not (isinstance(first, str) and first == settings):
            return {}
        entries: dict[str, Entry] = {}
        for chunk in values:
            if chunk is None:  # the writer's end: the file is whole
                return entries
            if not isinstance(chunk, list):
                return {}
            entries.update(chunk)
    except (TypeError, ValueError):  # a chunk that is no list of (path, entry) pairs
        return {}
    finally:
        values.close()
    return {}


class Writer:
    """The check cache, written as a run finds its entries: the settings, the entries a
    chunk at a time, then None (so that a file cut short is told from a whole one).
    Each entry goes to disk as it comes, so a run need not hold them all to the end
    (``document_pass`` keeps of each only what the check summary needs)."""

    def __init__(self, sink: PickleSink) -> None:
        self._sink = sink
        self._chunk: list[tuple[str, Entry]] = []

    @classmethod
    def open(cls, path: Path | None, settings: str) -> Writer | None:
        """A writer of the cache at ``path``; None when it is off or cannot be written."""
        sink = None if path is None else PickleSink.open(path)
        if sink is None:
            return None
        sink.put(settings)
        return cls(sink)

    def put(self, path: str, entry: Entry) -> None:
        """Keep ``entry`` for the document at ``path``."""
        self._chunk.append((path, entry))
        if len(self._chunk) >= _CHUNK:
            self._sink.put(self._chunk)
            self._chunk = []

    def commit(self) -> None:
        """The cache in place, whole (or, should writing fail, the old one)."""
        if self._chunk:
            self._sink.put(self._chunk)
        self._sink.put(None)
        self._sink.commit()

    def discard(self) -> None:
        """Leave the old cache (a run stopped half-way)."""
        self._sink.discard()


def save(path: Path | None, settings: str, entries: dict[str, Entry]) -> None:
    """Write the cache atomically (a rename), or not at all."""
    writer = Writer.open(path, settings)
    if writer is not None:
        for where, entry in entries.items():
            writer.put(where, entry)
        writer.commit()


def slim(entry: Entry) -> Entry:
    """An entry without what only the check cache and a reading need (its reading's
    summary, its link destinations), as a run keeps it once the entry is written: the
    check summary's row needs the rest (``check_summary.row_of``)."""
    return (*entry[:3], None, None, *entry[5:])


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
