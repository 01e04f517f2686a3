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
    yield _title(reading)
    yield f"number     {reading.number if reading.number is not None else '(none)'}  (file name)"
    yield _date(reading)
    yield "fields"
    if not reading.fields:
        yield "  (none)"
    yield from _fields(reading)
    yield "sections"
    if not reading.sections:
        yield "  (none)"
    yield from _sections(reading)
    yield "relations"
    if not reading.relations:
        yield "  (none)"
    yield from _relations(reading)


def _title(reading: Reading) -> str:
    """The title line: its text and source, the number it carries (and the H1 it came
    from, when that is not the title's own), and whether it is a template placeholder."""
    title = reading.title
    if title is None:
        return "title      (none)"
    number = ""
    if title.number is not None:
        elsewhere = title.prefix_span is not None and title.prefix_span != title.span
        number = f", number {title.number}" + (
            f" (from the H1 at {_at(title.prefix_span)})" if elsewhere else ""
        )
    template = ", template placeholder" if title.placeholder else ""
    return f"title      {title.text!r}  ({title.source} {_at(title.span)}{number}{template})"


def _date(reading: Reading) -> str:
    """The date line: the ISO date and where it was read."""
    date = reading.date
    if date is None:
        return "date       (none)"
    where = date.source + (f" {_at(date.span)}" if date.span is not None else "")
    return f"date       {date.iso}  ({where})"


def _fields(reading: Reading) -> Iterator[str]:
    """A line per field: its value (or that it is not allowed), what was written, and
    notes on a placeholder or a date that is not ISO."""
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


def _sections(reading: Reading) -> Iterator[str]:
    """A line per section, indented by level: its name (in parentheses when the type
    does not declare it), the heading written, and whether it is empty or a placeholder."""
    for section in reading.sections:
        indent = "  " * max(section.level - 1, 0)
        name = section.name if section.declared else f"({section.name})"
        written = "" if section.heading == section.name else f"  <- {section.heading!r}"
        state = (
            "  [empty]" if not section.text else "  [placeholder]" if section.placeholder else ""
        )
        yield f"  {indent}{name}{written} ({_at(section.span)}){state}"


def _relations(reading: Reading) -> Iterator[str]:
    """A line per relation target: the text, the destination and the record it names."""
    for relation in reading.relations:
        for target in relation.targets:
            number = f", record {target.number}" if target.number is not None else ""
            where = f" -> {target.destination}" if target.destination is not None else ""
            yield f"  {relation.name} {target.text!r}{where} ({_at(target.span)}{number})"
