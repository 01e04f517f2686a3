"""The evidence store: one SQLite file (standard library ``sqlite3``, WAL mode, foreign
keys on) that keeps every preparation, attempt and assessment. Only this module
and the store's readers and writers (``records``, ``assessments``, ``merge``) run SQL;
nothing else in assay opens SQLite, and only this module opens a transaction
(``transaction``; ``Store.transaction`` is the same around the store's connection).

The connection is in autocommit mode: each ``launch`` and ``finish`` is its own
committed transaction, so an attempt is on disk before its process starts and a
SIGKILL of assay loses nothing written so far. ``synchronous=NORMAL`` is WAL's usual
setting: a commit survives the process being killed; only a power cut may lose the
last ones, and it never corrupts the file.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.schema import MIGRATIONS, SCHEMA_VERSION
from assay.spec.rules.evaluation_stages import EVL009, EVL011


def connect(path: Path, *, create: bool = True, read_only: bool = False) -> sqlite3.Connection:
    """The store at ``path``, upgraded to the current schema (made when ``create``).

    ``read_only``: the file is opened with SQLite's ``mode=ro`` and never written, never
    migrated, its journal mode left as it is; an older schema is upgraded in a copy
    in memory. An empty file is then not a store, not one to make.

    Raises ``EvidenceError``: not a store, unreadable, or made by a newer assay (EVL011).
    """
    if (read_only or not create) and not path.is_file():
        raise EvidenceError(
            [EVL009.diagnostic("no such evidence store (run `assay eval prepare`)", str(path))]
        )
    if read_only:
        return _read_only(path)
    try:
        connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA foreign_keys = ON")
        _migrate(connection, str(path))
    except sqlite3.DatabaseError as error:
        raise EvidenceError(
            [EVL011.diagnostic(f"not an evidence store: {error}", str(path))]
        ) from None
    return connection


#: The first bytes of every SQLite database file.
_SQLITE_HEADER = b"SQLite format 3\x00"


def is_store(path: Path) -> bool:
    """Whether ``path`` is an evidence store assay made: a SQLite file holding the
    store's own tables (read as it is, never written)."""
    from assay.engine.files.made import head

    start = head(path, len(_SQLITE_HEADER))
    if start != _SQLITE_HEADER:
        return False
    try:
        uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
        with closing(sqlite3.connect(uri, uri=True)) as connection:
            tables = {
                name
                for (name,) in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                )
            }
    except sqlite3.Error:
        return False
    return {"preparations", "attempts"} <= tables


def _read_only(path: Path) -> sqlite3.Connection:
    # With no -wal or -journal beside it, no writer has the file open (or one ended
    # cleanly): read it as `immutable`, which, unlike `mode=ro` on a WAL store, creates
    # no -wal and -shm files beside it. With them, a writer may be at work: `mode=ro`
    # reads its committed state through them.
    quiet = not any(Path(f"{path}{suffix}").exists() for suffix in ("-wal", "-journal"))
    uri = path.resolve().as_uri() + ("?mode=ro&immutable=1" if quiet else "?mode=ro")
    try:
        source = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    except sqlite3.DatabaseError as error:
        raise EvidenceError(
            [EVL011.diagnostic(f"cannot open the store: {error}", str(path))]
        ) from None
    try:
        (version,) = source.execute("PRAGMA user_version").fetchone()
        _check_version(source, version, str(path))
        if version == 0:
            raise EvidenceError(
                [EVL011.diagnostic("an empty file, not an evidence store", str(path))]
            )
        if version == SCHEMA_VERSION:
            return source
        # An older store is read through a copy upgraded in memory: the file stays as
        # it was (its schema, its journal mode, its bytes).
        copy = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        source.backup(copy)
        source.close()
        _migrate(copy, str(path))
        return copy
    except sqlite3.DatabaseError as error:
        source.close()
        raise EvidenceError(
            [EVL011.diagnostic(f"not an evidence store: {error}", str(path))]
        ) from None
    except EvidenceError:
        source.close()
        raise


def _check_version(connection: sqlite3.Connection, version: int, where: str) -> None:
    if version > SCHEMA_VERSION:
        message = (
            f"the store has schema {version}, this assay knows up to {SCHEMA_VERSION}: "
            "upgrade assay to read it"
        )
        raise EvidenceError([EVL011.diagnostic(message, where)])
    if version == 0 and _has_tables(connection):
        raise EvidenceError(
            [EVL011.diagnostic("a SQLite file that is not an evidence store", where)]
        )


def _migrate(connection: sqlite3.Connection, where: str) -> None:
    """Apply the migrations this file has not had yet, each in its own transaction."""
    (version,) = connection.execute("PRAGMA user_version").fetchone()
    _check_version(connection, version, where)
    for number in range(version + 1, SCHEMA_VERSION + 1):
        migrate_to(connection, number)


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """One transaction around the block: committed when it ends, rolled back when it
    raises (a KeyboardInterrupt too), so a half-done write is never kept.

    ``IMMEDIATE`` takes the write lock at once: a second writer of the same file waits
    (or fails) before the block starts, not in the middle of it.
    """
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        # SQLite has already rolled back after some errors (a full disk): a second
        # ROLLBACK would raise and hide the error that matters.
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def migrate_to(connection: sqlite3.Connection, number: int) -> None:
    """Apply migration ``number`` (1-based) and record it, atomically."""
    with transaction(connection):
        for statement in MIGRATIONS[number - 1].split(";"):
            if statement.strip():
                connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {number:d}")


def _has_tables(connection: sqlite3.Connection) -> bool:
    row = connection.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()
    return bool(row[0])
