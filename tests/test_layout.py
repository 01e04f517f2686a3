"""The package's layout stays as DESIGN §1 draws it: stages as subpackages.

How big a function may grow is radon's grade C (`tests/test_complexity.py`), not
a count of a module's lines: a module holds one concept however long it is."""

from __future__ import annotations

from pathlib import Path

import assay

PACKAGE = Path(assay.__file__).parent


def engine_top_level_modules(package: Path) -> list[str]:
    """Modules at ``engine/``'s top level: a stage or capability is a subpackage."""
    return sorted(p.name for p in (package / "engine").glob("*.py") if p.name != "__init__.py")


def test_the_engine_is_grouped_by_stage() -> None:
    assert engine_top_level_modules(PACKAGE) == []
    stages = {p.name for p in (PACKAGE / "engine").iterdir() if (p / "__init__.py").is_file()}
    assert {"workspace", "reading", "checks", "runner"} <= stages
