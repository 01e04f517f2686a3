"""The package's layout stays as DESIGN §1 draws it: small modules, stages as subpackages."""

from __future__ import annotations

from pathlib import Path

import assay

PACKAGE = Path(assay.__file__).parent
#: The house ceiling: a module past it holds more than one concept.
MAX_LINES = 400


def oversized(package: Path) -> dict[str, int]:
    """Modules of ``package`` longer than ``MAX_LINES``, by relative path."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            found[path.relative_to(package).as_posix()] = lines
    return found


def engine_top_level_modules(package: Path) -> list[str]:
    """Modules at ``engine/``'s top level: a stage or capability is a subpackage."""
    return sorted(p.name for p in (package / "engine").glob("*.py") if p.name != "__init__.py")


def test_no_module_is_over_the_ceiling() -> None:
    assert oversized(PACKAGE) == {}


def test_the_engine_is_grouped_by_stage() -> None:
    assert engine_top_level_modules(PACKAGE) == []
    stages = {p.name for p in (PACKAGE / "engine").iterdir() if (p / "__init__.py").is_file()}
    assert {"workspace", "reading", "checks", "runner"} <= stages
