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
from contextlib import contextmanager
from pathlib import Path

from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.schema import MIGRATIONS, SCHEMA_VERSION
from assay.spec.rules.evaluation_stages import EVL009, EVL011


def connect(path: Path, *, create: bool = True) -> sqlite3.Connection:
    """The store at ``path``, upgraded to the current schema (made when ``create``).

    Raises ``EvidenceError``: not a store, unreadable, or made by a newer assay (EVL011).
    """
    if not create and not path.is_file():
        raise EvidenceError(
            [EVL009.diagnostic("no such evidence store (run `assay eval prepare`)", str(path))]
        )
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


def _migrate(connection: sqlite3.Connection, where: str) -> None:
    """Apply the migrations this file has not had yet, each in its own transaction."""
    (version,) = connection.execute("PRAGMA user_version").fetchone()
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
