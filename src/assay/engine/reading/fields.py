"""Field values read by what the type declares of them.

A field with ``values`` is read like a status: markup and a trailing period dropped,
the leading keyword of a compound value (``Accepted, amended by [..]``) mapped through
the declared synonyms.  A ``format date`` field is read as a date, ISO or not.  Any
other field keeps its text without markup.
"""

from __future__ import annotations

from assay.engine.reading.metadata import Found
from assay.engine.reading.values import is_placeholder, read_date, read_status, strip_markup
from assay.spec.reading import DateKind, FieldReading
from assay.spec.specfile import FieldDecl


def read_field(found: Found) -> FieldReading:
    """The reading of one field occurrence."""
    decl = found.decl
    assert isinstance(decl, FieldDecl)
    raw = found.raw
    date_kind: DateKind | None = None
    note: str | None = None
    if decl.format is not None and decl.format.kind == "date":
        date = read_date(raw)
        value, placeholder, date_kind = date.iso, date.kind == "placeholder", date.kind
        note = date.message if date.kind != "iso" else None
    elif decl.values:
        status = read_status(raw, decl.values)
        value, placeholder = status.value, status.placeholder
    else:
        value, placeholder = strip_markup(raw) or None, is_placeholder(raw)
    # Built once, not built and then evolved: this runs for every field of every record.
    return FieldReading(
        name=decl.name,
        key=found.key,
        raw=raw,
        value=value,
        source=found.source,
        span=found.span,
        key_span=found.key_span,
        placeholder=placeholder,
        date_kind=date_kind,
        note=note,
    )
