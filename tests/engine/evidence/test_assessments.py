"""Independent assessments in the store: recorded bound to the answer digest, the
source basis digests and the policy; refused (nothing written) for another answer, an
attempt without one or an unknown attempt; every one kept, the latest still bound
returned; carried by merge and from the legacy column of older stores."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.api import evaluation
from assay.engine.evidence.assessments import basis_of, policy_id
from assay.engine.evidence.codes import EvidenceError
from assay.errors import UsageError
from assay.spec.evidence import Attempt
from tests.engine.evidence.workspace import GUIDE, OVERVIEW, make, spec

FIXTURE = Path(__file__).parent / "fixtures" / "schema1.sqlite"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store with one run of two tasks (attempts 1-4: add, then mul; overview first)."""
    root = make(tmp_path_factory.mktemp("assess") / "ws", spec("correct", tasks=2))
    evaluation.prepare(root, root / "e.sqlite")
    evaluation.run(root, root / "e.sqlite", runner="fixture")
    return root / "e.sqlite"


@pytest.fixture
def db(ran: Path, tmp_path: Path) -> Path:
    """A copy of the run's store, for one test to change."""
    return Path(shutil.copyfile(ran, tmp_path / "e.sqlite"))


def _attempt(db: Path, ident: int) -> Attempt:
    [found] = [a for a in evaluation.attempts(db) if a.id == ident]
    return found


def test_an_assessment_binds_the_answer_the_basis_and_the_policy(db: Path) -> None:
    """The record holds the stored answer's sha256, the delivered sources' digests and
    the policy; the attempt then reads it back as its assessment."""
    task = _attempt(db, 2)
    assert (task.task, task.condition, task.answer) == ("add", "task", "5")
    made = evaluation.assess(db, 2, "supported", "review@01")
    assert made.bound and made.attempt == 2 and made.recorded_at
    assert made.assessment.answer_sha256 == _sha(b"5")
    assert made.assessment.basis_sha256 == (_sha(GUIDE),)  # the bundle's one source
    assert made.assessment.policy == "review@1"
    assert _attempt(db, 2).assessment == made.assessment
    overview = evaluation.assess(db, 1, "unclear", "review@1")
    assert overview.assessment.basis_sha256 == (_sha(OVERVIEW),)
    assert _attempt(db, 3).assessment is None


def test_another_answers_digest_is_refused_and_nothing_written(db: Path) -> None:
    """EVL013 when --answer-sha256 is not the stored answer's; the right one (in any
    case) is accepted."""
    with pytest.raises(EvidenceError, match="EVL013") as refused:
        evaluation.assess(db, 2, "supported", "review@1", answer_sha256=_sha(b"6"))
    assert _sha(b"5") in str(refused.value)
    assert evaluation.assessments(db) == []
    made = evaluation.assess(db, 2, "supported", "review@1", answer_sha256=_sha(b"5").upper())
    assert made.assessment.answer_sha256 == _sha(b"5")


def test_an_attempt_without_an_answer_cannot_be_assessed(tmp_path: Path) -> None:
    """A crashed attempt has no answer: EVL014 names its status; nothing written."""
    root = make(tmp_path / "ws", spec("crash", tasks=2))
    db = root / "e.sqlite"
    evaluation.prepare(root, db)
    evaluation.run(root, db, runner="fixture")
    with pytest.raises(EvidenceError, match=r"EVL014 attempt 2 \(failed\) has no answer"):
        evaluation.assess(db, 2, "unsupported", "review@1")
    assert evaluation.assessments(db) == []


def test_an_unknown_attempt_is_refused(db: Path) -> None:
    """EVL015 for an id the store does not have."""
    with pytest.raises(EvidenceError, match="EVL015 the store has no attempt 99"):
        evaluation.assess(db, 99, "supported", "review@1")
    for beyond in (0, -1, 1 << 63, 10**30):  # no row has such an id (nor can SQLite hold it)
        with pytest.raises(EvidenceError, match="EVL015"):
            evaluation.assess(db, beyond, "supported", "review@1")


@pytest.mark.parametrize(
    ("attempt", "verdict", "policy", "digest", "message"),
    [
        (2, "maybe", "review@1", None, "--verdict 'maybe'"),
        (2, "supported", "review", None, "expected NAME@V"),
        (2, "supported", "review@v1", None, "expected NAME@V"),
        (2, "supported", "@1", None, "expected NAME@V"),
        (2, "supported", "re\x1bview@1", None, "expected NAME@V"),
        (2, "supported", "review@1", "abc", "64 hexadecimal digits"),
        (True, "supported", "review@1", None, "expected an attempt id"),
    ],
)
def test_malformed_arguments_are_usage_errors(
    db: Path, attempt: int, verdict: str, policy: str, digest: str | None, message: str
) -> None:
    """A verdict, policy, digest or id of the wrong form: UsageError, nothing written."""
    with pytest.raises(UsageError, match=message.replace("(", r"\(")):
        evaluation.assess(db, attempt, verdict, policy, answer_sha256=digest)
    assert evaluation.assessments(db) == []


def test_every_assessment_is_kept_and_the_latest_is_the_attempts(db: Path) -> None:
    """A second assessment never overwrites the first: both are listed, in order."""
    first = evaluation.assess(db, 2, "supported", "review@1")
    second = evaluation.assess(db, 2, "unsupported", "review@2")
    kept = evaluation.assessments(db)
    assert [r.id for r in kept] == [first.id, second.id]
    assert [r.assessment.verdict for r in kept] == ["supported", "unsupported"]
    assert _attempt(db, 2).assessment == second.assessment


def test_an_assessment_no_longer_bound_is_kept_but_not_returned(db: Path) -> None:
    """An attempt whose answer (or basis) no longer has the assessed digest: the
    assessment stays listed, unbound, and the latest one still bound is returned."""
    bound = evaluation.assess(db, 2, "supported", "review@1")
    connection = sqlite3.connect(db)
    with connection:  # as legacy or hand-merged data could hold
        connection.execute(
            "INSERT INTO assessments (attempt, verdict, answer_sha256, basis_sha256, policy,"
            " recorded_at) VALUES (2, 'unsupported', ?, '[]', 'review@1', 'later')",
            (_sha(b"another answer"),),
        )
    assert [r.bound for r in evaluation.assessments(db)] == [True, False]
    assert _attempt(db, 2).assessment == bound.assessment
    with connection:
        connection.execute("UPDATE attempts SET answer = '6' WHERE id = 2")
    assert [r.bound for r in evaluation.assessments(db)] == [False, False]
    assert _attempt(db, 2).assessment is None
    with connection:
        connection.execute("UPDATE attempts SET answer = '5' WHERE id = 2")
        connection.execute(
            "UPDATE preparations SET snapshot = json_set(snapshot, '$.units[0].sha256', ?)"
            " WHERE id = (SELECT preparation FROM attempts WHERE id = 2)",
            ("0" * 64,),
        )
    connection.close()
    assert _attempt(db, 2).assessment is None  # the basis changed under it


def test_assessments_survive_merge(tmp_path: Path) -> None:
    """Each shard's assessments follow their attempts to the merged store, bound."""
    root = make(tmp_path / "ws", spec("correct", tasks=6))
    shards = [root / "s1.sqlite", root / "s2.sqlite"]
    assessed: dict[tuple[str, str], str] = {}
    for index, shard in enumerate(shards, start=1):
        evaluation.prepare(root, shard)
        evaluation.run(root, shard, runner="fixture", shard=(index, 2))
        first, last = evaluation.attempts(shard)[0], evaluation.attempts(shard)[-1]
        for attempt, verdict in ((first, "supported"), (last, "unclear")):
            evaluation.assess(shard, attempt.id, verdict, "review@1")
            assessed[(attempt.task, attempt.condition)] = verdict
    evaluation.merge(root / "all.sqlite", shards)
    merged = evaluation.attempts(root / "all.sqlite")
    found = {(a.task, a.condition): a.assessment.verdict for a in merged if a.assessment}
    assert found == assessed
    records = evaluation.assessments(root / "all.sqlite")
    assert len(records) == 4 and all(r.bound for r in records)


def test_a_legacy_column_assessment_is_carried_by_the_migration(tmp_path: Path) -> None:
    """A schema-1 store whose attempt holds an assessment in the old column: upgraded,
    it is a row of `assessments` (recorded_at unknown) and still binds its attempt."""
    copy = Path(shutil.copyfile(FIXTURE, tmp_path / "old.sqlite"))
    legacy = {
        "verdict": "supported",
        "answer_sha256": _sha(b"5"),
        "basis_sha256": [],
        "policy": "review@1",
    }
    connection = sqlite3.connect(copy)
    with connection:
        connection.execute("UPDATE attempts SET assessment = ?", (json.dumps(legacy),))
    connection.close()
    [record] = evaluation.assessments(copy)
    assert record.recorded_at is None and record.bound
    [attempt] = evaluation.attempts(copy)
    assert attempt.assessment is not None and attempt.assessment.policy == "review@1"


@given(st.text(max_size=20) | st.from_regex(r"[a-z\u00e9 -]{1,8}@[0-9]{1,4}", fullmatch=True))
def test_policy_ids_are_refused_or_canonical(text: str) -> None:
    """Any text: a UsageError, or NAME@V whose canonical form reads back unchanged."""
    try:
        canonical = policy_id(text)
    except UsageError as error:
        assert "expected NAME@V" in str(error)
        return
    name, _, version = canonical.rpartition("@")
    assert name and version == str(int(version)) and policy_id(canonical) == canonical


@given(
    st.text(max_size=40)
    | st.sampled_from(["[]", '{"units": 3}', '{"units": [1, {}, {"sha256": 5}]}', "[" * 10**5])
)
def test_any_snapshot_text_gives_a_basis_never_an_error(text: str) -> None:
    """A snapshot that is not prepare's JSON (legacy, hand-edited) has no digests."""
    assert all(isinstance(d, str) for d in basis_of(text))
