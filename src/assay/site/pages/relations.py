"""Each record's relations both ways: those it states, and those other records state.

When 0009 says ``Supersedes 0007``, 0007's page and its row of the decisions index say
``Superseded by 0009`` even if 0007 forgot to; when 0007 says ``Superseded by 0009``,
0009's say ``Supersedes 0007``. Whichever side states it, in whichever place the
reader found it (Status, a bullet, a ``## Links`` list, front matter), both show it.
The name a target is given is the type's inverse of the relation (``Supersedes`` ->
``Superseded by``), else by kind, else ``Referenced by``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from assay.site.facts import RecordFacts
from assay.site.pages.records import PublishedRecord

__all__ = ["Related", "both_ways", "inverse_name"]

#: One relation as a page shows it: its name (``Superseded by``) and the other record.
Related = tuple[str, RecordFacts]

#: The relation a target states back, when the record type does not say it.
_INVERSE = {
    "supersedes": "Superseded by",
    "superseded-by": "Supersedes",
    "amends": "Amended by",
    "amended-by": "Amends",
}


def inverse_name(kind: str, inverse: str | None) -> str:
    """What a relation's target is said to be: the type's ``inverse`` name, else by
    ``kind`` (``Superseded by``), else ``Referenced by``."""
    return inverse or _INVERSE.get(kind, "Referenced by")


def both_ways(records: Sequence[PublishedRecord]) -> dict[str, list[Related]]:
    """Each record's relations by path: the ones it states in document order, then
    the ones others state of it, each (name, record) once."""
    by_path: Mapping[str, RecordFacts] = {r.facts.path: r.facts for r in records}
    found: dict[str, list[Related]] = {path: [] for path in by_path}

    def add(path: str, name: str, other: RecordFacts) -> None:
        known = found[path]
        # The same record under the same name (any case) is said once.
        if not any(n.casefold() == name.casefold() and o == other for n, o in known):
            known.append((name, other))

    for record in records:
        for relation in record.facts.relations:
            add(record.facts.path, relation.name, by_path[relation.target])
    for record in records:
        inverses = {r.name: r.inverse for r in record.reading.relations}
        for relation in record.facts.relations:
            name = inverse_name(relation.kind, inverses.get(relation.name))
            add(relation.target, name, record.facts)
    return found
