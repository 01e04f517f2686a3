"""What the site's pages and pictures know of a published decision record.

``assay.site.pages`` reads each published record once into ``RecordFacts``; the index
pages, the timeline and the pictures (``assay.site.pictures``) are drawn from these
values only, so a picture never reads a document and a page never lays out a graph.
"""

from __future__ import annotations

import datetime
from typing import Literal

from attrs import frozen

from assay.spec.model import Model

__all__ = ["RecordFacts", "RelationFact", "RelationKind"]

#: The relations pictures draw, from either side: ``superseded-by`` is a supersession
#: the older record states (its target supersedes it); any other relation is ``other``.
RelationKind = Literal["supersedes", "superseded-by", "amends", "amended-by", "other"]


@frozen(kw_only=True)
class RelationFact(Model):
    """This record ``kind`` the record at ``target`` (a published record's path)."""

    kind: RelationKind
    name: str  #: the relation as the type names it (``Supersedes``, ``Amends``)
    target: str  #: workspace-relative path of the target record


@frozen(kw_only=True)
class RecordFacts(Model):
    """One published record: where it is, what it is called, its status and date."""

    path: str  #: workspace-relative POSIX path of the record
    page: str  #: the site-relative URL of its page, e.g. ``decisions/0007-use-kafka/``
    number: int | None
    #: Markdown, as written (code spans and emphasis kept): ``assay.site.markup``.
    title: str
    #: The canonical status, lowercased (``accepted``), or None when it has none.
    status: str | None
    date: datetime.date | None
    #: Relations to other *published* records only, in document order.
    relations: tuple[RelationFact, ...] = ()
    #: The date a date-named file starts with (``20240115-x.md`` -> ``20240115``),
    #: what such a series cites a record by when it has no number.
    date_id: str | None = None
