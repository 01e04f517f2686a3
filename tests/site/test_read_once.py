"""A record's page is written from what the check read of it, unless it changed since."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from assay.engine.workspace.config import load_config
from assay.site.gate import decide
from assay.site.pages import records
from assay.site.tree import write_tree
from tests.site.pages_workspace import KAFKA
from tests.site.test_pages import stub_pictures

PULSAR = """\
# 2. Use Pulsar

Date: 2025-02-20

## Status

Accepted

Supersedes [ADR 1](0001-use-kafka.md)

## Context

Kafka needs a team we do not have.

## Decision

We publish events to Pulsar.

## Consequences

One broker fewer to run.
"""


def workspace(root: Path, *, git: bool) -> Path:
    adr = root / "docs" / "adr"
    adr.mkdir(parents=True)
    (root / "assay.toml").write_text("", encoding="utf-8")
    (adr / "0001-use-kafka.md").write_text(KAFKA, encoding="utf-8")
    (adr / "0002-use-pulsar.md").write_text(PULSAR, encoding="utf-8")
    if git:  # stamped by the blob ids git's index vouches for; else by lstat
        subprocess.run(["git", "init", "-q"], cwd=root, check=True)
        subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root


@pytest.mark.parametrize("git", [True, False], ids=["git-stamps", "lstat-stamps"])
def test_an_unchanged_record_is_not_read_again_for_its_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, git: bool
) -> None:
    """The pages take the check's readings: no published record is read a second time."""
    root = workspace(tmp_path / "ws", git=git)
    publication = decide(load_config(root), cache=False)
    assert set(publication.readings) == set(publication.records)
    read_again: list[str] = []
    real = records.read
    monkeypatch.setattr(records, "read", lambda d, *rest: read_again.append(d) or real(d, *rest))
    (tmp_path / "docs").mkdir()
    tree = write_tree(publication, tmp_path / "docs", pictures=stub_pictures)
    assert [r.title for r in tree.records] == ["Use Kafka", "Use Pulsar"]
    assert read_again == []


@pytest.mark.parametrize("git", [True, False], ids=["git-stamps", "lstat-stamps"])
def test_a_record_changed_after_the_check_is_read_again_for_its_page(
    tmp_path: Path, git: bool
) -> None:
    """A record edited between the gate and its page gets a page of its new text: its
    title and the header after its new H1 come from a fresh reading, not the check's."""
    root = workspace(tmp_path / "ws", git=git)
    publication = decide(load_config(root), cache=False)
    record = root / "docs" / "adr" / "0002-use-pulsar.md"
    record.write_text(PULSAR.replace("# 2. Use Pulsar", "# 2. Use Apache Pulsar"), "utf-8")
    docs = tmp_path / "docs"
    docs.mkdir()
    tree = write_tree(publication, docs, pictures=stub_pictures)
    assert [r.title for r in tree.records] == ["Use Kafka", "Use Apache Pulsar"]
    page = (docs / "decisions" / "0002-use-pulsar.md").read_text(encoding="utf-8")
    assert page.startswith("# 2. Use Apache Pulsar\n\n![Status: accepted](")
