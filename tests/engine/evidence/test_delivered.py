"""What an agent was delivered is what it read (seed 002: "Capture actual stdin";
"Suppress verdicts without ... complete required delivery").

Generated agents read part of their input (none, some, all of it; more than a pipe
holds, or less) and then close it, exit, or fail; each reports how many bytes it got.
The store must record exactly that number, call the provision incomplete whenever it
is short of the stdin, and the summary must then give no verdict (EVL033). The task
attempt records the cue it was delivered, the overview attempt none.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assay.api import evaluation
from assay.spec.evidence import Policy
from tests.engine.evidence.delivery_workspace import DELIVERED_CUE, make

_POLICY = Policy(name="eval", version=1, recorded_at="2000-01-01T00:00:00Z", minimum_difference=0)


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, int]]:
    """The workspace, its prepared store (policy recorded), and each condition's stdin size."""
    root = make(tmp_path_factory.mktemp("delivered") / "repo")
    store = root.parent / "prepared.sqlite"
    made = evaluation.prepare(root, store, policy=_POLICY)
    sizes = {p.condition: len(p.stdin) for p in made}
    assert sizes["overview"] > 3 * 65536 > sizes["task"]  # past a pipe's buffer, and within
    return root, store, sizes


def _reads(size: int) -> st.SearchStrategy[int]:
    """How many bytes an agent reads: all (-1), none, one short, or any count."""
    return st.one_of(
        st.just(-1), st.just(0), st.just(size - 1), st.just(size), st.integers(0, size)
    )


@settings(
    max_examples=min(settings().max_examples, 20),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), end=st.sampled_from(["close", "exit", "fail"]))
def test_recorded_delivery_is_what_the_agent_read(
    prepared: tuple[Path, Path, dict[str, int]],
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    data: st.DataObject,
    end: str,
) -> None:
    root, template, sizes = prepared
    reads = {c: data.draw(_reads(sizes[c]), label=c) for c in ("overview", "task")}
    here = tmp_path_factory.mktemp("run")
    store = here / "evidence.sqlite"
    shutil.copyfile(template, store)
    for condition, count in reads.items():
        monkeypatch.setenv(f"READ_{condition.upper()}", str(count))
    monkeypatch.setenv("END", end)
    monkeypatch.setenv("REPORT", str(here))
    evaluation.run(root, store, runner="reader")
    found = evaluation.attempts(store)
    assert {a.condition for a in found} == {"overview", "task"}
    for attempt in found:
        got = int((here / attempt.condition).read_text())
        size = sizes[attempt.condition]
        assert attempt.provision.complete == (got == size), (attempt, got)
        assert attempt.provision.delivered == got
        assert attempt.provision.stdin_size == size
        if got < size:
            assert any("stdin" in m for m in attempt.provision.missing)
        assert attempt.versions.cue == (DELIVERED_CUE if attempt.condition == "task" else None)
    summary = evaluation.summarize_store(store)
    short = [a.id for a in found if a.provision.delivered != sizes[a.condition]]
    if short:
        assert summary.verdict is None
        [incomplete] = [r for r in summary.no_verdict if r.code == "EVL033"]
        assert set(short) <= set(incomplete.attempts)
    elif end != "fail":
        assert summary.verdict is not None, summary.no_verdict
