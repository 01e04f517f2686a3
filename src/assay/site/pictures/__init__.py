"""Pictures of the decision history for the site: static SVG, drawn by assay.

``status_over_time`` stacks decisions by status over time; ``relation_graph`` draws
which records supersede or amend which. Both are whole SVG documents, the same bytes
for the same records (no clock, everything sorted), with no script, no external font
and every user string escaped; both stay the same size however many records there are.
``pictures`` names them as the site stores them, under ``pictures/``.
"""

from __future__ import annotations

from collections.abc import Sequence

from assay.site.facts import RecordFacts
from assay.site.pictures.graph import relation_graph
from assay.site.pictures.timeline import status_over_time

__all__ = ["pictures", "relation_graph", "status_over_time"]


def pictures(records: Sequence[RecordFacts]) -> dict[str, str]:
    """Each picture's file name under ``pictures/`` and its SVG text."""
    return {
        "status-over-time.svg": status_over_time(records),
        "relations.svg": relation_graph(records),
    }
