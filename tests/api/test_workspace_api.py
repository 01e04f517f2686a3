"""`assay.api.workspace`: the config, what discovery finds, new records and runs, as values."""

from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

import pytest

from assay.api import workspace
from assay.errors import UsageError
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"


@pytest.fixture
def records(tmp_path: Path) -> Path:
    """A git repository with two numbered records in docs/adr and an empty assay.toml."""
    root = tmp_path / "repo"
    (root / "docs" / "adr").mkdir(parents=True)
    (root / "assay.toml").write_text("")
    for number, title in ((1, "Record architecture decisions"), (2, "Use PostgreSQL")):
        name = f"{number:04d}-{title.lower().replace(' ', '-')}.md"
        (root / "docs" / "adr" / name).write_text(
            f"# {number}. {title}\n\nDate: 2024-01-0{number}\n\n## Status\n\nAccepted\n\n"
            "## Context\n\nWhy.\n\n## Decision\n\nWhat.\n\n## Consequences\n\nThen.\n"
        )
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def test_load_config_finds_the_nearest_and_takes_an_explicit_file(tmp_path: Path) -> None:
    """From below the root up; `config` names a file instead; a bad one is a ConfigError."""
    config = workspace.load_config(EXAMPLES / "docs")
    assert (config.root, config.source) == (EXAMPLES, EXAMPLES / "assay.toml")
    other = tmp_path / "other.toml"
    other.write_text('include = ["notes/*.md"]\n')
    assert workspace.load_config(EXAMPLES, other).include == ("notes/*.md",)
    other.write_text("include = [\n")
    with pytest.raises(workspace.ConfigError):
        workspace.load_config(EXAMPLES, other)


def test_inventory_lists_each_file_with_its_type_and_reason() -> None:
    """What `assay files` prints: documents, specs and skipped files, in path order."""
    found = workspace.inventory(workspace.load_config(EXAMPLES))
    paths = [entry.path for entry in found.files]
    assert paths == sorted(paths)
    roles = {entry.path: entry.role for entry in found.files}
    assert roles["assay/decisions.assay"] == "spec"
    assert any(role == "document" and path.startswith("docs/adr/") for path, role in roles.items())


def test_new_record_writes_the_next_one_and_marks_the_superseded(records: Path) -> None:
    """Numbered after the others, in their style; the superseded record points back."""
    config = workspace.load_config(records)
    day = datetime.date(2025, 5, 17)
    created = workspace.new_record(config, "Use Kafka for events", today=day, supersedes=["2"])
    assert created.path == "docs/adr/0003-use-kafka-for-events.md"
    assert created.updated == ("docs/adr/0002-use-postgresql.md",)
    text = (records / created.path).read_text()
    assert text.startswith("# 3. Use Kafka for events") and "2025-05-17" in text
    assert "0003-use-kafka-for-events.md" in (records / created.updated[0]).read_text()
    with pytest.raises(UsageError):
        workspace.new_record(config, "Anything", today=day, supersedes=["9"])


def test_new_run_scaffolds_a_run_named_by_its_slug(tmp_path: Path) -> None:
    """The folder is the source's slug; a second time it exists and nothing is written."""
    created = workspace.new_run(tmp_path, source="https://GitHub.com/o/r.git", system="R")
    assert created.folder == tmp_path / "github.com-o-r"
    assert "run.toml" in created.files and (created.folder / "run.toml").is_file()
    with pytest.raises(UsageError, match="exists already"):
        workspace.new_run(tmp_path, source="https://github.com/o/r", system="R")
