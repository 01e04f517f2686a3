"""Shared test setup: hypothesis profiles and paths to fixtures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# `ci` is what .ci/run uses: at least 10,000 examples per parser property.  It is
# derandomized so that a CI verdict depends on the code alone, never on the draw;
# local runs (`dev`, or `ci` with HYPOTHESIS_SEED unset by derandomize=False) explore.
settings.register_profile(
    "ci",
    max_examples=10_000,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("dev", max_examples=200, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

ROOT = Path(__file__).resolve().parent.parent
SHARED_SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture
def examples_dir() -> Path:
    """The repository's bundled example workspace."""
    return ROOT / "examples"
