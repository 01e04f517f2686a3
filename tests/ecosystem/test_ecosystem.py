"""assay on the decision records of real repositories, every finding judged.

For each repository of the corpus (``tests/ecosystem/manifest.toml``): the JSON report
``assay check`` prints there is the snapshot's, so every change in what assay reports
is seen in review; every error and warning has a verdict in its key
(``keys/<slug>.txt``), and no key line judges a finding no longer reported; no record
is left out of a publish for a finding its key calls false. The corpus's precision,
from the keys, meets its targets. ``python -m tests.ecosystem`` prints the figures.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from tests.ecosystem.corpus import REPOS, Repo, key, repos, setup
from tests.ecosystem.survey import survey

CORPUS = repos()

#: The precision the corpus's keys must show (the share of findings judged true).
ERRORS = 0.98
WARNINGS = 0.90


@pytest.mark.parametrize("repo", CORPUS, ids=lambda r: r.slug)
def test_every_finding_is_judged(repo: Repo, tmp_path: Path, snapshot: SnapshotAssertion) -> None:
    done = survey(repo, setup(repo, tmp_path))
    assert done.report == snapshot(name="report")
    assert list(done.records) == snapshot(name="records")
    hint = "judge it in keys/ (python -m tests.ecosystem --keys writes `?` lines)"
    assert not done.unjudged, f"findings no key line judges; {hint}: {done.unjudged}"
    assert not done.stale, f"key lines for findings no longer reported: {done.stale}"
    assert not done.falsely_left_out, f"left out of a publish for a false finding: {done.falsely_left_out}"


def test_the_corpus_is_vendored_with_its_licences() -> None:
    assert len(CORPUS) >= 40
    for repo in CORPUS:
        folder = REPOS / repo.slug
        assert len(repo.commit) == 40 and int(repo.commit, 16) >= 0, repo.name
        for licence in repo.licence_files:
            assert (folder / licence).is_file(), f"{repo.name}: no {licence}"
        for records in repo.folders:
            assert (folder / records).is_dir(), f"{repo.name}: no {records}"


def test_the_keys_meet_the_precision_targets() -> None:
    judged = {"error": [0, 0], "warning": [0, 0]}
    for repo in CORPUS:
        for verdict in key(repo).values():
            judged[verdict.severity][0 if verdict.true else 1] += 1
    for severity, target in (("error", ERRORS), ("warning", WARNINGS)):
        true, false = judged[severity]
        assert true / max(1, true + false) >= target, (severity, true, false)
