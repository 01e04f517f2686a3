"""The seed files, by name: a seed folder that lacks one is an error, not a smaller test."""

from __future__ import annotations

from tests.conftest import SEED_FOLDER

NAMES = ("000_240b4fe6d2ce617e.txt", "002_86d9057eefabe1b6.txt", "003_2d1e3bea95390480.txt")
SEEDS = [SEED_FOLDER / name for name in NAMES]


def seed_text(prefix: str) -> str:
    """The seed whose name starts with ``prefix``, as text."""
    return next(s for s in SEEDS if s.name.startswith(prefix)).read_text(encoding="utf-8")
