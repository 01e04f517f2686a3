"""``assay.testing``, the pytest plugin users enable to snapshot rendered reviews, run
by pytest's own ``pytester`` in a project of its own."""

from __future__ import annotations

import importlib
import sys

import pytest

from assay.engine.runs.review import ReviewSource, render_review

pytest_plugins = ["pytester"]

USER_TEST = """
from assay.engine.runs.review import ReviewSource, render_review

def test_review(review_snapshot):
    source = ReviewSource(
        system={system!r},
        identity="https://github.com/pallets/flask",
        commit="2f0c62f5e6e290843f03c1fa70817c7a3c7fd661",
        inspected="2026-09-30",
        description="Flask keeps request state in context-local objects — “quoted”.",
        overview_path="runs/flask/overview.md",
        synthesis="See [memory](lenses/memory.md#finding-1).",
        limitations="- Extensions were out of scope.",
    )
    assert render_review(source, "docs/reviews/flask.md") == review_snapshot
"""


def _review(system: str) -> str:
    source = ReviewSource(
        system=system,
        identity="https://github.com/pallets/flask",
        commit="2f0c62f5e6e290843f03c1fa70817c7a3c7fd661",
        inspected="2026-09-30",
        description="Flask keeps request state in context-local objects — “quoted”.",
        overview_path="runs/flask/overview.md",
        synthesis="See [memory](lenses/memory.md#finding-1).",
        limitations="- Extensions were out of scope.",
    )
    return render_review(source, "docs/reviews/flask.md")


def test_snapshots_are_markdown_files_holding_the_review(pytester: pytest.Pytester) -> None:
    pytester.makeconftest('pytest_plugins = ["assay.testing"]\n')
    pytester.makepyfile(test_user=USER_TEST.format(system="Flask"))

    created = pytester.runpytest("--snapshot-update", "-p", "no:cacheprovider")
    created.assert_outcomes(passed=1)
    snapshot = pytester.path / "__snapshots__" / "test_user" / "test_review.md"
    assert snapshot.read_bytes() == _review("Flask").encode("utf-8")
    assert [p.name for p in (pytester.path / "__snapshots__").rglob("*") if p.is_file()] == [
        "test_review.md"
    ]

    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)

    pytester.makepyfile(test_user=USER_TEST.format(system="Werkzeug"))
    changed = pytester.runpytest("-p", "no:cacheprovider")
    changed.assert_outcomes(failed=1)
    changed.stdout.fnmatch_lines(["*- # Flask*", "*+ # Werkzeug*"])
    assert snapshot.read_bytes() == _review("Flask").encode("utf-8")


def test_without_syrupy_the_import_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "assay.testing", raising=False)
    for name in [n for n in sys.modules if n == "syrupy" or n.startswith("syrupy.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "syrupy", None)  # `import syrupy` fails
    with pytest.raises(ImportError, match=r"pip install 'assay\[testing\]'"):
        importlib.import_module("assay.testing")
