"""An overview document is read into the agent's stdin in memory, so it is held to the
budget's cap (``MAX_BUDGET``): a larger one is missing provision, never read whole."""

from __future__ import annotations

import os
from pathlib import Path

from assay.engine.evidence.material import overview_material
from assay.engine.files.tracking import Unchecked
from assay.spec.evaluation import BenchmarkDecl
from assay.spec.manifest import MAX_BUDGET
from assay.spec.source import Span

_SPAN = Span(0, 1, 1, 1, 1, 2)


def _bench(*paths: str) -> BenchmarkDecl:
    return BenchmarkDecl(name="b", version=1, overview=paths, span=_SPAN, name_span=_SPAN)


def test_an_overview_over_the_cap_is_missing_provision(tmp_path: Path) -> None:
    with open(tmp_path / "huge.md", "wb") as stream:  # sparse: no disk, all zeros
        stream.truncate(MAX_BUDGET["bytes"] + 1)
    (tmp_path / "small.md").write_bytes(b"# Overview\n")
    made = overview_material(str(tmp_path), _bench("huge.md", "small.md"), Unchecked("test"))
    assert len(made.missing) == 1 and made.missing[0].startswith("huge.md: larger than")
    assert b"# Overview" in made.material and len(made.material) < 1024


def test_an_overview_at_the_cap_is_delivered(tmp_path: Path) -> None:
    with open(tmp_path / "full.md", "wb") as stream:
        stream.truncate(MAX_BUDGET["bytes"])
    made = overview_material(str(tmp_path), _bench("full.md"), Unchecked("test"))
    assert made.missing == () and len(made.material) > MAX_BUDGET["bytes"]
    os.unlink(tmp_path / "full.md")
