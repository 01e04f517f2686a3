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
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assay.engine.workspace.cache_files import read_pickle, write_atomically
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


def load(path: Path | None, settings: str) -> dict[str, Entry]:
    """The cached entries by workspace path; empty when there are none to trust."""
    stored = read_pickle(path)
    if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == settings:
        entries = stored[1]
        if isinstance(entries, dict):
            return entries
    return {}


def save(path: Path | None, settings: str, entries: dict[str, Entry]) -> None:
    """Write the cache atomically (a rename), or not at all."""
    if path is not None:
        write_atomically(path, (settings, entries))


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


def links_of(targets: Iterable[tuple[str, Span]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Link destinations with plain-tuple spans."""
    return tuple((destination, _span(span) or ()) for destination, span in targets)


def unlinks(stored: Iterable[tuple[str, tuple[int, ...]]]) -> tuple[tuple[str, Span], ...]:
    """The link destinations back, with their spans."""
    return tuple((destination, Span(*span)) for destination, span in stored)
