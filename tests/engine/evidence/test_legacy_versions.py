"""A kept legacy version never blocks the current one (seed 002: "Keep legacy
versions"; independent benchmark, answer and runner versions).

Generated specs keep several versions of a benchmark (tasks dropped and added from
one to the next), an answer key made for each of some of them, and runners at several
versions. Whatever is kept, ``eval prepare`` of the newest benchmark succeeds when a
key made for it exists, with the newest key made for it; each legacy version with a key
of its own prepares too, with its own.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assay.api import evaluation
from assay.engine.evidence.plan import make_plan
from assay.engine.workspace.config import load_config

_POOL = ("add", "sub", "mul", "div")

#: Each benchmark version's tasks: a non-empty set from the pool.
_task_sets = st.lists(st.sets(st.sampled_from(_POOL), min_size=1), min_size=1, max_size=3)


def _spec(benchmarks: list[set[str]], keyed: list[int], runners: int) -> str:
    """Benchmark ``b`` at versions 1..N, key ``k`` version i made for each benchmark
    version in ``keyed`` (answering all its tasks), runners ``r`` 1..``runners``."""
    parts = []
    for version, tasks in enumerate(benchmarks, start=1):
        body = " ".join(f'task {t} {{ prompt "Solve {t}." }}' for t in sorted(tasks))
        parts.append(f"benchmark b version {version} {{ {body} }}")
    for number, made_for in enumerate(keyed, start=1):
        answers = " ".join(f'{t} "1"' for t in sorted(benchmarks[made_for - 1]))
        parts.append(f"answers k version {number} for b {{ {answers} }}")
    for version in range(1, runners + 1):
        parts.append(f'runner r version {version} {{ argv ["agent"] }}')
    parts.append("results out version 1 { answer answer }")
    return "\n".join(parts) + "\n"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("legacy") / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "assay.toml").write_text('specs = ["eval.assay"]\n')
    return root


@settings(
    max_examples=min(settings().max_examples, 25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), benchmarks=_task_sets, runners=st.integers(1, 3))
def test_a_legacy_version_never_blocks_the_current_one(
    repo: Path,
    tmp_path_factory: pytest.TempPathFactory,
    data: st.DataObject,
    benchmarks: list[set[str]],
    runners: int,
) -> None:
    newest = len(benchmarks)
    # Keys, oldest first, each made for a version at or after the last one's: the
    # newest version always has one (the current key), legacy versions may.
    legacy = data.draw(
        st.lists(st.integers(1, newest), max_size=3).map(sorted), label="legacy keys"
    )
    keyed = [*legacy, newest]
    (repo / "eval.assay").write_text(_spec(benchmarks, keyed, runners))
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    store = tmp_path_factory.mktemp("store") / "evidence.sqlite"
    made = evaluation.prepare(repo, store)
    assert {p.task for p in made} == benchmarks[-1]
    assert {p.benchmark for p in made} == {f"b@{newest}"}
    config = load_config(repo)
    for version in sorted(set(keyed)):
        runner = data.draw(st.integers(1, runners), label="runner")
        plan = make_plan(config, benchmark=f"b@{version}", runner=f"r@{runner}", need_runner=True)
        assert plan.required_runner().version == runner
        # The newest key whose answers all name tasks of this version (its own, or a
        # later one's whose tasks it still has).
        fitting = [
            n for n, v in enumerate(keyed, 1) if benchmarks[v - 1] <= benchmarks[version - 1]
        ]
        assert plan.answer_key.version == max(fitting)
        if version != newest:
            legacy_store = store.with_name(f"legacy-{version}.sqlite")
            made = evaluation.prepare(repo, legacy_store, benchmark=f"b@{version}")
            assert {p.task for p in made} == benchmarks[version - 1]
