"""``assay eval merge OUT A.sqlite B.sqlite …``: the shards' stores joined into one.

Shards are compatible when every one ran the same benchmark, answer key, runner and
result schema versions and was prepared from the same material (equal snapshots of
each task and condition): anything else would put attempts of different experiments
in one summary, so it is refused (EVL010) and OUT is not written. Attempts are copied
with their raw evidence and their assessments, new ids, in shard order, into a
temporary store beside OUT; its bytes then become OUT through the one writer
(``create_from``: whole, under the umask, and never over a file that took the name
meanwhile), so OUT is complete or absent. OUT must be a new file: never a shard, a
link or anything that exists (DESIGN §6, ``check_file_destination``).
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from pathlib import Path

from assay.engine.evidence.codes import EvidenceError, evl
from assay.engine.evidence.records import Store
from assay.engine.files.destination import check_file_destination
from assay.engine.files.writing import create_from

_ATTEMPT_COLUMNS = (
    "task, condition, status, versions, shard, started_at, duration_ms, exit_code, command,"
    " stdin_sha256, stdin, stdout, stderr, provision, correctness, answer, verification,"
    " assessment, counters, unknown_fields, note, child_us, stdout_bytes, stdout_sha256,"
    " stdout_truncated, stderr_bytes, stderr_sha256, stderr_truncated"
)
_ASSESSMENT_COLUMNS = "verdict, answer_sha256, basis_sha256, policy, recorded_at"
_PREP_COLUMNS = (
    "benchmark, task, condition, prepared_at, material, stdin, snapshot, provision, declarations"
)


def _signature(store: Store) -> tuple[set[str], dict[tuple[str, str, str], str]]:
    versions = {row[0] for row in store.db.execute("SELECT DISTINCT versions FROM attempts")}
    snapshots = {}
    for bench, task, condition, snapshot in store.db.execute(
        "SELECT benchmark, task, condition, snapshot FROM preparations ORDER BY id"
    ):
        snapshots[(bench, task, condition)] = snapshot
    return versions, snapshots


def merge_stores(out: Path, sources: list[Path]) -> int:
    """Merge ``sources`` into the new store ``out``; the number of attempts copied."""
    if len(sources) < 2:
        raise EvidenceError([evl("EVL010", "merge needs two stores or more", str(out))])
    check_file_destination(out, flag="OUT", inputs=sources)  # a shard, a link: refused
    if os.path.lexists(out):
        raise EvidenceError(
            [evl("EVL010", "the output exists already; merge writes a new store", str(out))]
        )
    with ExitStack() as opened:  # every shard opened so far is closed, whatever fails
        stores = [opened.enter_context(Store(path, create=False)) for path in sources]
        _compatible(stores)
        partial = out.with_name(f".{out.name}.{os.getpid()}.partial")
        try:
            with Store(partial, create=True) as target:
                with target.transaction():
                    copied = _copy(target, stores)
                target.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            _create(out, partial)  # linked, not read: a store can be large
        finally:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{partial}{suffix}").unlink(missing_ok=True)
        return copied


def _create(out: Path, built: Path) -> None:
    try:
        create_from(built, out)
    except FileExistsError:
        message = "the output was created while merging; merge writes a new store"
        raise EvidenceError([evl("EVL010", message, str(out))]) from None


def _compatible(stores: list[Store]) -> None:
    first_versions, first_snapshots = _signature(stores[0])
    for store in stores[1:]:
        versions, snapshots = _signature(store)
        if versions and first_versions and versions != first_versions:
            message = (
                f"{store.path} ran other versions than {stores[0].path} "
                f"({sorted(versions - first_versions) or sorted(first_versions - versions)})"
            )
            raise EvidenceError([evl("EVL010", message, str(store.path))])
        for key in snapshots.keys() & first_snapshots.keys():
            if snapshots[key] != first_snapshots[key]:
                message = (
                    f"{store.path} was prepared from other material than {stores[0].path} "
                    f"(task `{key[1]}`, {key[2]} condition)"
                )
                raise EvidenceError([evl("EVL010", message, str(store.path))])


def _marks(count: int) -> str:
    return ", ".join("?" * count)


def _copy(target: Store, stores: list[Store]) -> int:
    copied = 0
    db = target.db
    seen: dict[tuple[str, str, str, str], int] = {}
    for store in stores:
        ids: dict[int, int] = {}
        for row in store.db.execute(f"SELECT id, {_PREP_COLUMNS} FROM preparations ORDER BY id"):
            key = (row[1], row[2], row[3], row[7])
            if key not in seen:  # every shard prepared every task: keep one of each
                cursor = db.execute(
                    f"INSERT INTO preparations ({_PREP_COLUMNS}) VALUES ({', '.join('?' * 9)})",
                    row[1:],
                )
                seen[key] = int(cursor.lastrowid or 0)
            ids[row[0]] = seen[key]
        attempts: dict[int, int] = {}
        for row in store.db.execute(
            f"SELECT id, preparation, {_ATTEMPT_COLUMNS} FROM attempts ORDER BY id"
        ):
            prep = ids.get(row[1]) if row[1] is not None else None
            cursor = db.execute(
                f"INSERT INTO attempts (preparation, {_ATTEMPT_COLUMNS}) VALUES ({_marks(29)})",
                (prep, *row[2:]),
            )
            attempts[row[0]] = int(cursor.lastrowid or 0)
            copied += 1
        # Every assessment, bound or not, follows its attempt to the attempt's new id.
        for row in store.db.execute(
            f"SELECT attempt, {_ASSESSMENT_COLUMNS} FROM assessments ORDER BY id"
        ):
            db.execute(
                f"INSERT INTO assessments (attempt, {_ASSESSMENT_COLUMNS}) VALUES ({_marks(6)})",
                (attempts[row[0]], *row[1:]),
            )
        for row in store.db.execute("SELECT recorded_at, policy FROM policies ORDER BY id"):
            if not db.execute("SELECT 1 FROM policies WHERE policy = ?", (row[1],)).fetchone():
                db.execute("INSERT INTO policies (recorded_at, policy) VALUES (?, ?)", row)
    return copied
