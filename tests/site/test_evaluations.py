"""`assay publish --evaluation STORE`: each store's summary rendered onto the site by
code (never a report copied from the workspace), its plot beside it, an index with each
verdict or the number of reasons for none, and an "Evaluations" nav entry; a store
that is not there stops the publication before anything is built."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from assay.cli import EXIT_ERROR, EXIT_OK
from tests.cli.test_eval_command import _assay, _example
from tests.site.test_publish import publish, workspace


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example benchmark, prepared and run once with its fixture agent."""
    root = _example(tmp_path / "bench")
    assert _assay(root, "eval prepare", monkeypatch)[0] == 0
    assert _assay(root, "eval run --runner fixture", monkeypatch)[0] == 0
    return root / "evidence.sqlite"


def test_the_summary_is_published_with_its_plot_and_index(
    tmp_path: Path,
    store: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = workspace(tmp_path / "ws")
    code, out = publish(root, monkeypatch, capsys, "--evaluation", str(store))
    assert code == EXIT_OK
    assert "published evaluations/evidence.md" in out
    site = root / "site"
    page = (site / "evaluations/evidence/index.html").read_text(encoding="utf-8")
    assert "Evaluation summary: evidence" in page
    assert "no-policy" in page  # the reason there is no verdict, kept visible
    assert "tag-2-1" in page  # the matched difference of each task
    ElementTree.fromstring((site / "evaluations/evidence-differences.svg").read_text())
    listing = (site / "evaluations/index.html").read_text(encoding="utf-8")
    assert "3 tasks, no verdict (1 reason)" in listing
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="evaluations/"' in home  # the nav entry, on every page


def test_a_store_that_is_not_there_publishes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = workspace(tmp_path / "ws")
    monkeypatch.chdir(root)
    from assay.cli import main

    assert main(["publish", "--no-cache", "--evaluation", "missing.sqlite"]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert "--evaluation missing.sqlite: no evidence store there" in err
    assert not (root / "site").exists()


def test_a_file_that_is_no_store_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = workspace(tmp_path / "ws")
    (root / "notes.sqlite").write_text("not a database\n", encoding="utf-8")
    monkeypatch.chdir(root)
    from assay.cli import main

    assert main(["publish", "--no-cache", "--evaluation", "notes.sqlite"]) == EXIT_ERROR
    captured = capsys.readouterr()
    assert "assay publish:" in captured.err and "Traceback" not in captured.err
    assert not (root / "site").exists()
