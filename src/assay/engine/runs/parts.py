"""What verifying a run needs of it, taken from the check that read it.

``assay render``, ``verify_run(s)`` and ``assay publish`` check the workspace, then
give each run its blockers and its review's parts (``runs.blockers``,
``runs.review``). Those come from the run's documents, which the check's run pass has
just read: a check asked for them (``CheckOptions.parts``) keeps each run's parts (a
few kilobytes of text a run, never its documents), so the run is not read a third
time. A run the run pass did not read (its findings came from the store) has none;
the caller reads it itself.
"""

from __future__ import annotations

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
