"""Tests of the three accepted seed ADRs, read from their copies in
``tests/fixtures/seeds`` (the repository stands alone: nothing here reads ../shared)."""
