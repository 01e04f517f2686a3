"""Snapshot rendered reviews in your own test suite: an opt-in pytest plugin.

Enable it in a ``conftest.py``::

    pytest_plugins = ["assay.testing"]

and compare a rendered review with the one kept beside the test::

    def test_review(review_snapshot):
        assert render_review(source, "runs/x/review.md") == review_snapshot

Each snapshot is stored as a Markdown file of its own, holding exactly the review
(``__snapshots__/<test module>/<test name>.md``), so a change to a review shows in a
pull request as a change to a readable page, not to an escaped string inside an
``.ambr`` file. ``pytest --snapshot-update`` writes them; syrupy does the rest.

syrupy is not a dependency of assay itself: install ``assay[testing]``.
"""

from __future__ import annotations

try:
    import pytest
    from syrupy.assertion import SnapshotAssertion
    from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
except ImportError as error:  # pragma: no cover - exercised with syrupy hidden
    raise ImportError(
        f"assay.testing needs pytest and syrupy ({error}): pip install 'assay[testing]'"
    ) from error

__all__ = ["ReviewExtension", "review_snapshot"]


class ReviewExtension(SingleFileSnapshotExtension):
    """A syrupy extension storing each snapshot as a reviewable ``.md`` file: the text
    as it is, UTF-8, one file per snapshot."""

    _write_mode = WriteMode.TEXT
    file_extension = "md"
    # syrupy before 5 named the attribute so.
    _file_extension = "md"


@pytest.fixture
def review_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """``snapshot``, storing what it is compared with as a Markdown file
    (``ReviewExtension``)."""
    return snapshot.use_extension(ReviewExtension)
