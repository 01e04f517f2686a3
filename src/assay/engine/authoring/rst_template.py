"""A reStructuredText series' template filled in (``template.rst``, ``nep-template.rst``).

The template keeps its shape and its prompts; what `new` promises is filled: the
title (a placeholder or the template's own, ``NEP X — Template and instructions``)
becomes the new record's, in the series' title form, its adornment fitted to it; the
head fields' status takes the first value the template lists (``<Draft | Active |
…>``) or the series' word, a date field asking for a date gets today's; and each
relation is a field beside the status, or a paragraph after a ``Status`` section's.
"""

from __future__ import annotations

import re

from assay.engine.authoring import relate
from assay.engine.authoring.fill import listed_status
from assay.engine.authoring.folder import read_record
from assay.engine.authoring.rst_shape import RstRecord, RstShape, width
from assay.engine.reading.values import is_placeholder
from assay.errors import UsageError

_ADORNMENT = re.compile(r"([!-/:-@\[-`{-~])\1+[ \t]*")
#: A title naming the template itself, or any title holding a placeholder mark.
_TEMPLATE_TITLE = re.compile(r"(?i:\btemplate\b)|[{<\[]|\b(?:X+|N+|TITLE)\b")
#: A head field: ``:Created: <date created on, in yyyy-mm-dd format>``.
_FIELD = re.compile(r"^:([^:\s][^:\n]*):[ \t]+(.+?)[ \t]*$", re.M)
_DATE_KEY = re.compile(r"(?i:date|created|updated|modified)")


def rst_from_template(template: bytes, path: str, shape: RstShape, new: RstRecord) -> bytes:
    """The template at ``path`` filled in for ``new``, its title in ``shape``'s form."""
    try:
        text = template.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: the template is not UTF-8; nothing was written") from None
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(newline)
    reading = read_record(template, path)
    title = reading.title if reading is not None else None
    if title is not None and title.span is not None:
        at = title.span.line - 1
        if is_placeholder(title.raw) or _TEMPLATE_TITLE.search(title.raw):
            lines = _retitled(lines, at, shape.heading(new.number, new.title))
    text = newline.join(lines)
    # The head's fields only: a field list further down is the author's content.
    reread = read_record(text.encode("utf-8"), path)
    body = [s.span.start for s in (reread.sections[1:] if reread else ()) if s.span]
    end = len(text.encode("utf-8")[: min(body, default=len(text.encode("utf-8")))].decode())
    text = _FIELD.sub(lambda m: _field(m, new), text[:end]) + text[end:]
    raw = text.encode("utf-8")
    for key, link in new.relations:
        raw = relate.add_relation(raw, path, key, link, link)
    return raw


def _retitled(lines: list[str], at: int, heading: str) -> list[str]:
    """``lines`` with the title on line ``at`` (0-based) now ``heading``, its overline
    and underline fitted to its width."""
    under = at + 1 < len(lines) and _ADORNMENT.fullmatch(lines[at + 1])
    over = at > 0 and _ADORNMENT.fullmatch(lines[at - 1])
    size = max(width(heading), 3)
    lines = list(lines)
    lines[at] = heading
    if under:
        lines[at + 1] = lines[at + 1].strip()[0] * size
    if over:
        lines[at - 1] = lines[at - 1].strip()[0] * size
    return lines


def _field(found: re.Match[str], new: RstRecord) -> str:
    key, value = found[1], found[2]
    if key.strip().casefold() == "status":
        listed = listed_status(value, new.status)
        status = listed.capitalize() if new.status[:1].isupper() else listed.lower()
        return f":{key}: {status}"
    if _DATE_KEY.search(key) and is_placeholder(value):
        return f":{key}: {new.date}"
    return found[0]
