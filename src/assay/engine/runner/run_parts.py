"""What verifying a run needs of it, taken from the check that read it.

``assay render``, ``verify_run(s)`` and ``assay publish`` check the workspace, then
give each run its blockers and its review's parts (``runs.blockers``,
``runs.review``). Those come from the run's documents, which the check's run pass has
just read: within ``run_parts_kept()`` the run pass keeps each run's parts (a few
kilobytes of text a run, never its documents), so the run is not read a third time.
A run the run pass did not read (its findings came from the cache) has no parts here;
the caller reads it itself. Outside the block nothing is kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from attrs import frozen

from assay.engine.runs.blockers import blockers
from assay.engine.runs.model import Run
from assay.engine.runs.review import ReviewSource, run_review
from assay.spec.model import Model


@frozen
class RunParts(Model):
    """A run's blockers and the source of its review, as verification reads them."""

    #: The entries of ``verify.md``'s Blockers list; empty for ``none``.
    blockers: tuple[str, ...]
    #: The review's parts; None when the run lacks one.
    review: ReviewSource | None

    @classmethod
    def of(cls, run: Run) -> RunParts:
        """``run``'s parts."""
        return cls(blockers(run), run_review(run))


_kept: ContextVar[dict[str, RunParts] | None] = ContextVar("assay_run_parts", default=None)


@contextmanager
def run_parts_kept() -> Iterator[dict[str, RunParts]]:
    """Within the block, the parts of each run a check reads, by run folder."""
    kept: dict[str, RunParts] = {}
    token = _kept.set(kept)
    try:
        yield kept
    finally:
        _kept.reset(token)


def kept() -> dict[str, RunParts] | None:
    """Where the run pass keeps the runs' parts; None when no caller asked for them
    (``run_parts_kept``)."""
    return _kept.get()
