"""Runs whose sources are different identities but give one slug (IDN004).

The slug folds case and punctuation into a safe folder name (``identity.run_slug``),
so it cannot be injective: ``o/Flask`` and ``o/flask`` are two identities (a path keeps
its case) with one slug, and so are ``a-b/c`` and ``a/b-c``. Making it injective would
rename every run whose path has a capital and part the ``https://`` URL and the
``git@`` remote of one repository, which the slug is meant to bring together; the
collision is reported instead, at each of the runs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cached_property

from assay.engine.runs.identity import normalize_identity, slug_of_normal


class RunSources(Mapping[str, str]):
    """Every run's source by run folder, with the runs grouped by slug once: each run
    compared with every other made IDN004 a million normalizations for a thousand
    runs, a third of their check."""

    def __init__(self, sources: Mapping[str, str]) -> None:
        """The sources of ``sources`` (run folder -> source)."""
        self._sources = dict(sources)

    def __getitem__(self, folder: str) -> str:
        return self._sources[folder]

    def __iter__(self) -> Iterator[str]:
        return iter(self._sources)

    def __len__(self) -> int:
        return len(self._sources)

    @cached_property
    def by_slug(self) -> dict[str, list[tuple[str, str, str]]]:
        """The runs (folder, source, identity) by their source's slug, in folder order."""
        found: dict[str, list[tuple[str, str, str]]] = {}
        for folder, source in sorted(self._sources.items()):
            identity = normalize_identity(source)
            found.setdefault(slug_of_normal(identity), []).append((folder, source, identity))
        return found


def colliding(source: str, sources: Mapping[str, str], own: str) -> Iterator[tuple[str, str]]:
    """The other runs (folder, source) of ``sources`` whose source normalizes to another
    identity than ``source`` but to the same, non-empty slug; ``own`` is the run's folder."""
    identity = normalize_identity(source)
    slug = slug_of_normal(identity)
    if not slug:
        return
    index = sources if isinstance(sources, RunSources) else RunSources(sources)
    for folder, other, theirs in index.by_slug.get(slug, ()):
        if folder != own and theirs != identity:
            yield folder, other
