"""Field values read by what the type declares of them.

A field with ``values`` is read like a status: markup and a trailing period dropped,
the leading keyword of a compound value (``Accepted, amended by [..]``) mapped through
the declared synonyms.  A ``format date`` field is read as a date, ISO or not.  Any
other field keeps its text without markup.
"""

from __future__ import annotations

from attrs import evolve

from assay.engine.reading.metadata import Found
from assay.engine.reading.values import is_placeholder, read_date, read_status, strip_markup
from assay.spec.reading import FieldReading
from assay.spec.specfile import FieldDecl


def read_field(found: Found) -> FieldReading:
    """The reading of one field occurrence."""
    decl = found.decl
    assert isinstance(decl, FieldDecl)
    raw = found.raw
    base = FieldReading(
        name=decl.name,
        key=found.key,
        raw=raw,
        value=None,
        source=found.source,
        span=found.span,
        key_span=found.key_span,
    )
    if decl.format is not None and decl.format.kind == "date":
        date = read_date(raw)
        return evolve(
            base,
            value=date.iso,
            placeholder=date.kind == "placeholder",
            date_kind=date.kind,
            note=date.message if date.kind != "iso" else None,
        )
    if decl.values:
        status = read_status(raw, decl.values)
        return evolve(base, value=status.value, placeholder=status.placeholder)
    return evolve(base, value=strip_markup(raw) or None, placeholder=is_placeholder(raw))
