"""The relation graph's parts: its edges, and the chains (connected groups) they form.

Only supersessions and amendments are drawn, from whichever side states them (an older
record's ``Superseded by`` is its successor's ``Supersedes``); an edge to a record
that is not given (not published) or to the record itself is left out, and the same
edge written twice is drawn once. A chain is a connected group of records, whatever
the direction of its edges; chains come largest first, so a cut keeps the ones that
tell the most.
"""

from __future__ import annotations

import datetime
import sys
from collections.abc import Sequence
from typing import Literal

from attrs import frozen

from assay.site.facts import RecordFacts
from assay.spec.model import Model

__all__ = ["Edge", "chains", "edges_of", "order_key"]

EdgeKind = Literal["supersedes", "amends"]
#: Each drawn relation's edge, and whether it points back at the record stating it.
_EDGES: dict[str, tuple[EdgeKind, bool]] = {
    "supersedes": ("supersedes", False),
    "superseded-by": ("supersedes", True),
    "amends": ("amends", False),
    "amended-by": ("amends", True),
}


@frozen(kw_only=True)
class Edge(Model):
    """``source`` supersedes or amends ``target`` (both records' paths)."""

    source: str
    target: str
    kind: EdgeKind


def order_key(record: RecordFacts) -> tuple[datetime.date, int, str]:
    """The order records are drawn in: by date, then number, then path (undated last)."""
    number = record.number if record.number is not None else sys.maxsize
    return (record.date or datetime.date.max, number, record.path)


def edges_of(by_path: dict[str, RecordFacts]) -> list[Edge]:
    """Every drawable edge between the given records, sorted."""
    found = set()
    for record in by_path.values():
        for relation in record.relations:
            if relation.kind == "other" or relation.target == record.path:
                continue
            if relation.target not in by_path:
                continue
            kind, backwards = _EDGES[relation.kind]
            source, target = (
                (relation.target, record.path) if backwards else (record.path, relation.target)
            )
            found.add(Edge(source=source, target=target, kind=kind))
    return sorted(found, key=lambda edge: (edge.source, edge.target, edge.kind))


def chains(by_path: dict[str, RecordFacts], edges: Sequence[Edge]) -> list[list[str]]:
    """The connected groups of records that ``edges`` join, each in ``order_key`` order,
    the largest group first (ties: the one holding the earliest record)."""
    parent: dict[str, str] = {}

    def root(path: str) -> str:
        parent.setdefault(path, path)
        while parent[path] != path:
            parent[path] = parent[parent[path]]  # halve the path: near-constant finds
            path = parent[path]
        return path

    for edge in edges:
        a, b = root(edge.source), root(edge.target)
        if a != b:
            parent[max(a, b)] = min(a, b)
    groups: dict[str, list[str]] = {}
    for path in parent:
        groups.setdefault(root(path), []).append(path)
    ordered = [sorted(group, key=lambda p: order_key(by_path[p])) for group in groups.values()]
    return sorted(ordered, key=lambda group: (-len(group), order_key(by_path[group[0]])))
