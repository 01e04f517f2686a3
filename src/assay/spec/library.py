"""The built-in spec libraries a ``use`` line can name, and the types each one exports.

Provisional: the libraries will be written in the spec language itself (``*.assay``
files shipped with assay), and this table will then be read from them.  Until then it
is the single list that ``use`` and ``extends`` are checked against.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

#: Library name -> the type names ``use NAME`` brings into scope.
LIBRARIES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        # Architecture decision records in any common style (Nygard, adr-tools, ...).
        "adr": ("adr",),
        # Markdown Architectural Decision Records (MADR 2-4).
        "madr": ("madr",),
        # ADR 097 analysis runs: one type per document of a run.
        "analysis": ("overview", "boundary", "memory", "verification"),
        # Consultation records: a question, who was asked, what they answered.
        "consultation": ("consultation",),
    }
)


def exported_types(library: str) -> tuple[str, ...]:
    """The types a library exports; empty for a library that does not exist."""
    return LIBRARIES.get(library, ())
