"""What changed between the material ``prepare`` pinned and the material now: each
unit by its path (and lines) with both digests, the evidence a basis error keeps.

The two sides are the content-free snapshots ``material.deliver`` writes (units with
paths and digests, the stdin's digest). A unit on one side only has None on the
other; one that could not be read now (refused) has None now. When every unit is the
same but the stdin differs (the prompt changed), the stdin itself is the drifted unit,
``(stdin)``.
"""

from __future__ import annotations

import json
from typing import Any

from assay.spec.evidence import Condition, Drift

STDIN = "(stdin)"


def _units(snapshot: str) -> tuple[dict[str, str | None], str | None]:
    """The units of a snapshot by name (``path`` or ``path:A-B``) and the stdin digest."""
    try:
        value: Any = json.loads(snapshot)
    except ValueError:
        return {}, None
    if not isinstance(value, dict):
        return {}, None
    units: dict[str, str | None] = {}
    for unit in value.get("units") or ():
        if isinstance(unit, dict) and isinstance(unit.get("path"), str):
            lines = unit.get("lines")
            name = unit["path"] + (f":{lines[0]}-{lines[1]}" if lines else "")
            digest = unit.get("sha256")
            units[name] = digest if isinstance(digest, str) else None
    stdin = value.get("stdin_sha256")
    return units, stdin if isinstance(stdin, str) else None


def drift(condition: Condition, prepared: str, current: str) -> tuple[Drift, ...]:
    """Every unit that differs between the ``prepared`` and ``current`` snapshots of
    one condition; empty when they are the same."""
    if prepared == current:
        return ()
    before, stdin_before = _units(prepared)
    after, stdin_after = _units(current)
    found = tuple(
        Drift(
            condition=condition,
            path=name,
            prepared_sha256=before.get(name),
            current_sha256=after.get(name),
        )
        for name in sorted(before.keys() | after.keys())
        if name not in before or name not in after or before[name] != after[name]
    )
    if found:
        return found
    return (
        Drift(
            condition=condition,
            path=STDIN,
            prepared_sha256=stdin_before,
            current_sha256=stdin_after,
        ),
    )


def describe(drifted: tuple[Drift, ...]) -> str:
    """The drifted units in a sentence: each path with both digests."""
    return "; ".join(
        f"{d.condition} {d.path} (sha256 {d.prepared_sha256 or 'absent'} at prepare, "
        f"{d.current_sha256 or 'absent or unreadable'} now)"
        for d in drifted
    )
