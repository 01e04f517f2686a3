"""What the compared attempts were delivered, where the numbers alone would hide it:
optional units the budget left out (EVL040), and one declaration compared at several
versions across tasks (EVL041). Notes: the verdict stands, and says what it rests on.
"""

from __future__ import annotations

from collections.abc import Sequence

from assay.engine.evidence.summary.numbers import count
from assay.engine.evidence.summary.reasons import reason
from assay.spec.evaluation_summary import Reason
from assay.spec.evidence import Attempt
from assay.spec.rules.summary_notes import EVL040, EVL041


def omitted_units(compared: Sequence[Attempt]) -> list[Reason]:
    """EVL040 naming each optional unit a compared attempt was delivered without."""
    short = [a for a in compared if a.provision.omitted]
    if not short:
        return []
    units: dict[str, list[str]] = {}
    for attempt in short:
        for unit in attempt.provision.omitted:
            units.setdefault(unit, []).append(f"{attempt.task} {attempt.condition} #{attempt.id}")
    listed = "; ".join(f"{unit} for {', '.join(whom)}" for unit, whom in units.items())
    message = (
        f"{count(len(short), 'compared attempt')} delivered without optional units "
        f"the budget had no room for: {listed}"
    )
    return [reason(EVL040, message, attempts=(a.id for a in short))]


def mixed_declarations(compared: Sequence[Attempt]) -> list[Reason]:
    """EVL041 for each declaration the compared attempts got at more than one version."""
    seen: dict[str, dict[str, list[Attempt]]] = {}
    for attempt in compared:
        for delivered in attempt.versions.declarations:
            name, _, version = delivered.rpartition("@")
            seen.setdefault(name or delivered, {}).setdefault(version, []).append(attempt)
    found = []
    for name, versions in sorted(seen.items()):
        if len(versions) < 2:
            continue
        shown = "; ".join(
            f"{name}@{version} for {', '.join(dict.fromkeys(a.task for a in attempts))}"
            for version, attempts in sorted(versions.items())
        )
        message = (
            f"declaration {name} was delivered at {len(versions)} versions across the "
            f"compared attempts, so the numbers mix them: {shown}"
        )
        ids = (a.id for attempts in versions.values() for a in attempts)
        found.append(reason(EVL041, message, attempts=ids))
    return found
