"""Shards: ``--shard I/N`` slices tasks deterministically; merging the shards' stores
equals one unsharded run; incompatible stores are refused (EVL010)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.api import evaluation
from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.shards import parse_shard, shard_tasks
from assay.engine.files.destination import DestinationRefused
from assay.errors import UsageError
from assay.spec.evidence import Attempt
from tests.engine.evidence.workspace import make, spec


def _comparable(found: list[Attempt]) -> list[tuple[object, ...]]:
    """An attempt without what differs between runs: ids, times, shard."""
    return sorted(
        (
            a.task,
            a.condition,
            a.status,
            a.correctness,
            a.answer,
            a.exit_code,
            a.provision,
            a.versions,
            a.counters,
            a.unknown_fields,
        )
        for a in found
    )


def test_merged_shards_equal_one_unsharded_run(tmp_path: Path) -> None:
    """Three shards run apart and merged give the attempts of one run of all tasks."""
    root = make(tmp_path / "ws", spec("correct", tasks=9))
    whole, shards = root / "whole.sqlite", [root / f"s{i}.sqlite" for i in (1, 2, 3)]
    evaluation.prepare(root, whole)
    evaluation.run(root, whole, runner="fixture")
    for index, db in enumerate(shards, start=1):
        evaluation.prepare(root, db)
        evaluation.run(root, db, runner="fixture", shard=(index, 3))
    copied = evaluation.merge(root / "merged.sqlite", shards)
    merged = evaluation.attempts(root / "merged.sqlite")
    assert copied == len(merged) == 18
    assert _comparable(merged) == _comparable(evaluation.attempts(whole))
    assert {a.shard for a in merged} == {"1/3", "2/3", "3/3"}


def test_merge_refuses_other_versions_and_writes_nothing(tmp_path: Path) -> None:
    """Stores that ran another runner version are EVL010; OUT is not created."""
    root = make(tmp_path / "ws", spec("correct", tasks=2))
    evaluation.prepare(root, root / "a.sqlite")
    evaluation.run(root, root / "a.sqlite", runner="fixture")
    (root / "eval.assay").write_text(
        (root / "eval.assay")
        .read_text()
        .replace("runner fixture version 1", "runner fixture version 2")
    )
    evaluation.prepare(root, root / "b.sqlite")
    evaluation.run(root, root / "b.sqlite", runner="fixture")
    with pytest.raises(EvidenceError, match=r"EVL010.*other versions"):
        evaluation.merge(root / "out.sqlite", [root / "a.sqlite", root / "b.sqlite"])
    assert not (root / "out.sqlite").exists()


def test_merge_refuses_other_material(tmp_path: Path) -> None:
    """Stores prepared from different material are EVL010 too."""
    root = make(tmp_path / "ws", spec("correct", tasks=2))
    evaluation.prepare(root, root / "a.sqlite")
    (root / "docs/overview.md").write_bytes(b"# Overview\n\nOther words.\n")
    evaluation.prepare(root, root / "b.sqlite")
    with pytest.raises(EvidenceError, match=r"EVL010.*other material"):
        evaluation.merge(root / "out.sqlite", [root / "a.sqlite", root / "b.sqlite"])


def test_merge_needs_a_new_output(tmp_path: Path) -> None:
    """An existing OUT is never overwritten."""
    root = make(tmp_path / "ws", spec("correct", tasks=2))
    evaluation.prepare(root, root / "a.sqlite")
    shutil.copyfile(root / "a.sqlite", root / "b.sqlite")
    with pytest.raises(EvidenceError, match="exists already"):  # a shard: never written
        evaluation.merge(root / "a.sqlite", [root / "a.sqlite", root / "b.sqlite"])
    (root / "link.sqlite").symlink_to(root / "gone.sqlite")  # a dangling link: refused
    with pytest.raises(EvidenceError, match="exists already"):
        evaluation.merge(root / "link.sqlite", [root / "a.sqlite", root / "b.sqlite"])
    assert not (root / "gone.sqlite").exists()
    with pytest.raises(DestinationRefused, match=r"inside a \.git folder"):
        evaluation.merge(root / ".git" / "x.sqlite", [root / "a.sqlite", root / "b.sqlite"])
    shutil.copyfile(root / "a.sqlite", root / "c.sqlite")
    with pytest.raises(EvidenceError, match="exists already"):
        evaluation.merge(root / "c.sqlite", [root / "a.sqlite", root / "b.sqlite"])


@given(st.lists(st.text(min_size=1), max_size=60, unique=True), st.integers(1, 12))
def test_shards_are_disjoint_even_and_cover_every_task(names: list[str], count: int) -> None:
    """Every task is in exactly one of the N shards, each holding ⌊T/N⌋ or ⌈T/N⌉."""
    slices = [shard_tasks(names, (i, count)) for i in range(1, count + 1)]
    for name in names:
        assert sum(name in s for s in slices) == 1
    low, high = len(names) // count, -(-len(names) // count)
    assert all(low <= len(s) <= high for s in slices)
    assert slices == [shard_tasks(reversed(names), (i, count)) for i in range(1, count + 1)]


def test_six_tasks_in_two_shards_are_three_and_three() -> None:
    names = ["add", "mul", "t000", "t001", "t002", "t003"]
    assert [len(shard_tasks(names, (i, 2))) for i in (1, 2)] == [3, 3]


@pytest.mark.parametrize("text", ["0/3", "4/3", "1", "a/b", "1/0", "-1/2", "１/2"])  # noqa: RUF001 (the point)
def test_bad_shards_are_usage_errors(text: str) -> None:
    """I/N with I from 1 to N, in ASCII digits; anything else says so."""
    with pytest.raises(UsageError, match="--shard"):
        parse_shard(text)
