"""The text form of ``assay parse FILE --type NAME``: what the type made of the file."""

from __future__ import annotations

from collections.abc import Iterator

from assay.spec.reading import Reading
from assay.spec.source import Span


def _at(span: Span | None) -> str:
    return f"{span.line}:{span.column}" if span is not None else "-"


def reading_outline(reading: Reading) -> Iterator[str]:
    """One line per thing read, each with where it came from."""
    yield f"{reading.path} read as `{reading.type}` ({' < '.join(reading.lineage)})"
    title = reading.title
    if title is None:
        yield "title      (none)"
    else:
        number = ""
        if title.number is not None:
            elsewhere = title.prefix_span is not None and title.prefix_span != title.span
            number = f", number {title.number}" + (
                f" (from the H1 at {_at(title.prefix_span)})" if elsewhere else ""
            )
        template = ", template placeholder" if title.placeholder else ""
        yield f"title      {title.text!r}  ({title.source} {_at(title.span)}{number}{template})"
    yield f"number     {reading.number if reading.number is not None else '(none)'}  (file name)"
    date = reading.date
    if date is None:
        yield "date       (none)"
    else:
        where = date.source + (f" {_at(date.span)}" if date.span is not None else "")
        yield f"date       {date.iso}  ({where})"
    yield "fields"
    if not reading.fields:
        yield "  (none)"
    for field in reading.fields:
        value = field.value if field.value is not None else "(not an allowed value)"
        extra = []
        if field.placeholder:
            extra.append("template placeholder")
        if field.date_kind is not None and field.date_kind != "iso":
            extra.append(f"date: {field.date_kind}")
        note = f"  [{'; '.join(extra)}]" if extra else ""
        where = f"{field.source} {_at(field.span)}"
        yield f"  {field.name:<12} {value}  <- {field.raw!r} ({where}){note}"
    yield "sections"
    if not reading.sections:
        yield "  (none)"
    for section in reading.sections:
        indent = "  " * max(section.level - 1, 0)
        name = section.name if section.declared else f"({section.name})"
        written = "" if section.heading == section.name else f"  <- {section.heading!r}"
        state = (
            "  [empty]" if not section.text else "  [placeholder]" if section.placeholder else ""
        )
        yield f"  {indent}{name}{written} ({_at(section.span)}){state}"
    yield "relations"
    if not reading.relations:
        yield "  (none)"
    for relation in reading.relations:
        for target in relation.targets:
            number = f", record {target.number}" if target.number is not None else ""
            where = f" -> {target.destination}" if target.destination is not None else ""
            yield f"  {relation.name} {target.text!r}{where} ({_at(target.span)}{number})"
