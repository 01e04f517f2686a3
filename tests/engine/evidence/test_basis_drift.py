"""A basis error keeps its evidence (seed 002: "Retain ... raw evidence on ... basis
errors"): every unit that drifted since ``prepare``, by path, with the digest pinned
at prepare and the digest now, on each row the drift stopped, and in its note.

Generated drifts change the overview document, the task's primary source (its pin
renewed, as an author would), the prompt, or several at once, between prepare and run.
"""

from __future__ import annotations

import hashlib
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assay.api import evaluation
from tests.engine.evidence.workspace import GUIDE, OVERVIEW, make, spec


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@settings(
    max_examples=min(settings().max_examples, 10),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    changed=st.sets(st.sampled_from(["overview", "primary", "prompt"]), min_size=1),
    extra=st.text("abc \n", min_size=1, max_size=20),
)
def test_a_basis_error_keeps_each_drifted_path_and_both_digests(
    tmp_path_factory: pytest.TempPathFactory, changed: set[str], extra: str
) -> None:
    root = make(tmp_path_factory.mktemp("drift") / "repo", spec(tasks=1 + 1))
    db = root / "evidence.sqlite"
    evaluation.prepare(root, db)
    text = (root / "eval.assay").read_text()
    expected: set[tuple[str, str, str, str]] = set()
    if "overview" in changed:
        now = OVERVIEW + extra.encode()
        (root / "docs/overview.md").write_bytes(now)
        expected.add(("overview", "docs/overview.md", _sha(OVERVIEW), _sha(now)))
    if "primary" in changed:
        now = GUIDE + extra.encode()
        (root / "docs/adding.md").write_bytes(now)
        text = text.replace(_sha(GUIDE), _sha(now))  # the pin renewed
        expected.add(("task", "docs/adding.md", _sha(GUIDE), _sha(now)))
    if "prompt" in changed:
        text = text.replace(
            'prompt "Solve add."', f'prompt "Solve add. {" ".join(extra.split())}!"'
        )
    (root / "eval.assay").write_text(text)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)

    evaluation.run(root, db, runner="fixture")
    found = evaluation.attempts(db)
    stopped = [a for a in found if a.status == "basis-error"]
    assert stopped, found
    for attempt in stopped:
        kept = {(d.condition, d.path, d.prepared_sha256, d.current_sha256) for d in attempt.drift}
        # Each changed file by its path; a condition whose files are all the same but
        # whose stdin is not (the prompt changed) by the stdin, with both digests.
        assert {k for k in kept if k[1] != "(stdin)"} == expected, attempt.drift
        if attempt.task == "add" and "prompt" in changed and "primary" not in changed:
            assert ("task", "(stdin)") in {(k[0], k[1]) for k in kept}
        assert all(k[2] and k[3] and k[2] != k[3] for k in kept if k[1] == "(stdin)")
        for _, path, before, after in kept:
            assert path in (attempt.note or "")
            assert str(before) in (attempt.note or "") and str(after) in (attempt.note or "")
    # Only the prompt of `add` changed: `mul` still runs; anything else stops both.
    assert {a.task for a in stopped} == ({"add"} if changed == {"prompt"} else {"add", "mul"})
