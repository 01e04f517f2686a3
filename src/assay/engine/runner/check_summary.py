"""The check summary: what a report limited to a few files needs of every other document.

pre-commit runs ``assay check CHANGED.md``.  The findings of those files depend on the
other records (duplicate numbers, relations, gaps), so every document of the workspace
takes part — but of an unchanged document only a few facts matter: whether it is a
decision record and its number, title span, Status values and relations
(``checks.record_index.facts_of``), plus, should one of its own findings name a
reported file, its cached findings and suppression directives.  The summary keeps
exactly that, one row per document, next to the check cache
(``engine.runner.check_cache``), under the same settings digest, each row validated by the
file's stamp from discovery (``discovery.Stamp``: the blob id git's index vouches for,
else size, modification time and inode).

A scoped run (``scoped_pass``) then reads this one small file instead of the whole
cache, builds no reading for the unchanged documents, and reads, parses and checks
only the reported files and the documents that changed — the reported files always
afresh, so their findings come from the very code a cold run uses.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from attrs import evolve, field, frozen

from assay.engine.runner import check_cache, recall
from assay.engine.runner.document_checks import DocumentOutcome
from assay.engine.runner.document_pass import run_documents
from assay.engine.runner.rulesets import Ruleset
from assay.engine.workspace import cache_files
from assay.engine.workspace.candidates import Candidate, Stamp
from assay.engine.workspace.loading import Workspace
from assay.engine.workspace.record_index import (
    Packed,
    Record,
    RecordIndex,
)
from assay.spec.diagnostics import Diagnostic
from assay.spec.model import Model

#: Bump when the row layout changes; old files are then ignored.
#: 2: the rows follow a header that says what stamps they hold (``_digest``).
#: 3: a record's facts end with its sections' names (``record_index.Facts``).
#: 4: ... and the documents it links to.
#: 5: ... the title's heading not among the sections' names.
#: 6: a diagnostic carries its subject (``Diagnostic.subject``).
LAYOUT = 6
#: A scoped run reads at most this many documents itself (the reported ones and the
#: changed ones); beyond that, the whole check cache is the cheaper source.
SCOPED_READS = 256
#: Rows changed since the summary was last written whole go to a small second file
#: (rewriting thousands of rows for one edited record would cost a pre-commit run
#: more than reading them); past this many, the summary is written whole again.
RECENT_ROWS = 512

#: One document: stamp (``discovery.Stamp``), type name, type library,
#: record facts packed (None: not a decision record), the files other than its own
#: that its cached findings name, and its details (b"" for none: else its cached
#: findings, directives and lines, pickled, read only when a finding is reported).
Row = tuple[
    "Stamp", "str | None", "str | None", "Packed | None", "tuple[str, ...]",
    bytes,
]  # fmt: skip


@frozen
class Pass(Model):
    """The documents a run has in hand, and the decision records of the whole workspace."""

    #: In path order: every document (a full run), or those a scoped run read.
    outcomes: list[DocumentOutcome]
    index: RecordIndex
    #: A scoped run's rows of the documents it did not read, by path (and of others:
    #: look only at the paths discovery found); empty for a full run.
    rows: Mapping[str, Row] = field(factory=dict)
    #: The documents a scoped run did not read whose cached findings name other files.
    mentioning: tuple[str, ...] = ()


@frozen
class Stored(Model):
    """The summary as read: the rows (the whole file's, with the recent changes on top),
    and what the next write needs to keep the recent file small."""

    rows: dict[str, Row]
    token: str
    #: The recent changes: path -> row, or None for a document that is gone.
    recent: dict[str, Row | None]


def _paths(root: Path) -> tuple[Path, Path] | None:
    where = cache_files.cache_path(root)
    return None if where is None else (where.with_suffix(".summary"), where.with_suffix(".recent"))


def load(root: Path, settings: str) -> Stored | None:
    """The summary kept under ``settings``; None when there is none to trust. In a
    live workspace's check (``recall``) the last summary read is shared with the next
    call on unchanged files, by their stamps: never change its rows."""
    paths = _paths(root)
    if paths is None:
        return None
    memo = recall.current()
    key = (settings, _file_stamp(paths[0]), _file_stamp(paths[1]))
    last = None if memo is None else memo.summary
    if last is not None and last[0] == key and key[1] is not None:
        return cast("Stored | None", last[1])
    stored = _read(paths, settings)
    if memo is not None:
        memo.summary = (key, stored)
    return stored


def _file_stamp(path: Path) -> tuple[int, int, int, int] | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return (found.st_mtime_ns, found.st_size, found.st_ino, found.st_dev)


def _read(paths: tuple[Path, Path], settings: str) -> Stored | None:
    whole = cache_files.read_pickles(paths[0], 2)
    if whole is None or not (_valid(whole[0], settings) and isinstance(whole[1], dict)):
        return None
    token, rows = whole[0][2], whole[1]
    recent = cache_files.read_pickle(paths[1])
    if not (_valid(recent, settings) and recent[2] == token and isinstance(recent[3], dict)):
        return Stored(rows, token, {})
    for path, row in recent[3].items():
        if row is None:
            rows.pop(path, None)
        else:
            rows[path] = row
    return Stored(rows, token, recent[3])


def _digest(stamps: Iterable[tuple[str, Stamp]]) -> str:
    """What a summary's header says of its rows: a digest of every path's stamp."""
    digest = hashlib.sha256()
    for path, stamp in sorted(stamps):
        digest.update(f"{path}\0{stamp!r}\n".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _current(root: Path, settings: str, stamps: dict[str, Stamp]) -> bool:
    """Whether the summary on disk holds a row for exactly these documents at exactly
    these stamps, told by its header alone: a warm run over a large workspace would
    otherwise load every row (10 MiB of 20,000) to find that nothing changed."""
    paths = _paths(root)
    if paths is None:
        return False
    header = cache_files.read_pickle(paths[0])
    if not (_valid(header, settings) and header[3] == _digest(stamps.items())):
        return False
    recent = cache_files.read_pickle(paths[1])  # rows changed since: compare them all
    return not (_valid(recent, settings) and recent[2] == header[2] and recent[3])


def _valid(stored: Any, settings: str) -> bool:
    return (
        isinstance(stored, tuple)
        and len(stored) == 4
        and stored[0] == LAYOUT
        and stored[1] == settings
    )


def save_whole(root: Path, settings: str, rows: dict[str, Row]) -> None:
    """Write the whole summary (atomically, or not at all); the recent file it makes
    stale is told apart by the new token."""
    paths = _paths(root)
    if paths is not None:
        digest = _digest((path, row[0]) for path, row in rows.items())
        header = (LAYOUT, settings, os.urandom(8).hex(), digest)
        cache_files.write_atomically(paths[0], header, rows)


def save_changes(root: Path, settings: str, stored: Stored, changes: dict[str, Row | None]) -> None:
    """Record ``changes`` to the rows: in the recent file while it stays small."""
    paths = _paths(root)
    if paths is None or not changes:
        return
    recent = {**stored.recent, **changes}
    if len(recent) > RECENT_ROWS:
        rows = {**stored.rows, **changes}
        save_whole(root, settings, {p: r for p, r in rows.items() if r is not None})
    else:
        cache_files.write_atomically(paths[1], (LAYOUT, settings, stored.token, recent))


def row_of(outcome: DocumentOutcome) -> Row | None:
    """The row of a document the check cache may keep (its outcome has an entry)."""
    entry = outcome.entry
    if entry is None:
        return None
    stamp, type_name, library, _reading, _links, findings, directives, lines, packed = entry
    details = pickle.dumps((findings, directives, lines)) if findings or directives else b""
    return (
        stamp,
        None if type_name is None else sys.intern(type_name),  # one copy in the file
        None if library is None else sys.intern(library),
        packed,
        _mentioned(outcome.path, findings),
        details,
    )


def _mentioned(path: str, findings: bytes) -> tuple[str, ...]:
    """The files other than ``path`` that cached findings are in or point at."""
    if not findings:
        return ()
    found: set[str] = set()
    for diagnostic in pickle.loads(findings):
        found.add(diagnostic.path)
        found.update(r.path for r in diagnostic.related)
    found.discard(path)
    return tuple(sorted(found))


def full_pass(
    workspace: Workspace, outcomes: list[DocumentOutcome], *, keep: bool, settings: str
) -> Pass:
    """The records of a run that has every document's outcome; with ``keep``, the
    summary is brought up to date (written only when a document changed)."""
    records = [o.record for o in outcomes if o.record is not None]
    if keep:
        root = workspace.config.root
        stamps = {o.path: o.entry[0] for o in outcomes if o.entry is not None}
        if not _current(root, settings, stamps):
            rows = {o.path: row_of(o) for o in outcomes}
            save_whole(root, settings, {p: r for p, r in rows.items() if r is not None})
    return Pass(outcomes, RecordIndex(records, workspace.files, workspace.repository_urls))


def scoped_pass(
    workspace: Workspace,
    ruleset: Ruleset,
    jobs: int | None,
    scope: frozenset[str],
    members: Mapping[str, DocumentOutcome] | None = None,
) -> Pass | None:
    """A run that reports on ``scope`` only, from the summary; None when there is no
    summary under these settings or too much changed (the caller runs in full).

    The documents in ``scope`` are read again whatever the summary says, and so is any
    document whose stamp differs from its row's, or that has no row (the run ``members``
    the run pass read this check are taken as it read them); every other document
    is its row.
    """
    root = workspace.config.root
    settings = check_cache.settings_digest(workspace, ruleset)
    stored = load(root, settings)
    if stored is None:
        return None
    rows = stored.rows
    read, template, mentioning = _split(workspace, stored, scope)
    records = list(template)
    if len(read) > SCOPED_READS:
        return None
    subset = evolve(workspace, discovery=evolve(workspace.discovery, documents=tuple(read)))
    outcomes = run_documents(subset, ruleset, jobs, cache=False, members=members)
    fresh = {o.path: o for o in outcomes}
    changes: dict[str, Row | None] = {}
    for position, item in enumerate(records):
        if isinstance(item, Record):
            continue
        outcome = fresh[item.path]
        records[position] = item if outcome.record is None else outcome.record
        row = row_of(outcome)
        if _stamp_of(row) != _stamp_of(rows.get(item.path)):
            changes[item.path] = row
    documents = {c.path for c in workspace.discovery.documents}
    changes.update((path, None) for path in rows if path not in documents)
    save_changes(root, settings, stored, changes)
    index = RecordIndex(
        [r for r in records if isinstance(r, Record)], workspace.files, workspace.repository_urls
    )
    return Pass(outcomes, index, rows, tuple(mentioning))


#: What ``_split`` gives: the documents to read, every document in path order, and
#: the unread ones whose cached findings name other files.
Split = tuple[list[Candidate], list["Record | Candidate"], list[str]]


def _split(workspace: Workspace, stored: Stored, scope: frozenset[str]) -> Split:
    """The documents to read, every document in path order (a record from its row, or
    the candidate to read in its place), and the unread ones whose cached findings
    name other files. In a live workspace's check (``recall``) shared with the next
    call on the same summary, discovery and scope: copy ``records`` before filling
    it in."""
    memo = recall.current()
    last = None if memo is None else memo.split
    same = last is not None and last[0] is stored and last[1] is workspace.discovery
    if last is not None and same and last[2] == scope:
        return cast("Split", last[3])
    rows = stored.rows
    stamps = workspace.discovery.stamps
    read: list[Candidate] = []
    # In path order, each record from its row; a document to read keeps its place.
    records: list[Record | Candidate] = []
    mentioning: list[str] = []
    for candidate in workspace.discovery.documents:
        path = candidate.path
        row = rows.get(path)
        if row is None or path in scope or row[0] != stamps.get(path):
            read.append(candidate)
            records.append(candidate)
            continue
        if row[3] is not None:
            records.append(Record(path, None, row[3]))  # positional: a third quicker
        if row[4]:
            mentioning.append(path)
    if memo is not None:
        memo.split = (stored, workspace.discovery, scope, (read, records, mentioning))
    return read, records, mentioning


def involved(
    done: Pass, scope: frozenset[str], across: Iterable[Diagnostic]
) -> list[DocumentOutcome]:
    """The unread documents whose own diagnostics may still be reported: those with a
    cached finding naming a reported file, or a workspace finding pointing at one.
    Their outcomes come from their rows (cached findings, directives, lines)."""
    read = {o.path for o in done.outcomes}
    paths = {
        d.path
        for d in across
        if d.path in done.rows and d.path not in read and any(r.path in scope for r in d.related)
    }
    paths.update(p for p in done.mentioning if not scope.isdisjoint(done.rows[p][4]))
    return [_outcome(path, done.rows[path]) for path in sorted(paths)]


def _outcome(path: str, row: Row) -> DocumentOutcome:
    _stamp, type_name, library, _facts, _mentions, details = row
    findings, directives, lines = pickle.loads(details) if details else (b"", b"", "")
    return DocumentOutcome(
        path=path,
        type_name=type_name,
        library=library,
        reading=None,
        diagnostics=pickle.loads(findings) if findings else (),
        directives=pickle.loads(directives) if directives else (),
        lines=lines,
    )


def merged(
    outcomes: Sequence[DocumentOutcome], more: Sequence[DocumentOutcome]
) -> list[DocumentOutcome]:
    """Two lists of outcomes as one, in path (discovery) order."""
    return sorted([*outcomes, *more], key=lambda o: o.path)


def _stamp_of(row: Row | None) -> Stamp | None:
    return None if row is None else row[0]
