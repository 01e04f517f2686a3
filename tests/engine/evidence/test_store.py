"""The evidence store: numbered migrations, an old database upgraded in place, WAL and
foreign keys on, and files it must not touch refused with EVL011."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.records import Store
from assay.engine.evidence.schema import SCHEMA_VERSION

FIXTURE = Path(__file__).parent / "fixtures" / "schema1.sqlite"


def test_new_store_has_the_current_schema_in_wal_mode(tmp_path: Path) -> None:
    """A new store is at the last migration, in WAL mode, with foreign keys enforced."""
    with Store(tmp_path / "e.sqlite") as store:
        db = store.db
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("PRAGMA foreign_keys").fetchone() == (1,)
        with pytest.raises(sqlite3.IntegrityError):
            db.execute(
                "INSERT INTO attempts (preparation, task, condition, status, versions,"
                " provision, verification) VALUES (99, 't', 'task', 'launched', '{}', '{}', '{}')"
            )


def test_a_store_made_by_schema_1_is_upgraded_and_read(tmp_path: Path) -> None:
    """The committed schema-1 database opens, is upgraded, and its attempt reads back."""
    copy = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURE, copy)
    with Store(copy, create=False) as store:
        assert store.db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        [attempt] = store.attempts()
        assert (attempt.task, attempt.condition, attempt.status) == ("add", "task", "completed")
        assert attempt.correctness == "correct" and attempt.answer == "5"
        assert attempt.versions.declarations == ("adding@1",)
        assert store.raw(attempt.id)[1] == b'{"answer": "5"}'
        policy = store.policy()
        assert policy is not None and policy.minimum_difference == 0.1
        # What the later migrations add works on the upgraded file.
        store.continue_spending("2026-12-01T00:00:00.000Z", 1.5)
        assert store.spent_at_continuation() == 1.5
        assert store.db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_store_from_a_newer_assay_is_refused(tmp_path: Path) -> None:
    """A user_version beyond the known migrations is EVL011, and the file is unchanged."""
    path = tmp_path / "new.sqlite"
    with Store(path):
        pass
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(EvidenceError, match=r"EVL011.*upgrade assay"):
        Store(path)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION + 1,)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not a database at all, just text" * 10, "not an evidence store"),
        (None, "not an evidence store"),
    ],
)
def test_files_that_are_not_stores_are_refused(
    tmp_path: Path, content: bytes | None, message: str
) -> None:
    """Text, and a SQLite file of someone else's tables, are EVL011, never migrated."""
    path = tmp_path / "other.sqlite"
    if content is None:
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE mine (x)")
        db.commit()
        db.close()
    else:
        path.write_bytes(content)
    with pytest.raises(EvidenceError, match=f"EVL011.*{message}"):
        Store(path)


def test_a_missing_store_is_not_made_when_reading(tmp_path: Path) -> None:
    """Opening for reading does not create a store: EVL009 says to prepare."""
    with pytest.raises(EvidenceError, match="EVL009"):
        Store(tmp_path / "absent.sqlite", create=False)
    assert not (tmp_path / "absent.sqlite").exists()


def _policies(path: Path) -> int:
    with Store(path, create=False) as store:
        return int(store.db.execute("SELECT count(*) FROM policies").fetchone()[0])


def test_the_store_is_closed_when_its_block_ends_however_it_ends(tmp_path: Path) -> None:
    """``with Store(…)`` closes the connection, on an exception too."""
    with Store(tmp_path / "e.sqlite") as store:
        pass
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        store.db.execute("SELECT 1")
    with pytest.raises(KeyError), Store(tmp_path / "e.sqlite") as store:
        raise KeyError("boom")
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        store.db.execute("SELECT 1")


def test_a_transaction_keeps_all_of_its_writes_or_none(tmp_path: Path) -> None:
    """Writes in ``store.transaction()`` are committed together when it ends, and rolled
    back, none kept, when it raises; the error is the caller's, not a ROLLBACK's."""
    path = tmp_path / "e.sqlite"
    insert = "INSERT INTO policies (recorded_at, policy) VALUES ('t', '{}')"
    with Store(path) as store:
        with store.transaction():
            store.db.execute(insert)
            store.db.execute(insert)
        assert not store.db.in_transaction
        with pytest.raises(KeyError), store.transaction():
            store.db.execute(insert)
            raise KeyError("boom")
        assert not store.db.in_transaction
    assert _policies(path) == 2
