"""Each run member read once a check: for the run checks and for the document pass.

The run checks need a run's documents whole and side by side; the per-document pass
needs each document's outcome and keeps nothing else. A check used to read every
member in both passes (and every ``run.toml`` a third time for the runs' sources),
half of a workspace of runs' check. Now the run pass reads a run's members here,
checks each as the document pass would (``DocumentChecks``: the same outcome, the
store's entry included) and hands the outcomes on; the document pass takes
them instead of reading the documents again. A run's documents live only while its
run checks run: held for every run, a thousand runs' models would cost a quarter of
a gigabyte.
"""

from __future__ import annotations

from assay.engine.passes.document_checks import DocumentChecks, DocumentOutcome
from assay.engine.passes.rulesets import Ruleset
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.runs.load import load_run, manifests_of, source_of
from assay.engine.runs.model import Run
from assay.engine.workspace.candidates import Candidate
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.loading import Workspace


class RunMembers:
    """The run members one check has read, and their outcomes for the document pass."""

    def __init__(self, workspace: Workspace, ruleset: Ruleset, *, keep: bool) -> None:
        """Members of ``workspace``'s runs, checked under ``ruleset``; with ``keep``,
        each outcome has the store's entry (as the document pass would make it)."""
        self._workspace = workspace
        self._checks = DocumentChecks.of(ruleset)
        self._keep = keep
        self._vocabularies: dict[str, Vocabulary] = {}
        #: The manifests read for the runs' sources, by path, until their run is read.
        self._manifests: dict[str, DocumentContext] = {}
        #: Every member read, by path: what the document pass takes instead of reading.
        self.outcomes: dict[str, DocumentOutcome] = {}

    def sources(self) -> dict[str, str]:
        """Every run's ``run.toml`` ``source``, by run folder (a run without one, or
        whose manifest does not parse, is left out); the manifests are read now, once."""
        found: dict[str, str] = {}
        for folder, candidate in manifests_of(self._workspace).items():
            manifest = self._load(candidate)
            self._manifests[candidate.path] = manifest
            source = source_of(manifest)
            if source is not None:
                found[folder] = source
        return found

    def run(self, folder: str, candidates: list[Candidate]) -> Run:
        """The run at ``folder``, each of its documents read once this check."""
        return load_run(self._workspace, folder, candidates, load=self._member)

    def _member(self, candidate: Candidate) -> DocumentContext:
        held = self._manifests.pop(candidate.path, None)
        return held if held is not None else self._load(candidate)

    def _load(self, candidate: Candidate) -> DocumentContext:
        # The stamp before reading, as the document pass takes it: a later change is seen.
        stamp = self._workspace.discovery.stamps.get(candidate.path)
        context = self._workspace.load(candidate, self._vocabularies)
        self.outcomes[candidate.path] = self._checks.outcome(context, stamp, self._keep)
        return context
