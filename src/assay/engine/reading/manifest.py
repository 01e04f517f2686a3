"""An analysis run's ``run.toml`` read as a typed document: its top-level keys as fields.

A run's manifest is TOML, not Markdown, yet the same checks hold for it as for any
document: a required key is FLD001, a value that breaks its format FLD003, each at its
place in ``run.toml``.  So its keys become ``FieldReading``\\ s (source ``toml``) with
the value's span and the key's, and every document check reads them unchanged.

A string reads as the string; any other scalar as its TOML text (``true``, ``3``,
``2026-09-29``).  Tables and arrays are the workflow's operational state and are not
fields, unless the type declares the key (then the TOML text of the value's first line).
TOML that does not parse is DOC019, at the line and column ``tomllib`` names; bytes
that are not UTF-8 are DOC001, as for any document.
"""

from __future__ import annotations

import re
import tomllib
from datetime import date, datetime, time
from typing import Any

from assay.engine.reading.dates import is_placeholder
from assay.grammar.locate import Locator
from assay.grammar.markdown.document import decode
from assay.grammar.toml_positions import (
    MAX_KEY_PARTS,
    too_deep,
    too_long,
    too_many_parts,
    top_level,
)
from assay.spec.diagnostics import Diagnostic
from assay.spec.reading import FieldReading, Reading
from assay.spec.rules.runs import DOC019
from assay.spec.source import Span
from assay.spec.types import DocumentType

_POSITION = re.compile(r" \(at line (\d+), column (\d+)\)$")
_AT_END = " (at end of document)"
_SCALARS = (str, bool, int, float, date, datetime, time)


def read_manifest(
    raw: bytes, path: str, doc_type: DocumentType | None
) -> tuple[str | None, Reading | None, tuple[Diagnostic, ...]]:
    """The decoded text, the reading under ``doc_type`` (None without a type, or when
    the TOML does not parse) and what the reader found wrong (DOC001, DOC019)."""
    locator, undecodable = decode(raw, path)
    if locator is None:
        return None, None, (undecodable,) if undecodable is not None else ()
    text = locator.text
    if too_many_parts(text) is not None:  # before tomllib, quadratic in a key's parts
        message = f"a dotted key has more than {MAX_KEY_PARTS} parts"
        return text, None, (_beyond(locator, path, message, too_many_parts),)
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return text, None, (_malformed(locator, path, str(error)),)
    except RecursionError:  # `x = [[[…]]]` thousands deep ends tomllib's recursion
        return text, None, (_beyond(locator, path, "values nested too deeply", too_deep),)
    except ValueError:  # an integer longer than Python converts
        return text, None, (_beyond(locator, path, "an integer with too many digits", too_long),)
    if doc_type is None:
        return text, None, ()
    return text, _reading(table, locator, path, doc_type), ()


def _reading(table: dict[str, Any], locator: Locator, path: str, doc_type: DocumentType) -> Reading:
    declared = {decl.name: decl.name for decl in doc_type.fields}
    declared.update({decl.name.casefold(): decl.name for decl in doc_type.fields})
    places = top_level(locator.text)
    fields = []
    for key, value in table.items():
        name = declared.get(key) or declared.get(key.casefold())
        if not isinstance(value, _SCALARS) and name is None:
            continue  # operational state: a table or array no type asked for
        place = places.get(key)
        if place is None:  # a key the scan cannot place (`a.b`-style, say): the file start
            span = key_span = Span.point(locator.prefix, 1, 1)
            written = _toml_text(value)
        else:
            key_start, key_end, value_start, value_end = place
            span = locator.span(value_start, value_end)
            key_span = locator.span(key_start, key_end)
            written = locator.text[value_start:value_end]
        fields.append(
            FieldReading(
                name=name or key,
                key=key,
                raw=written,
                value=value if isinstance(value, str) else written,
                source="toml",
                span=span,
                key_span=key_span,
                # `assay new run` leaves `{what to write}` where a value is still due.
                placeholder=isinstance(value, str) and is_placeholder(value),
            )
        )
    fields.sort(key=lambda f: f.span.start)
    return Reading(
        path=path,
        type=doc_type.name,
        lineage=doc_type.lineage,
        title=None,
        number=None,
        fields=tuple(fields),
        sections=(),
        relations=(),
    )


def _toml_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _malformed(locator: Locator, path: str, message: str) -> Diagnostic:
    """DOC019 where ``tomllib`` says: its message ends ``(at line L, column C)``, or
    ``(at end of document)`` for something left open."""
    if position := _POSITION.search(message):
        offset = _offset(locator.text, int(position[1]), int(position[2]))
        message = message[: position.start()]
    else:
        offset = len(locator.text)
        message = message.removesuffix(_AT_END)
    return _diagnostic(locator, path, f"run.toml is not valid TOML: {message}", offset)


def _beyond(locator: Locator, path: str, message: str, locate: Any) -> Diagnostic:
    """DOC019 for TOML ``tomllib`` cannot read although it may be valid, placed by
    ``locate`` (``too_deep``, ``too_long``)."""
    where = locate(locator.text)
    offset = 0 if where is None else _offset(locator.text, *where)
    return _diagnostic(locator, path, f"run.toml is not valid TOML: {message}", offset)


def _offset(text: str, line: int, column: int) -> int:
    """The character offset of a 1-based line and column counted as TOML counts them:
    lines end at `\n` alone."""
    offset = 0
    for _ in range(line - 1):
        following = text.find("\n", offset)
        if following < 0:
            break
        offset = following + 1
    return min(offset + max(column, 1) - 1, len(text))


def _diagnostic(locator: Locator, path: str, message: str, offset: int) -> Diagnostic:
    end = min(offset + 1, len(locator.text))
    return DOC019.diagnostic(
        message,
        path,
        locator.span(offset, end),
    )
