"""A chain laid out in columns: the older records left, what supersedes them right.

A record's column is one past the newest column of the records it supersedes or
amends (a layered layout, as Graphviz's ``dot`` does it, without its crossing search):
the records are taken in date order as soon as all their targets are placed. A cycle
(A supersedes B, B supersedes A: possible in what people write) is broken at its
earliest record, so every input gets a layout. In a column, records follow the mean
row of the records they point to, so edges stay short.

A chain wider or taller than a readable picture keeps its newest ``max_columns``
columns and ``max_rows`` records per column; the rest is counted as hidden.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from attrs import frozen

from assay.site.pictures.chains import Edge
from assay.spec.model import Model

__all__ = ["Band", "Placed", "lay_out"]


@frozen(kw_only=True)
class Placed(Model):
    """A record's cell in its chain's band."""

    path: str
    column: int
    row: int


@frozen(kw_only=True)
class Band(Model):
    """One chain's layout: its drawn records, its size in cells, what was left out."""

    nodes: tuple[Placed, ...]
    columns: int
    rows: int
    hidden: int


def _columns(members: Sequence[str], edges: Sequence[Edge]) -> dict[str, int]:
    """Each member's column, older records first (Kahn's order, earliest date first)."""
    position = {path: index for index, path in enumerate(members)}
    targets: dict[str, list[str]] = {path: [] for path in members}
    sources: dict[str, list[str]] = {path: [] for path in members}
    for edge in edges:
        targets[edge.source].append(edge.target)
        sources[edge.target].append(edge.source)
    waiting = {path: len(targets[path]) for path in members}
    ready = [position[path] for path in members if not waiting[path]]
    heapq.heapify(ready)
    column: dict[str, int] = {}
    queued = {members[index] for index in ready}
    earliest = 0  # members before this index are all queued: a cycle breaks past it
    while len(column) < len(members):
        if not ready:
            while members[earliest] in queued:
                earliest += 1
            queued.add(members[earliest])
            ready.append(earliest)
        path = members[heapq.heappop(ready)]
        placed = [column[target] for target in targets[path] if target in column]
        column[path] = max(placed) + 1 if placed else 0
        for source in sources[path]:
            waiting[source] -= 1
            if waiting[source] <= 0 and source not in queued:
                queued.add(source)
                heapq.heappush(ready, position[source])
    return column


def lay_out(
    members: Sequence[str], edges: Sequence[Edge], *, max_columns: int, max_rows: int
) -> Band:
    """The band of the chain ``members`` (in date order) joined by ``edges`` (those
    between two members; any other is ignored)."""
    inside = set(members)
    edges = [edge for edge in edges if edge.source in inside and edge.target in inside]
    column = _columns(members, edges)
    first = max(column.values()) - max_columns + 1
    targets: dict[str, list[str]] = {path: [] for path in members}
    for edge in edges:
        targets[edge.source].append(edge.target)
    by_column: dict[int, list[str]] = {}
    for path in members:  # date order, kept by the sort below on ties
        if column[path] >= first:
            by_column.setdefault(column[path] - max(first, 0), []).append(path)
    row: dict[str, int] = {}

    def pull(path: str) -> float:
        """The mean row of the drawn records ``path`` points to (-1: none yet)."""
        rows = [row[target] for target in targets[path] if target in row]
        return sum(rows) / len(rows) if rows else -1.0

    nodes = []
    for index in sorted(by_column):
        kept = sorted(by_column[index], key=pull)[:max_rows]
        for place, path in enumerate(kept):
            row[path] = place
            nodes.append(Placed(path=path, column=index, row=place))
    return Band(
        nodes=tuple(nodes),
        columns=max(by_column) + 1,
        rows=max(node.row for node in nodes) + 1,
        hidden=len(members) - len(nodes),
    )
