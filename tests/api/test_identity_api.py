"""`assay.api.identity`: ADR 097's one normal form and the run slug."""

from __future__ import annotations

from assay.api import identity, runs


def test_the_normal_form_and_the_slug() -> None:
    """Whitespace, trailing `/` and `.git` stripped, scheme and host lowercased; the slug."""
    normal = identity.normalize_identity("  HTTPS://GitHub.com/VectifyAI/PageIndex.git/ ")
    assert normal == "https://github.com/VectifyAI/PageIndex"
    assert identity.run_slug(normal) == "github.com-vectifyai-pageindex"
    assert identity.run_slug("https://@/") == ""
    assert (runs.normalize_identity, runs.run_slug) == (
        identity.normalize_identity,
        identity.run_slug,
    )
