"""Tests of the three accepted seed ADRs, which live outside the repository.

The seeds are in ``../shared/seeds`` beside a clone (CI has them); the repository
stands alone without them.  When they are absent, this folder's tests are not
collected at all, rather than collected with empty parameter lists: an uncollected
module keeps its snapshots (syrupy does not call them unused, and never suggests
deleting them), and no test here passes by testing nothing.
"""

from __future__ import annotations

from tests.conftest import SHARED_SEEDS

collect_ignore_glob = [] if SHARED_SEEDS.is_dir() else ["test_*.py"]
