"""Reading and writing the store's rows as the shared values of
``assay.spec.evidence``: preparations, attempts (launched, then finished), policies
and continuations. Every write is committed when the method returns, unless it is
made inside ``with store.transaction():`` (then when the block ends)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from types import TracebackType
from typing import Any

from attrs import field, frozen

from assay.engine.evidence.assessments import latest_bound
from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.output import Output, whole
from assay.engine.evidence.store import connect, transaction
from assay.spec.convert import from_json_value, to_json_value
from assay.spec.evidence import (
    Attempt,
    Counter,
    Drift,
    Policy,
    Provision,
    Verification,
    Versions,
)
from assay.spec.model import Model
from assay.spec.rules.evaluation import EVL001

_ATTEMPT = (
    "id, task, condition, status, versions, shard, started_at, duration_ms, exit_code,"
    " provision, correctness, answer, verification, assessment, counters, unknown_fields, note,"
    " drift"
)


@frozen(kw_only=True)
class Preparation(Model):
    """What one task gets under one condition, as ``prepare`` stored it."""

    id: int
    benchmark: str
    task: str
    condition: str
    stdin: bytes
    snapshot: str  #: JSON, content-free
    provision: Provision
    declarations: tuple[str, ...]
    cues: tuple[str, ...] = ()  #: ``cue@declaration@version`` of each cue delivered


@frozen(kw_only=True)
class Finish(Model):
    """What is known of an attempt once its process ended (or it was not launched)."""

    status: str
    duration_ms: int | None = None
    child_us: int | None = None
    exit_code: int | None = None
    stdout: Output | None = None  #: None: not launched
    stderr: Output | None = None
    correctness: str = "unknown"
    answer: str | None = None
    verification: Verification = field(factory=lambda: Verification(ran=False))
    counters: tuple[Counter, ...] = ()
    unknown_fields: tuple[str, ...] = ()
    note: str | None = None
    #: The provision as delivered (the bytes the agent read); None: as prepared.
    provision: Provision | None = None
    drift: tuple[Drift, ...] = ()  #: on a basis error, what drifted
    #: The credit the attempt is settled at (a paid attempt); None: not a paid attempt.
    charged: float | None = None


@frozen(kw_only=True)
class Charge(Model):
    """What one attempt row counts against a cap: ``reserved`` before it started,
    ``charged`` once it ended (None in both: priced from ``counters``, as before
    reservations were kept)."""

    id: int
    status: str
    started_at: str | None
    reserved: float | None
    charged: float | None
    counters: tuple[Counter, ...]


def _output_columns(output: Output | None) -> tuple[object, ...]:
    if output is None:
        return (None, None, None, None)
    return (output.head, output.size, output.sha256, int(output.truncated))


def _output(head: bytes | None, size: int | None, sha256: str | None) -> Output | None:
    if head is None:
        return None
    if size is None or sha256 is None:
        return whole(head)
    return Output(head=head, size=size, sha256=sha256)


def _json(value: Any) -> str:
    return json.dumps(to_json_value(value), ensure_ascii=False, sort_keys=True)


class Store:
    """One open evidence store; use it as a context manager (``with Store(path) as
    store:``) so its connection is closed however the block ends."""

    def __init__(self, path: Path, *, create: bool = True, read_only: bool = False) -> None:
        self.path = path
        #: Opened read-only (``mode=ro``, never migrated): a write raises.
        self.read_only = read_only
        self.db: sqlite3.Connection = connect(path, create=create, read_only=read_only)

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection (WAL is checkpointed by SQLite as it closes)."""
        self.db.close()

    def transaction(self) -> AbstractContextManager[None]:
        """Make the writes of a ``with`` block one transaction: all kept, or none."""
        return transaction(self.db)

    def add_preparation(self, prep: Preparation, material: bytes, at: str) -> int:
        """Store one preparation; its new id."""
        cursor = self.db.execute(
            "INSERT INTO preparations (benchmark, task, condition, prepared_at, material,"
            " stdin, snapshot, provision, declarations, cues)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                prep.benchmark,
                prep.task,
                prep.condition,
                at,
                material,
                prep.stdin,
                prep.snapshot,
                _json(prep.provision),
                json.dumps(list(prep.declarations)),
                json.dumps(list(prep.cues)),
            ),
        )
        return int(cursor.lastrowid or 0)

    def preparations(self, benchmark: str) -> dict[tuple[str, str], Preparation]:
        """The latest preparation of each task and condition of ``benchmark``."""
        rows = self.db.execute(
            "SELECT id, benchmark, task, condition, stdin, snapshot, provision, declarations,"
            " cues FROM preparations WHERE benchmark = ? ORDER BY id",
            (benchmark,),
        )
        found = {}
        for row in rows:
            found[(row[2], row[3])] = Preparation(
                id=row[0],
                benchmark=row[1],
                task=row[2],
                condition=row[3],
                stdin=row[4],
                snapshot=row[5],
                provision=from_json_value(json.loads(row[6]), Provision),
                declarations=tuple(json.loads(row[7])),
                cues=tuple(json.loads(row[8] or "[]")),
            )
        return found

    def launch(
        self,
        *,
        prep: Preparation | None,
        task: str,
        condition: str,
        versions: Versions,
        command: Sequence[str],
        stdin: bytes,
        stdin_sha256: str,
        provision: Provision,
        shard: str | None,
        started_at: str,
        status: str = "launched",
        reserved: float | None = None,
    ) -> int:
        """Record an attempt before its process starts, with the credit it holds
        (``reserved``, a paid attempt's worst case) in the same commit; its id."""
        cursor = self.db.execute(
            "INSERT INTO attempts (preparation, task, condition, status, versions, shard,"
            " started_at, command, stdin_sha256, stdin, provision, verification, reserved)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                prep.id if prep else None,
                task,
                condition,
                status,
                _json(versions),
                shard,
                started_at,
                json.dumps(list(command)),
                stdin_sha256,
                stdin,
                _json(provision),
                _json(Verification(ran=False)),
                reserved,
            ),
        )
        return int(cursor.lastrowid or 0)

    def finish(self, attempt: int, end: Finish) -> None:
        """Complete the attempt's row with how it ended."""
        self.db.execute(
            "UPDATE attempts SET status = ?, duration_ms = ?, child_us = ?, exit_code = ?,"
            " stdout = ?, stdout_bytes = ?, stdout_sha256 = ?, stdout_truncated = ?,"
            " stderr = ?, stderr_bytes = ?, stderr_sha256 = ?, stderr_truncated = ?,"
            " correctness = ?, answer = ?, verification = ?,"
            " counters = ?, unknown_fields = ?, note = ?, drift = ?,"
            " provision = coalesce(?, provision), charged = ? WHERE id = ?",
            (
                end.status,
                end.duration_ms,
                end.child_us,
                end.exit_code,
                *_output_columns(end.stdout),
                *_output_columns(end.stderr),
                end.correctness,
                end.answer,
                _json(end.verification),
                _json(end.counters),
                json.dumps(list(end.unknown_fields)),
                end.note,
                _json(end.drift) if end.drift else None,
                _json(end.provision) if end.provision is not None else None,
                end.charged,
                attempt,
            ),
        )

    def attempts(self) -> list[Attempt]:
        """Every attempt, in the order they were recorded."""
        return list(self._attempts("SELECT " + _ATTEMPT + " FROM attempts ORDER BY id"))

    def _attempts(self, query: str) -> Iterator[Attempt]:
        # The assessments table, not the legacy column: its latest still-bound row.
        assessed = latest_bound(self.db)
        for row in self.db.execute(query):
            yield Attempt(
                id=row[0],
                task=row[1],
                condition=row[2],
                status=row[3],
                versions=from_json_value(json.loads(row[4]), Versions),
                shard=row[5],
                started_at=row[6],
                duration_ms=row[7],
                exit_code=row[8],
                provision=from_json_value(json.loads(row[9]), Provision),
                correctness=row[10],
                answer=row[11],
                verification=from_json_value(json.loads(row[12]), Verification),
                assessment=assessed.get(row[0]),
                counters=from_json_value(json.loads(row[14]), tuple[Counter, ...]),
                unknown_fields=tuple(json.loads(row[15])),
                note=row[16],
                drift=from_json_value(json.loads(row[17] or "[]"), tuple[Drift, ...]),
            )

    def benchmark_tasks(self, benchmark: str | None = None) -> tuple[str | None, tuple[str, ...]]:
        """The tasks ``prepare`` stored for ``benchmark`` (``NAME@V``, or ``NAME`` for
        its newest version prepared; default: the benchmark of the latest
        preparation), in the order first prepared; ``(None, ())`` for a store nothing
        was prepared in. A benchmark the store does not hold is refused (EVL001, the
        ones it holds listed): summarizing another one instead would answer a question
        nobody asked."""
        if benchmark is None:
            row = self.db.execute(
                "SELECT benchmark FROM preparations ORDER BY id DESC LIMIT 1"
            ).fetchone()
            if row is None:
                return None, ()
            benchmark = str(row[0])
        else:
            held = self.db.execute(
                "SELECT benchmark FROM preparations GROUP BY benchmark ORDER BY MIN(id)"
            )
            benchmark = held_benchmark([str(row[0]) for row in held], benchmark)
        rows = self.db.execute(
            "SELECT task FROM preparations WHERE benchmark = ? ORDER BY id", (benchmark,)
        )
        return benchmark, tuple(dict.fromkeys(str(row[0]) for row in rows))

    def raw(self, attempt: int) -> tuple[bytes | None, bytes | None, bytes | None]:
        """The raw evidence of one attempt: the stdin written, its stdout and stderr."""
        row = self.db.execute(
            "SELECT stdin, stdout, stderr FROM attempts WHERE id = ?", (attempt,)
        ).fetchone()
        return (row[0], row[1], row[2]) if row else (None, None, None)

    def outputs(self, attempt: int) -> tuple[Output | None, Output | None]:
        """The stdout and stderr of one attempt as kept: the head, the size and digest
        of all of it (None: not launched). An attempt recorded before outputs were
        bounded kept its whole output, so its blob is the head and the whole."""
        row = self.db.execute(
            "SELECT stdout, stdout_bytes, stdout_sha256, stderr, stderr_bytes, stderr_sha256"
            " FROM attempts WHERE id = ?",
            (attempt,),
        ).fetchone()
        if row is None:
            return None, None
        return _output(*row[0:3]), _output(*row[3:6])

    def record_policy(self, policy: Policy) -> None:
        """Keep ``policy``; the latest one recorded is the run's."""
        self.db.execute(
            "INSERT INTO policies (recorded_at, policy) VALUES (?, ?)",
            (policy.recorded_at, _json(policy)),
        )

    def policy(self) -> Policy | None:
        """The latest policy recorded, if any."""
        row = self.db.execute("SELECT policy FROM policies ORDER BY id DESC LIMIT 1").fetchone()
        return from_json_value(json.loads(row[0]), Policy) if row else None

    def charges(self) -> list[Charge]:
        """What each attempt counts against a spending cap, in the order recorded."""
        rows = self.db.execute(
            "SELECT id, status, started_at, reserved, charged, counters FROM attempts ORDER BY id"
        )
        return [
            Charge(
                id=row[0],
                status=row[1],
                started_at=row[2],
                reserved=row[3],
                charged=row[4],
                counters=from_json_value(json.loads(row[5]), tuple[Counter, ...]),
            )
            for row in rows
        ]

    def continue_spending(self, at: str, spent: float) -> None:
        """Record an explicit continuation past the cap (``--continue``), after the
        attempts recorded so far."""
        self.db.execute(
            "INSERT INTO continuations (at, spent, after_attempt)"
            " VALUES (?, ?, (SELECT max(id) FROM attempts))",
            (at, spent),
        )

    def spent_at_continuation(self) -> float:
        """The credit spent when spending was last continued; 0 if never."""
        row = self.db.execute("SELECT spent FROM continuations ORDER BY id DESC LIMIT 1").fetchone()
        return float(row[0]) if row else 0.0


def held_benchmark(held: Sequence[str], request: str) -> str:
    """The benchmark of ``held`` (``NAME@V`` each) that ``request`` names: itself, or
    for a bare ``NAME`` its newest version; ``EvidenceError`` (EVL001) for none."""
    if request in held:
        return request
    versions = [b for b in held if b.rpartition("@")[0] == request and "@" not in request]
    if versions:
        return max(versions, key=lambda b: _version(b.rpartition("@")[2]))
    listed = ", ".join(held) or "none"
    message = f"no benchmark {request!r} is prepared in the store (it holds: {listed})"
    raise EvidenceError([EVL001.diagnostic(message, "")])


def _version(text: str) -> int:
    return int(text) if text.isascii() and text.isdigit() else -1
