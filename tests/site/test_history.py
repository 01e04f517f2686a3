"""The site keeps the history (issue 25 §1): the gate's policy is each rule's
``publication``; relation and status-consistency findings are noted on the page, the
record stays published, its relations shown both ways, in the index and the graph."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from assay.engine.workspace.config import load_config
from assay.site.gate import decide
from assay.site.pages.indexes import NO_BREAK
from assay.site.pictures.chains import edges_of
from assay.site.tree import write_tree
from tests.site.test_pages import generated, stub_pictures


def record(number: int, title: str, status: str, *, extra: str = "", links: str = "") -> str:
    """A record in the adr-tools style, dated by its number."""
    text = (
        f"# {number}. {title}\n\nDate: 2025-01-{number:02d}\n\n## Status\n\n{status}\n\n"
        f"{extra}## Context\n\nWhy.\n\n## Decision\n\nWhat.\n\n## Consequences\n\nSo.\n"
    )
    return text + (f"\n## Links\n\n{links}" if links else "")


def workspace(root: Path, files: dict[str, str], config: str = "") -> Path:
    """``files`` (workspace path -> text) in a git repository with ``config``."""
    root.mkdir(parents=True)
    (root / "assay.toml").write_text(config, encoding="utf-8")
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root


A = "docs/adr/0001-use-kafka.md"
B = "docs/adr/0002-use-pulsar.md"
C = "docs/adr/0003-use-nats.md"
LINK_A = "[ADR 1](0001-use-kafka.md)"
LINK_B = "[ADR 2](0002-use-pulsar.md)"

#: name -> (files, config, excluded {path: code}, noted [(path, code, line, column)]).
CASES = {
    "accepted beside its own Superseded by: noted, not excluded": (
        {
            A: record(1, "Use Kafka", f"Accepted\n\nSuperseded by {LINK_B}"),
            B: record(2, "Use Pulsar", f"Accepted\n\nSupersedes {LINK_A}"),
        },
        "",
        {},
        [(A, "FLD008", 7, 1)],
    ),
    "superseded by what another record's Links list says: noted on both": (
        {
            A: record(1, "Use Kafka", "Accepted"),
            B: record(2, "Use Pulsar", "Accepted", links=f"- Supersedes {LINK_A}\n"),
        },
        "",
        {},
        [(A, "FLD008", 7, 1), (B, "LNK003", 23, 14)],
    ),
    "a one-sided relation made an error by the config is still only noted": (
        {
            A: record(1, "Use Kafka", "Superseded"),
            B: record(2, "Use Pulsar", "Accepted", links=f"- Supersedes {LINK_A}\n"),
        },
        '[severity]\nLNK003 = "error"\n',
        {},
        [(B, "LNK003", 23, 14)],
    ),
    "two records 2 in one folder: both published, the later noted": (
        {
            A: record(1, "Use Kafka", "Accepted"),
            B: record(2, "Use Pulsar", "Accepted"),
            ("docs/adr/0002-use-nats.md"): record(2, "Use NATS", "Accepted"),
        },
        "",
        {},
        [(B, "DOC009", 1, 1)],
    ),
    "a placeholder status makes the record's own text untrustworthy: excluded": (
        {
            A: record(1, "Use Kafka", "{proposed | accepted}"),
            B: record(2, "Use Pulsar", "Accepted"),
        },
        "",
        {A: "FLD006"},
        [],
    ),
    "a missing required section, the type declared: excluded": (
        {
            A: record(1, "Use Kafka", "Accepted").replace("## Decision\n\nWhat.\n\n", ""),
            "team.assay": 'use adr\n\ntype decision extends adr {\n    files "docs/adr/*.md"\n}\n',
        },
        "",
        {A: "DOC003"},
        [],
    ),
    # Without a spec nobody said a record must have one: a warning, and it publishes.
    "a missing section, no spec: published": (
        {A: record(1, "Use Kafka", "Accepted").replace("## Decision\n\nWhat.\n\n", "")},
        "",
        {},
        [],
    ),
    "excluded for its own text, its relation findings are not listed as noted": (
        {
            A: record(1, "Use Kafka", "{proposed | accepted}"),
            B: record(2, "Use Pulsar", "Accepted", links=f"- Supersedes {LINK_A}\n"),
        },
        "",
        {A: "FLD006"},
        [(B, "LNK003", 23, 14)],
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_gate_excludes_for_own_text_and_notes_relations(tmp_path: Path, name: str) -> None:
    files, config, excluded, noted = CASES[name]
    root = workspace(tmp_path / "ws", files, config)
    publication = decide(load_config(root), cache=False)
    assert {e.path: e.reason.split(" ", 1)[0] for e in publication.excluded} == excluded
    records = {path for path in files if path.endswith(".md")}
    assert set(publication.records) == records - set(excluded)
    assert [(d.path, d.code, d.span.line, d.span.column) for d in publication.noted] == noted


def _tree(tmp_path: Path, files: dict[str, str]) -> tuple[Path, object]:
    root = workspace(tmp_path / "ws", files)
    docs = tmp_path / "docs"
    docs.mkdir()
    return docs, write_tree(decide(load_config(root), cache=False), docs, pictures=stub_pictures)


CHAIN = {
    A: record(1, "Use `Kafka` for *events*", "Accepted"),
    B: record(2, "Use Pulsar", "Superseded", links=f"- Supersedes {LINK_A}\n"),
    C: record(3, "Use NATS", "Accepted", extra=f"Supersedes {LINK_B}\n\n"),
}


def test_a_chain_stated_by_the_newer_records_is_linked_both_ways_with_its_notes(
    tmp_path: Path,
) -> None:
    """0002's Links list and 0003's Status say what they supersede; 0001 and 0002 say
    nothing back. Every page links both ways and 0001's page shows its FLD008 note."""
    docs, _ = _tree(tmp_path, CHAIN)
    first = (docs / "decisions/0001-use-kafka.md").read_text(encoding="utf-8")
    second = (docs / "decisions/0002-use-pulsar.md").read_text(encoding="utf-8")
    assert "- **Superseded by:** [2. Use Pulsar](0002-use-pulsar.md)" in first
    assert "- **Supersedes:** [1. Use `Kafka` for *events*](0001-use-kafka.md)" in second
    assert "- **Superseded by:** [3. Use NATS](0003-use-nats.md)" in second
    assert (
        "> - FLD008 superseded-but-accepted (line 7, column 1): the record is superseded "
        "but its status is still `accepted`"
    ) in first
    index = (docs / "decisions/index.md").read_text(encoding="utf-8")
    date = "2025-01-01".replace("-", NO_BREAK)
    row = f"| **accepted** | {date} | Superseded by [2. Use Pulsar](0002-use-pulsar.md) |"
    assert row in index


def test_the_graph_draws_a_supersession_from_whichever_side_states_it(tmp_path: Path) -> None:
    """An older record's own `Superseded by` is an arrow from its successor, as the
    successor's `Supersedes` would be."""
    files = {
        A: record(1, "Use Kafka", f"Superseded by {LINK_B}"),
        B: record(2, "Use Pulsar", "Accepted"),
        C: record(3, "Use NATS", "Accepted", links=f"- Supersedes {LINK_B}\n"),
    }
    _, written = _tree(tmp_path, files)
    records = written.records  # type: ignore[attr-defined]
    edges = edges_of({r.path: r for r in records})
    assert [(e.source, e.target, e.kind) for e in edges] == [
        (B, A, "supersedes"),
        (C, B, "supersedes"),
    ]


def test_the_pages_of_a_chain_match_their_snapshots(
    tmp_path: Path, snapshot: SnapshotAssertion
) -> None:
    """The record pages (badge, relations both ways, notes) and the indexes, byte for byte."""
    docs, _ = _tree(tmp_path, CHAIN)
    assert generated(docs) == snapshot
