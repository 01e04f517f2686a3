"""The seeds read as documents: no diagnostics, the models snapshotted, and the fast
lane reading them exactly as the line procedure does."""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.extensions.json import JSONSnapshotExtension

from assay import parse_document
from assay.spec.convert import to_json_value
from tests.conftest import SEED_FOLDER
from tests.grammar.test_commonmark_agreement import assert_agrees
from tests.seeds.files import NAMES, SEEDS


@pytest.fixture
def json_snapshot(snapshot):  # type: ignore[no-untyped-def]
    """Snapshots as JSON, so they read like `assay parse --json`."""
    return snapshot.use_extension(JSONSnapshotExtension)


def test_the_seed_folder_holds_the_three_seeds() -> None:
    """The parameter lists below name the seeds; the folder must hold each of them."""
    assert sorted(p.name for p in SEED_FOLDER.glob("*.txt")) == sorted(NAMES)


@pytest.mark.parametrize("seed", SEEDS, ids=NAMES)
def test_seed_model(seed: Path, json_snapshot) -> None:  # type: ignore[no-untyped-def]
    """The three accepted seed ADRs parse without diagnostics; their models are snapshotted."""
    parsed = parse_document(seed.read_bytes(), seed.name)
    assert parsed.diagnostics == ()
    assert to_json_value(parsed.value) == json_snapshot


@pytest.mark.parametrize("seed", SEEDS, ids=NAMES)
def test_seed_reads_as_markdown_it_reads_it(seed: Path) -> None:
    """The seeds are .txt files, read as Markdown: as CommonMark reads them."""
    assert_agrees(seed.read_bytes())
