"""``assay eval merge OUT A.sqlite B.sqlite …``: the shards' stores joined into one.

Shards are compatible when every one ran the same benchmark, answer key, runner and
result schema versions and was prepared from the same material (equal snapshots of
each task and condition): anything else would put attempts of different experiments
in one summary, so it is refused (EVL010) and OUT is not written. Attempts are copied
with their raw evidence and their assessments, new ids, in shard order, into a
temporary store beside OUT. An attempt is one attempt however many stores hold it:
its identity is its preparation (by content), task, condition and number among those
in its store, so a store merged with itself, a copy or an overlapping store adds
nothing twice; two different rows under one identity refuse the merge (EVL010), as
does an assessment of an attempt its store does not hold. The shards are opened
read-only and never migrated. The finished temporary store's bytes then become OUT
through the one writer (``create_from``: whole, under the umask, and never over a file
that took the name meanwhile), so OUT is complete or absent. OUT must be a new file:
never a shard, a link or anything that exists (DESIGN §6, ``engine.files.destination``).
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from pathlib import Path

from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.merge_policies import merged_policies
from assay.engine.evidence.records import Store
from assay.engine.files.destination import NOWHERE, Destination, Ground, claim
from assay.engine.files.writing import create_from
from assay.spec.rules.evaluation_stages import EVL010

_ATTEMPT_COLUMNS = (
    "task, condition, status, versions, shard, started_at, duration_ms, exit_code, command,"
    " stdin_sha256, stdin, stdout, stderr, provision, correctness, answer, verification,"
    " assessment, counters, unknown_fields, note, child_us, stdout_bytes, stdout_sha256,"
    " stdout_truncated, stderr_bytes, stderr_sha256, stderr_truncated, drift, reserved,"
    " charged"
)
_ASSESSMENT_COLUMNS = "verdict, answer_sha256, basis_sha256, policy, recorded_at"
_PREP_COLUMNS = (
    "benchmark, task, condition, prepared_at, material, stdin, snapshot, provision, declarations,"
    " cues"
)


def _signature(store: Store) -> tuple[set[str], dict[tuple[str, str, str], str]]:
    versions = {row[0] for row in store.db.execute("SELECT DISTINCT versions FROM attempts")}
    snapshots = {}
    for bench, task, condition, snapshot in store.db.execute(
        "SELECT benchmark, task, condition, snapshot FROM preparations ORDER BY id"
    ):
        snapshots[(bench, task, condition)] = snapshot
    return versions, snapshots


def merge_stores(out: Path, sources: list[Path], ground: Ground = NOWHERE) -> int:
    """Merge ``sources`` into the new store ``out``; the number of attempts copied.
    ``ground``: the workspace around, whose rule ``out`` must pass too."""
    if len(sources) < 2:
        raise EvidenceError([EVL010.diagnostic("merge needs two stores or more", str(out))])
    if os.path.lexists(out):
        raise EvidenceError(
            [EVL010.diagnostic("the output exists already; merge writes a new store", str(out))]
        )
    # Under .git, through a link, a tracked file deleted from the work tree: refused.
    around = Ground(workspace=ground.workspace, inputs=lambda: [*sources, *ground.inputs()])
    claim(Destination(os.fspath(out), "OUT", what="store"), around).parent.mkdir(
        parents=True, exist_ok=True
    )
    with ExitStack() as opened:  # every shard opened so far is closed, whatever fails
        # Read-only, never migrated: a shard is evidence, merging must not touch it.
        stores = [opened.enter_context(Store(path, read_only=True)) for path in sources]
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
        raise EvidenceError([EVL010.diagnostic(message, str(out))]) from None


def _compatible(stores: list[Store]) -> None:
    first_versions, first_snapshots = _signature(stores[0])
    for store in stores[1:]:
        versions, snapshots = _signature(store)
        if versions and first_versions and versions != first_versions:
            message = (
                f"{store.path} ran other versions than {stores[0].path} "
                f"({sorted(versions - first_versions) or sorted(first_versions - versions)})"
            )
            raise EvidenceError([EVL010.diagnostic(message, str(store.path))])
        for key in snapshots.keys() & first_snapshots.keys():
            if snapshots[key] != first_snapshots[key]:
                message = (
                    f"{store.path} was prepared from other material than {stores[0].path} "
                    f"(task `{key[1]}`, {key[2]} condition)"
                )
                raise EvidenceError([EVL010.diagnostic(message, str(store.path))])


def _marks(count: int) -> str:
    return ", ".join("?" * count)


#: An attempt's identity across stores: its preparation (by content), task,
#: condition, and its number among the attempts of those in its own store.
_Identity = tuple[object, str, str, int]


class _Merged:
    """The target being filled, and what it holds already, by identity."""

    def __init__(self, target: Store) -> None:
        self.db = target.db
        self.preparations: dict[tuple[str, str, str, str], int] = {}
        self.attempts: dict[_Identity, tuple[int, tuple[object, ...], Path]] = {}
        self.copied = 0

    def add(self, store: Store) -> None:
        ids = self._preparations(store)
        attempts = self._attempts(store, ids)
        self._assessments(store, attempts)

    def _preparations(self, store: Store) -> dict[int, tuple[int, tuple[str, str, str, str]]]:
        ids = {}
        for row in store.db.execute(f"SELECT id, {_PREP_COLUMNS} FROM preparations ORDER BY id"):
            key = (row[1], row[2], row[3], row[7])
            if key not in self.preparations:  # every shard prepared every task: one of each
                cursor = self.db.execute(
                    f"INSERT INTO preparations ({_PREP_COLUMNS}) VALUES ({_marks(10)})", row[1:]
                )
                self.preparations[key] = int(cursor.lastrowid or 0)
            ids[row[0]] = (self.preparations[key], key)
        return ids

    def _attempts(
        self, store: Store, ids: dict[int, tuple[int, tuple[str, str, str, str]]]
    ) -> dict[int, int]:
        """Copy the attempts the target does not hold; an identical one is the same
        attempt (a store merged with itself, a copy, an overlap), a different one under
        the same identity refuses the merge."""
        numbers: dict[tuple[object, str, str], int] = {}
        mapped: dict[int, int] = {}
        for row in store.db.execute(
            f"SELECT id, preparation, {_ATTEMPT_COLUMNS} FROM attempts ORDER BY id"
        ):
            prep = ids.get(row[1]) if row[1] is not None else None
            base = (prep[1] if prep else None, row[2], row[3])
            numbers[base] = numbers.get(base, 0) + 1
            identity = (*base, numbers[base])
            content = tuple(row[2:])
            held = self.attempts.get(identity)
            if held is not None:
                if held[1] != content:
                    message = (
                        f"attempt {row[0]} of {store.path} (task `{row[2]}`, {row[3]} "
                        f"condition, its #{numbers[base]}) differs from the one {held[2]} "
                        "holds under the same preparation and number: the stores conflict"
                    )
                    raise EvidenceError([EVL010.diagnostic(message, str(store.path))])
                mapped[row[0]] = held[0]
                continue
            cursor = self.db.execute(
                f"INSERT INTO attempts (preparation, {_ATTEMPT_COLUMNS}) VALUES ({_marks(32)})",
                (prep[0] if prep else None, *content),
            )
            mapped[row[0]] = int(cursor.lastrowid or 0)
            self.attempts[identity] = (mapped[row[0]], content, store.path)
            self.copied += 1
        return mapped

    def _assessments(self, store: Store, attempts: dict[int, int]) -> None:
        """Every assessment, bound or not, follows its attempt to the attempt's new id;
        one the target holds already (the same attempt, the same row) is not repeated."""
        for row in store.db.execute(
            f"SELECT id, attempt, {_ASSESSMENT_COLUMNS} FROM assessments ORDER BY id"
        ):
            if row[1] not in attempts:
                message = (
                    f"assessment {row[0]} of {store.path} is of attempt {row[1]}, "
                    "which the store does not hold"
                )
                raise EvidenceError([EVL010.diagnostic(message, str(store.path))])
            values = (attempts[row[1]], *row[2:])
            matches = " AND ".join(
                f"{c} IS ?" for c in ("attempt", *_ASSESSMENT_COLUMNS.split(", "))
            )
            if not self.db.execute(f"SELECT 1 FROM assessments WHERE {matches}", values).fetchone():
                self.db.execute(
                    f"INSERT INTO assessments (attempt, {_ASSESSMENT_COLUMNS}) "
                    f"VALUES ({_marks(6)})",
                    values,
                )


def _copy(target: Store, stores: list[Store]) -> int:
    merged = _Merged(target)
    for store in stores:
        merged.add(store)
    for recorded_at, policy in merged_policies(stores):
        target.db.execute(
            "INSERT INTO policies (recorded_at, policy) VALUES (?, ?)", (recorded_at, policy)
        )
    return merged.copied
