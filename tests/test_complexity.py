"""No function of the package above radon's grade C (cyclomatic complexity 11-20).

A function past it holds more than one step of its procedure; split at the steps
(``docs/decisions`` and the modules' docstrings name them). Ruff's ``C901`` runs on
every save; it counts as mccabe does (no boolean operators, no comprehensions), so
this test holds radon's own count, the one the grade is defined by."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_rank, cc_visit

import assay

PACKAGE = Path(assay.__file__).parent
#: Radon's grade C ends at 20.
HIGHEST = 20


def over_c(package: Path) -> list[str]:
    """Every function and method of ``package`` rated above C, as ``path:line name (n)``."""
    found = []
    for path in sorted(package.rglob("*.py")):
        for block in cc_visit(path.read_text("utf-8")):
            if block.complexity > HIGHEST:
                where = path.relative_to(package.parent).as_posix()
                found.append(f"{where}:{block.lineno} {block.fullname} ({block.complexity})")
    return found


def test_no_function_is_rated_above_c() -> None:
    assert over_c(PACKAGE) == []


def test_the_gate_sees_a_function_past_c(tmp_path: Path) -> None:
    """A function of 21 branches is found; one of 20 is not."""
    for branches, grade in ((20, "C"), (21, "D")):
        body = "".join(f"    if x == {n}:\n        return {n}\n" for n in range(branches - 1))
        (tmp_path / "module.py").write_text(f"def f(x):\n{body}    return 0\n")
        found = over_c(tmp_path)
        assert cc_rank(branches) == grade
        assert found == ([] if grade == "C" else [f"{tmp_path.name}/module.py:1 f (21)"])
