"""The policies of merged stores: one row per policy, however many shards recorded it.

Each CI job of a sharded run prepares its own store, so each records the same policy
at its own time; kept as separate rows, the merged store's latest policy would
postdate the first job's attempts and read "recorded after execution" (EVL031),
which is false. So policies equal but for ``recorded_at`` (and ``source``, the path of
the file each job read it from, the first of which is kept) are one policy. It keeps the
earliest time it was recorded when, in every store that holds it, it was recorded
before that store's first attempt (true of each shard, so of the whole); else the
latest time, so the summary still sees that some attempt ran before it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from assay.engine.evidence.records import Store
from assay.spec.evidence import NOT_LAUNCHED


def merged_policies(stores: Sequence[Store]) -> list[tuple[str, str]]:
    """``(recorded_at, policy JSON)`` rows for the merged store, oldest first."""
    found: dict[str, list[tuple[str, bool]]] = {}  # content -> (recorded_at, before)
    sources: dict[str, object] = {}  # content -> the first file it was read from
    for store in stores:
        # The first execution: a row that launched nothing (refused, basis error) is none.
        marks = ", ".join("?" * len(NOT_LAUNCHED))
        (first,) = store.db.execute(
            f"SELECT min(started_at) FROM attempts WHERE status NOT IN ({marks})",
            sorted(NOT_LAUNCHED),
        ).fetchone()
        for (text,) in store.db.execute("SELECT policy FROM policies ORDER BY id"):
            policy: dict[str, Any] = json.loads(text)
            at = str(policy.pop("recorded_at", ""))
            source = policy.pop("source", None)
            content = json.dumps(policy, sort_keys=True, ensure_ascii=False)
            sources.setdefault(content, source)
            found.setdefault(content, []).append((at, first is None or at < first))
    rows = []
    for content, records in found.items():
        times = [at for at, _ in records]
        at = min(times) if all(before for _, before in records) else max(times)
        policy = {**json.loads(content), "recorded_at": at}
        if sources[content] is not None:
            policy["source"] = sources[content]
        rows.append((at, json.dumps(policy, sort_keys=True, ensure_ascii=False)))
    return sorted(rows)
