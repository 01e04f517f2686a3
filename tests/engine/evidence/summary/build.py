"""Attempts for the summary tests, in a short form: what a test does not say takes the
value of a clean, completed, fully provided attempt under the same versions."""

from __future__ import annotations

from typing import Any

from assay.spec.evidence import Attempt, Counter, Policy, Provision, Rate, Verification, Versions

VERSIONS = Versions(
    benchmark="bench@1", answer_key="key@1", runner="fixture@1", result_schema="result@1"
)
POLICY = Policy(
    name="eval",
    version=1,
    recorded_at="2026-11-01T00:00:00Z",
    rates=(Rate(kind="credit", counter="input_tokens", per_unit=0.002, dated="2026-10-01"),),
    minimum_difference=0.0,
)


def attempt(
    id: int,
    task: str,
    condition: str,
    correctness: str = "correct",
    *,
    status: str = "completed",
    versions: Versions = VERSIONS,
    complete: bool = True,
    counters: dict[str, int | None] | None = None,
    **fields: Any,
) -> Attempt:
    """One attempt; ``counters`` maps a name to its value (None: reported incomplete)."""
    values: dict[str, Any] = {
        "started_at": f"2026-11-02T10:{id // 60 % 60:02d}:{id % 60:02d}Z",
        "duration_ms": 1000,
        "answer": "42" if correctness == "correct" else f"wrong {id}",
    }
    values.update(fields)
    return Attempt(
        id=id,
        task=task,
        condition=condition,  # type: ignore[arg-type]
        status=status,  # type: ignore[arg-type]
        versions=versions,
        provision=Provision(complete=complete, missing=() if complete else ("docs/testing.md",)),
        correctness=correctness,  # type: ignore[arg-type]
        verification=Verification(ran=True, passed=correctness == "correct", exit_code=0),
        counters=tuple(
            Counter(name=n, value=v, complete=v is not None) for n, v in (counters or {}).items()
        ),
        **values,
    )


def pairs(*outcomes: tuple[str, str, str]) -> list[Attempt]:
    """A clean pair per ``(task, overview correctness, task correctness)``."""
    found = []
    for index, (task, overview, bundled) in enumerate(outcomes):
        found.append(attempt(2 * index + 1, task, "overview", overview))
        found.append(attempt(2 * index + 2, task, "task", bundled))
    return found
