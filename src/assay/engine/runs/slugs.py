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

from assay.engine.runs.identity import normalize_identity, slug_of_normal


def colliding(source: str, sources: Mapping[str, str], own: str) -> Iterator[tuple[str, str]]:
    """The other runs (folder, source) of ``sources`` whose source normalizes to another
    identity than ``source`` but to the same, non-empty slug; ``own`` is the run's folder."""
    identity = normalize_identity(source)
    slug = slug_of_normal(identity)
    if not slug:
        return
    for folder, other in sorted(sources.items()):
        if folder == own:
            continue
        theirs = normalize_identity(other)
        if theirs != identity and slug_of_normal(theirs) == slug:
            yield folder, other
