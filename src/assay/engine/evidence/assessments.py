"""Independent assessments: recorded by assay, never made by it (seed 002: "Explanation
assessment binds the exact answer, source basis, and policy").

A person or another tool judges whether an attempt's answer is supported by the
material the attempt was given; ``record`` keeps that judgement bound to what was
judged: the sha256 of the attempt's stored answer, the digests of the sources its
preparation delivered (the units of the content-free snapshot, in order) and the
policy's ``name@version``. Every assessment is kept, never updated. An attempt's
assessment is the latest one **still bound**: one whose answer or basis digests no
longer match the attempt (only merged or legacy data can do that) stays in the table
and is not returned.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import Literal, cast, get_args

from attrs import frozen

from assay.engine.evidence.codes import EvidenceError
from assay.errors import UsageError
from assay.spec.evidence import Assessment
from assay.spec.model import Model
from assay.spec.rules.evaluation_assessments import EVL013, EVL014, EVL015

Verdict = Literal["supported", "unsupported", "unclear"]
VERDICTS: tuple[str, ...] = get_args(Verdict)
_HEX = frozenset("0123456789abcdef")
_RECORDS = (
    "SELECT s.id, s.attempt, s.verdict, s.answer_sha256, s.basis_sha256, s.policy,"
    " s.recorded_at, a.answer, p.snapshot FROM assessments s JOIN attempts a ON a.id = s.attempt"
    " LEFT JOIN preparations p ON p.id = a.preparation ORDER BY s.id"
)


@frozen(kw_only=True)
class AssessmentRecord(Model):
    """One retained assessment and whether it still binds its attempt."""

    id: int
    attempt: int
    recorded_at: str | None  #: ISO 8601 UTC; None only when carried from a legacy column
    assessment: Assessment
    bound: bool  #: do the attempt's answer and basis still have the digests it names?


def answer_sha256(answer: str) -> str:
    """The digest of an answer: sha256 of its UTF-8 bytes (a lone surrogate, which
    JSON output can hold, is encoded as is rather than refused)."""
    return hashlib.sha256(answer.encode("utf-8", "surrogatepass")).hexdigest()


def basis_of(snapshot: str | None) -> tuple[str, ...]:
    """The source digests a preparation's snapshot lists, in delivery order."""
    try:
        units = json.loads(snapshot or "{}").get("units", [])
    except (ValueError, AttributeError, RecursionError):  # not the JSON prepare writes
        return ()
    if not isinstance(units, list):
        return ()
    return tuple(
        u["sha256"] for u in units if isinstance(u, dict) and isinstance(u.get("sha256"), str)
    )


def policy_id(text: str) -> str:
    """``NAME@V`` checked and written canonically (``team@01`` is ``team@1``)."""
    name, at, version = text.rpartition("@")
    if not (at and name and name.isprintable() and version.isascii() and version.isdigit()):
        raise UsageError(f"--policy {text!r}: expected NAME@V, e.g. team-review@1")
    return f"{name}@{int(version)}"


def _checked(verdict: str, digest: str | None) -> tuple[Verdict, str | None]:
    if verdict not in VERDICTS:
        raise UsageError(f"--verdict {verdict!r}: expected one of {', '.join(VERDICTS)}")
    if digest is not None:
        digest = digest.lower()
        if len(digest) != 64 or not set(digest) <= _HEX:
            raise UsageError(f"--answer-sha256 {digest!r}: expected 64 hexadecimal digits")
    return cast(Verdict, verdict), digest


def record(
    db: sqlite3.Connection,
    where: str,
    *,
    attempt: int,
    verdict: str,
    policy: str,
    at: str,
    expected_answer: str | None = None,
) -> AssessmentRecord:
    """Keep one assessment of ``attempt``; refused (EVL013-EVL015), nothing written, when
    the attempt is unknown, has no answer, or its answer is not ``expected_answer``
    (a sha256 the assessor computed from the answer they judged)."""
    checked, expected = _checked(verdict, expected_answer)
    policy = policy_id(policy)
    row = None
    if 1 <= attempt < 1 << 63:  # beyond SQLite's integers no row can have the id
        row = db.execute(
            "SELECT a.answer, a.status, p.snapshot FROM attempts a"
            " LEFT JOIN preparations p ON p.id = a.preparation WHERE a.id = ?",
            (attempt,),
        ).fetchone()
    if row is None:
        raise EvidenceError([EVL015.diagnostic(f"the store has no attempt {attempt}", where)])
    answer, status, snapshot = row
    if answer is None:
        message = f"attempt {attempt} ({status}) has no answer to assess"
        raise EvidenceError([EVL014.diagnostic(message, where)])
    digest = answer_sha256(answer)
    if expected is not None and expected != digest:
        message = (
            f"attempt {attempt}'s answer has sha256 {digest}, not {expected}: "
            "the assessment is of another answer"
        )
        raise EvidenceError([EVL013.diagnostic(message, where)])
    made = Assessment(
        verdict=checked, answer_sha256=digest, basis_sha256=basis_of(snapshot), policy=policy
    )
    cursor = db.execute(
        "INSERT INTO assessments (attempt, verdict, answer_sha256, basis_sha256, policy,"
        " recorded_at) VALUES (?, ?, ?, ?, ?, ?)",
        (attempt, made.verdict, digest, json.dumps(list(made.basis_sha256)), policy, at),
    )
    ident = int(cursor.lastrowid or 0)
    return AssessmentRecord(id=ident, attempt=attempt, recorded_at=at, assessment=made, bound=True)


def records(db: sqlite3.Connection) -> list[AssessmentRecord]:
    """Every assessment kept, in the order recorded, each saying if it still binds."""
    found = []
    bases: dict[str | None, tuple[str, ...]] = {}  # many attempts share a preparation
    for ident, attempt, verdict, digest, basis, policy, at, answer, snapshot in db.execute(
        _RECORDS
    ):
        if snapshot not in bases:
            bases[snapshot] = basis_of(snapshot)
        kept = _digests(basis)
        made = Assessment(
            verdict=verdict, answer_sha256=digest, basis_sha256=kept or (), policy=policy
        )
        bound = (
            kept is not None
            and answer is not None
            and answer_sha256(answer) == digest
            and bases[snapshot] == made.basis_sha256
        )
        found.append(
            AssessmentRecord(
                id=ident, attempt=attempt, recorded_at=at, assessment=made, bound=bound
            )
        )
    return found


def _digests(text: str) -> tuple[str, ...] | None:
    """A stored basis list; None when a legacy row holds something else (unbound)."""
    try:
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    return tuple(value)


def latest_bound(db: sqlite3.Connection) -> dict[int, Assessment]:
    """Each assessed attempt's latest assessment that still binds it."""
    return {r.attempt: r.assessment for r in records(db) if r.bound}
