"""The Python API of source identities (ADR 097): one normal form, and the run slug.

::

    from assay.api.identity import normalize_identity, run_slug

    identity = normalize_identity("  HTTPS://GitHub.com/VectifyAI/PageIndex.git/ ")
    # 'https://github.com/VectifyAI/PageIndex'
    slug = run_slug(identity)       # the run folder's name: 'github.com-vectifyai-pageindex'

``normalize_identity`` strips surrounding whitespace, a trailing ``/`` and ``.git``, and
lowercases a URL's scheme and host, nothing else; ``run_slug`` is empty when no
letter, digit or ``_`` is left once the scheme and user are dropped. Both are pure
and cheap, and ``assay.api.runs`` re-exports them.
"""

from __future__ import annotations

from assay.engine.runs.identity import normalize_identity, run_slug

__all__ = ["normalize_identity", "run_slug"]
