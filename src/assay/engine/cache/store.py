"""The store: everything assay keeps between runs of one workspace, in one SQLite file.

An entry is a value (one pickled typed object) by kind and key — a document's outcome
by its path (``DOCUMENT``), a run's findings by its folder (``RUN``), the resolved
types (``TYPES``), the declared protocols (``PROTOCOLS``) — with the digest of the
settings it was made under and the stamp of the files it was made from. The one
rule: an entry holds while both are the run's own; any other is a miss, made again
and replaced. A document's entry also holds its record's facts and the files its
findings name, as columns: a report limited to a few files queries those of every
other document (``rows``) and loads no value. The values sit in a table of their own
(``entry_value``), so that query reads a tenth of the file.

A run's writes are one transaction (``put`` gathers them, ``commit`` ends it): a run
that stops half-way leaves the entries as they were. Another process writing at the
same moment waits a second at most, then this run goes on without writing: a cache is
never worth an error, nor a wait. An entry is kept only under its files' stamps: a
file an editor holds unsaved has none (``Workspace.unsaved``), so nothing of it is kept.
A store that cannot be opened or read (a read-only home, a damaged file) is none, and
the run is cold.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import pickle
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from assay.engine.cache.keys import store_path

DOCUMENT = "document"
RUN = "run"
TYPES = "types"
PROTOCOLS = "protocols"

#: The tables' layout; a store of another is emptied and made again.
SCHEMA = 6
#: Rows gathered before they go to the database (a million-record run never holds its
#: entries whole).
_BATCH = 512
#: How long a write waits for another process's to end.
_WAIT = 1.0

_TABLES = (
    """CREATE TABLE entry (
        kind TEXT NOT NULL,
        key BLOB NOT NULL,
        settings TEXT NOT NULL,
        stamp TEXT NOT NULL,
        number INTEGER,
        facts BLOB,
        relations INTEGER,
        gaps BLOB,
        mentions BLOB,
        PRIMARY KEY (kind, key)
    ) WITHOUT ROWID""",
    """CREATE TABLE entry_value (
        kind TEXT NOT NULL,
        key BLOB NOT NULL,
        settings TEXT NOT NULL,
        stamp TEXT NOT NULL,
        value BLOB NOT NULL,
        PRIMARY KEY (kind, key)
    ) WITHOUT ROWID""",
)
#: An entry's value: only the one written with its row (same settings, same stamp).
_VALUE = (
    "SELECT value FROM entry_value"
    " WHERE kind=e.kind AND key=e.key AND settings=e.settings AND stamp=e.stamp"
)

T = TypeVar("T")


def stamp_text(stamp: object) -> str:
    """A stamp as the store keeps it: a blob id as it is; a file's size and times, or
    a run's files and theirs, as their ``repr`` (plain numbers, strings and tuples,
    whose ``repr`` is exact, and starts with no hex digit)."""
    return stamp if type(stamp) is str else repr(stamp)


#: A document as a scoped run sees it without loading its value: its path (as kept,
#: ``_encoded``), its stamp, its record's facts as ``record_index.Packed`` keeps them
#: (number, facts marshalled, whether it has relations, gaps marshalled: all None for
#: a document that is no record) and the files other than its own that its kept
#: findings name (marshalled; None for none). A plain row, unpacked by name where it is read
#: (``scoped_pass``): a pre-commit run reads 10,000, and decoding each costs it more
#: than the query. ``packed``, ``gaps_of`` and ``mentions_of`` decode the parts.
Row = tuple[bytes, str, "int | None", "bytes | None", "int | None", "bytes | None", "bytes | None"]


def packed(
    number: int | None, facts: bytes | None, relations: int | None, gaps: bytes | None
) -> Any:
    """A record's facts packed again from its columns (None for no record)."""
    if facts is None:
        return None
    return (number, facts, bool(relations), gaps_of(gaps))


def mentions_of(row: Row) -> tuple[str, ...]:
    """The files other than its own that the document's kept findings name."""
    *_kept, mentions = row
    return () if mentions is None else tuple(marshal.loads(mentions))


class Held(NamedTuple):
    """An entry as a full run loads it."""

    stamp: str
    #: Its record's facts packed, or None for a document that is no record.
    record: Any
    value: Any


class Store:
    """The store of one workspace, open for one check (or, in an editor, many)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self._path = path
        #: A read found the file damaged: it is removed at ``close``, and the next run
        #: makes it afresh.
        self._damaged = False
        self._lock = threading.Lock()
        self._pending: list[tuple[tuple[Any, ...], bytes]] = []
        self._dropped: list[tuple[str, bytes]] = []
        self._writing = False
        #: A write failed this run (the lock held too long): nothing more is written.
        self._gave_up = False
        #: What ``remember`` keeps, with the database's version it was made at.
        self._memo: dict[str, tuple[object, Any]] = {}
        self._version: object = None

    @classmethod
    def open(cls, root: Path) -> Store | None:
        """The store of the workspace at ``root``; None when caching is off or the
        store cannot be opened."""
        path = store_path(root)
        if path is None:
            return None
        try:
            return cls(_connect(path), path)
        except (OSError, sqlite3.Error):
            return None

    # ---- reading ----------------------------------------------------------------

    def value(self, kind: str, key: str, settings: str, stamp: object = "") -> Any:
        """The value kept for ``key`` when it holds (made under ``settings`` from files
        at ``stamp``); else None."""
        found = self._query(
            f"SELECT ({_VALUE}) FROM entry e WHERE kind=? AND key=? AND settings=? AND stamp=?",
            (kind, _encoded(key), settings, stamp_text(stamp)),
        )
        return None if not found or found[0][0] is None else _unpickled(found[0][0])

    def held(self, kind: str, settings: str) -> dict[str, Held]:
        """Every entry of ``kind`` made under ``settings``, by key (each still to be
        compared with its files' stamps)."""
        rows = self._query(
            f"SELECT key, stamp, number, facts, relations, gaps, ({_VALUE})"
            " FROM entry e WHERE kind=? AND settings=?",
            (kind, settings),
        )
        found = {}
        for key, stamp, number, facts, relations, gaps, value in rows:
            loaded = None if value is None else _unpickled(value)
            if loaded is not None:
                found[_decoded(key)] = Held(stamp, packed(number, facts, relations, gaps), loaded)
        return found

    def rows(self, settings: str) -> dict[str, Row]:
        """Every document's row made under ``settings``, by path, without its entry;
        shared with the next call while the store is unchanged: never change it."""

        def query() -> dict[str, Row]:
            found = self._query(
                "SELECT key, stamp, number, facts, relations, gaps, mentions FROM entry"
                " WHERE kind=? AND settings=?",
                (DOCUMENT, settings),
            )
            return {_decoded(row[0]): row for row in found}

        return self.remember("rows", settings, query)

    def remember(self, name: str, key: object, make: Callable[[], T]) -> T:
        """``make()``, or what it gave last under ``name`` for an equal ``key`` while
        the store has not changed since (an editor checks one record a keystroke
        against the same rows)."""
        version = self._data_version()
        kept = self._memo.get(name)
        if kept is not None and kept[0] == (key, version) and version is not None:
            return kept[1]  # type: ignore[no-any-return]
        made = make()
        self._memo[name] = ((key, version), made)
        return made

    # ---- writing ----------------------------------------------------------------

    def put(
        self,
        kind: str,
        key: str,
        settings: str,
        value: object,
        *,
        stamp: object = "",
        record: Any = None,
        mentions: tuple[str, ...] = (),
    ) -> None:
        """Keep ``value`` for ``key``, made under ``settings`` from files at ``stamp``;
        it replaces the old entry at ``commit``."""
        if self._gave_up or self._damaged:
            return
        try:
            row = (
                kind,
                _encoded(key),
                settings,
                stamp_text(stamp),
                *_columns(record),
                marshal.dumps(mentions) if mentions else None,
            )
            pickled = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        except (ValueError, TypeError, pickle.PicklingError):
            return  # a value that cannot be kept is made again next time
        self._pending.append((row, pickled))
        if len(self._pending) >= _BATCH:
            self._flush()

    def drop(self, kind: str, keys: Iterable[str]) -> None:
        """Remove the entries of ``keys`` at ``commit`` (documents that are gone)."""
        if not (self._gave_up or self._damaged):
            self._dropped.extend((kind, _encoded(key)) for key in keys)

    def commit(self) -> None:
        """Put what this run kept in place, all at once."""
        self._flush()
        if self._writing:
            self._end("COMMIT")
        self._gave_up = False

    def discard(self) -> None:
        """Forget what this run kept (it stopped half-way): the entries stay as they were."""
        self._pending.clear()
        self._dropped.clear()
        if self._writing:
            self._end("ROLLBACK")
        self._gave_up = False

    @contextlib.contextmanager
    def writing(self) -> Iterator[Store]:
        """Within the block, ``put`` and ``drop``; committed at its end, discarded
        should it raise."""
        try:
            yield self
        except BaseException:
            self.discard()
            raise
        self.commit()

    def close(self) -> None:
        """Close the database (what was not committed is discarded)."""
        self.discard()
        with contextlib.suppress(sqlite3.Error):
            self._db.close()
        if self._damaged:
            _remove(self._path)

    # ---- the database -------------------------------------------------------------

    def _query(self, sql: str, parameters: tuple[Any, ...]) -> list[Any]:
        with self._lock:
            try:
                return self._db.execute(sql, parameters).fetchall()
            except sqlite3.OperationalError:  # held by another process for too long
                return []
            except sqlite3.DatabaseError:
                self._damaged = True
                return []

    def _data_version(self) -> object:
        """What changes whenever another connection commits (this one's own writes are
        counted in ``_version``)."""
        with self._lock:
            try:
                (found,) = self._db.execute("PRAGMA data_version").fetchone()
            except sqlite3.Error:
                return None
        return (found, self._version)

    def _flush(self) -> None:
        if not (self._pending or self._dropped):
            return
        pending, dropped = self._pending, self._dropped
        self._pending, self._dropped = [], []
        with self._lock:
            try:
                if not self._writing:
                    self._db.execute("BEGIN IMMEDIATE")
                    self._writing = True
                for table in ("entry", "entry_value"):
                    self._db.executemany(f"DELETE FROM {table} WHERE kind=? AND key=?", dropped)
                self._db.executemany(
                    "INSERT OR REPLACE INTO entry VALUES (?,?,?,?,?,?,?,?,?)",
                    (r for r, _ in pending),
                )
                self._db.executemany(
                    "INSERT OR REPLACE INTO entry_value VALUES (?,?,?,?,?)",
                    (
                        (kind, key, settings, stamp, value)
                        for (kind, key, settings, stamp, *_), value in pending
                    ),
                )
            except (sqlite3.Error, ValueError):  # a cache is never worth an error
                self._give_up()

    def _end(self, how: str) -> None:
        with self._lock:
            try:
                self._db.execute(how)
                self._version = object()  # what was remembered may be stale
            except sqlite3.Error:
                self._give_up()
            self._writing = False

    def _give_up(self) -> None:
        """Write nothing more this run (another process holds the store, a full disk):
        the entries stay as they were. Called with the lock held."""
        with contextlib.suppress(sqlite3.Error):
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
        self._writing = False
        self._gave_up = True


def _connect(path: Path) -> sqlite3.Connection:
    """The database at ``path``, made private (``0o600``, in a ``0o700`` folder: it
    says what the user's files hold) and never through a link; one of another layout,
    or damaged, is made afresh."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    os.close(descriptor)
    try:
        return _ready(path)
    except sqlite3.OperationalError:  # held by another process, a read-only folder
        raise
    except sqlite3.DatabaseError:  # not a database, or a damaged one
        _remove(path)
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        os.close(descriptor)
        return _ready(path)


def _ready(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, timeout=_WAIT, isolation_level=None, check_same_thread=False)
    try:
        connection.execute("PRAGMA journal_mode=WAL")  # readers never wait for a writer
        # No fsync: a run that stops keeps what it committed; only a crash of the
        # system can leave a damaged file, which the next run makes again (``_remove``),
        # and pages of two moments never pair a value with another row (``_VALUE``).
        # The syncs cost a pre-commit run a tenth of its time on a slow disk.
        connection.execute("PRAGMA synchronous=OFF")
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        if version != SCHEMA:
            connection.execute("BEGIN IMMEDIATE")
            for table in ("entry", "entry_value"):
                connection.execute(f"DROP TABLE IF EXISTS {table}")
            for table in _TABLES:
                connection.execute(table)
            connection.execute(f"PRAGMA user_version={SCHEMA}")
            connection.execute("COMMIT")
    except BaseException:
        connection.close()
        raise
    return connection


def _encoded(key: str) -> bytes:
    """A key as the store keeps it: its UTF-8 bytes, a file name's undecodable bytes
    (``os.fsdecode``'s surrogates) included, which a text column refuses."""
    return key.encode("utf-8", "surrogatepass")


def _decoded(key: bytes) -> str:
    return key.decode("utf-8", "surrogatepass")


def _remove(path: Path) -> None:
    """The database's files gone (it is made afresh by the next run)."""
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.unlink(f"{path}{suffix}")


def _unpickled(value: bytes) -> Any:
    """An entry's value; None when it cannot be loaded (a class that moved)."""
    try:
        return pickle.loads(value)
    except Exception:
        return None


def _columns(record: Any) -> tuple[Any, ...]:
    """A record's facts packed (``record_index.Packed``) as the four columns that keep
    them; None in each for no record."""
    if record is None:
        return (None, None, None, None)
    number, facts, relations, gaps = record
    return (number, facts, int(relations), None if gaps is None else gaps_text(gaps))


def gaps_text(gaps: tuple[Any, ...]) -> bytes:
    """A record's gaps as their column keeps them: none (most records) as no bytes,
    which need no decoding (``gaps_of``)."""
    return marshal.dumps(gaps) if gaps else b""


def gaps_of(column: bytes | None) -> Any:
    """A record's gaps from their column (None: a record that could not be read)."""
    return None if column is None else marshal.loads(column) if column else ()
