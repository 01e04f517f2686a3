"""`assay.api.identity`: ADR 097's one normal form and the run slug, light to import."""

from __future__ import annotations

import subprocess
import sys

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


def test_importing_it_loads_nothing_of_runs_but_the_identity() -> None:
    """`assay identity` starts fast: no run loading, no workspace."""
    code = (
        "import sys, assay.api.identity; "
        "loaded = {m for m in sys.modules if m.startswith('assay.engine')}; "
        "assert loaded == {'assay.engine', 'assay.engine.runs', 'assay.engine.runs.identity'}, "
        "loaded"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
