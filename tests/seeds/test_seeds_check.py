"""The three accepted seed ADRs check clean under `adr`, and each planted defect is found.

The seeds are copied into tests/fixtures/seeds. Seed 000's four
Implementation-evidence links point into its original repository: at the workspace
root they climb out of it (LNK002), two folders down they land inside it on files that
do not exist (LNK001).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.engine.workspace.loading import load_workspace
from tests.seeds.files import SEEDS, seed_text

# The small spec: the seeds are `adr` records kept as .txt files.
SPEC = 'use adr\n\ntype seed extends adr {\n    files "**/seeds/*.txt"\n}\n'
EVIDENCE = [
    "src/presentation/consultation-guidance.ts",
    "extensions/index.ts",
    "tests/consultation.test.ts",
    "tests/e2e.test.ts",
]


def _workspace(root: Path, folder: str, texts: dict[str, str] | None = None) -> Path:
    (root / "assay").mkdir(parents=True)
    (root / "assay" / "seeds.assay").write_text(SPEC)
    (root / "assay.toml").write_text('specs = ["assay/*.assay"]\n')
    target = root / folder
    target.mkdir(parents=True)
    for seed in SEEDS:
        text = (texts or {}).get(seed.name[:3])
        if text is None:
            (target / seed.name).write_bytes(seed.read_bytes())
        else:
            (target / seed.name).write_text(text, encoding="utf-8")
    return root


def _found(root: Path) -> list[tuple[str, str, int, int]]:
    result = check(load_config(root))
    return [(Path(d.path).name[:3], d.code, d.span.line, d.span.column) for d in result.diagnostics]


def test_seeds_at_the_root_only_leave_the_workspace(tmp_path: Path) -> None:
    """At the root, the four evidence links escape the workspace: LNK002, nothing else."""
    root = _workspace(tmp_path, "seeds")
    assert _found(root) == [("000", "LNK002", line, 3) for line in (90, 91, 92, 93)]


def test_seeds_two_folders_down_have_broken_links(tmp_path: Path) -> None:
    """Two folders down, `../../src/…` stays inside and is missing: LNK001, nothing else."""
    root = _workspace(tmp_path, "history/adr/seeds")
    assert _found(root) == [("000", "LNK001", line, 3) for line in (90, 91, 92, 93)]


def test_seeds_with_their_evidence_present_are_clean(tmp_path: Path) -> None:
    """With the evidence files in place, the three seeds have no findings at all."""
    root = _workspace(tmp_path, "history/adr/seeds")
    for path in EVIDENCE:
        (root / "history" / path).parent.mkdir(parents=True, exist_ok=True)
        (root / "history" / path).write_text("// evidence\n")
    assert _found(root) == []


def test_seed_003_states_one_status_twice(tmp_path: Path) -> None:
    """`Type: … · Status: accepted` and `Status: accepted Date: …` agree: two readings,
    one value, and no FLD005."""
    root = _workspace(tmp_path, "seeds")
    documents = {Path(d.path).name[:3]: d for d in load_workspace(load_config(root)).documents}
    reading = documents["003"].reading
    assert reading is not None
    statuses = [(f.value, f.span.line, f.span.column) for f in reading.field("Status")]
    assert statuses == [("accepted", 3, 40), ("accepted", 5, 9)]
    assert reading.value("Date") == "2026-09-29"
    two = documents["002"].reading
    assert two is not None
    assert (two.value("Status"), two.value("Date")) == ("accepted", "2026-10-08")
    assert [s.name for s in two.sections if s.declared] == [
        "Context",
        "Decision",
        "Consequences",
        "Alternatives",
    ]


BROKEN = [
    # (seed, old text, new text, expected finding)
    ("000", "- Status: Accepted", "- Status: Acceptable", ("000", "FLD002", 3, 11)),
    ("000", "## Decision\n", "## Resolution\n", ("000", "DOC003", 1, 1)),
    ("003", "Status: accepted Date:", "Status: proposed Date:", ("003", "FLD005", 5, 9)),
    ("002", "\nDecision\n", "\nResolution\n", ("002", "DOC003", 1, 1)),
    ("002", "Status: accepted", "Status: approved-ish", ("002", "FLD002", 7, 26)),
]


@pytest.mark.parametrize(
    ("seed", "old", "new", "expected"),
    [pytest.param(*case, id=f"{case[0]}-{case[3][1]}") for case in BROKEN],
)
def test_a_seed_broken_one_way_reports_exactly_that(
    tmp_path: Path, seed: str, old: str, new: str, expected: tuple[str, str, int, int]
) -> None:
    """Each planted defect is the only finding besides the four known link findings."""
    text = seed_text(seed)
    assert text.count(old) == 1
    root = _workspace(tmp_path, "seeds", {seed: text.replace(old, new)})
    links = [("000", "LNK002", line, 3) for line in (90, 91, 92, 93)]
    assert sorted(_found(root)) == sorted([*links, expected])


def test_a_seed_with_one_broken_link_reports_that_link(tmp_path: Path) -> None:
    """With the evidence present, renaming one target leaves exactly one LNK001."""
    text = seed_text("000").replace("(../../extensions/index.ts)", "(../../extensions/indx.ts)")
    root = _workspace(tmp_path, "history/adr/seeds", {"000": text})
    for path in EVIDENCE:
        (root / "history" / path).parent.mkdir(parents=True, exist_ok=True)
        (root / "history" / path).write_text("// evidence\n")
    assert _found(root) == [("000", "LNK001", 91, 3)]
