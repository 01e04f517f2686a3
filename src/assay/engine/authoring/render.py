"""The text of a new record: the folder's template filled in, else the house style.

The house styles' sections hold the questions their templates ask: adr-tools' own
sentences for Nygard's, MADR-style ``{…}`` placeholders for the others. `check` knows
both as the template's (DOC007), so a record nobody has written yet is reported and
kept off the site; its metadata (title, status, date, relations) checks clean.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from attrs import frozen

from assay.engine.authoring import relate
from assay.engine.authoring.fill import fill_front_matter, template_status
from assay.engine.authoring.folder import Record, read_record
from assay.engine.authoring.front import front_keys, front_matter
from assay.engine.authoring.style import HouseStyle
from assay.engine.reading.prompts import ADR_TOOLS
from assay.engine.reading.values import is_placeholder
from assay.errors import UsageError
from assay.spec.model import Model

_NYGARD_SECTIONS = tuple((f"## {name}", prompt) for name, prompt in ADR_TOOLS.items())
# MADR's placeholders are in braces (its ADR 0012), which `check` reads as unfilled.
_MADR_SECTIONS = (
    (
        "## Context and Problem Statement",
        "{The context and the problem, in two or three sentences or as a question.}",
    ),
    ("## Considered Options", "{The options considered, one list item each.}"),
    ("## Decision Outcome", "{The option chosen, and why.}"),
    ("### Consequences", "{What becomes easier or more difficult because of the decision.}"),
)
#: adr-tools' template words (`# NUMBER. TITLE`, `Date: DATE`, `STATUS`).
_CLOSING = re.compile(r"(^|\s)(#+)(\s*)$")
_TOKENS = re.compile(r"\b(NUMBER|TITLE|DATE|STATUS)\b")


@frozen(kw_only=True)
class NewRecord(Model):
    """What goes into the new record besides its sections."""

    title: str  #: the title line's text, number prefix included (``2. Use Kafka``)
    plain_title: str  #: the title alone
    number: str  #: the record number as the title writes it ("" when dated)
    status: str
    date: str  #: ISO
    #: The relations it states: (``Supersedes``, a Markdown link to the target,
    #: the target's file name).
    relations: tuple[tuple[str, str, str], ...] = ()


def house_record(style: HouseStyle, new: NewRecord, series: Sequence[Record] = ()) -> str:
    """The new record in the house style ``style``; in front matter, the keys the
    ``series``' records keep."""
    lines: list[str] = []
    if style.kind == "madr":
        keys = front_matter(
            front_keys(series),
            status=new.status,
            date=new.date,
            dated=style.dated,
            title=new.plain_title,
            relations=[(key, file) for key, _, file in new.relations],
        )
        lines += ["---", *keys, "---", ""]
    lines += [f"# {atx_text(new.title)}", ""]
    if style.kind == "log4brains":
        lines += [f"{style.bullet} Status: {new.status}"]
        lines += [f"{style.bullet} Date: {new.date}"] if style.dated else []
        lines += [f"{style.bullet} {key}: {link}" for key, link, _ in new.relations]
        lines += [""]
    elif style.kind == "nygard":
        lines += [f"Date: {new.date}", ""] if style.dated else []
        lines += ["## Status", ""] if style.status_place == "heading" else []
        status = new.status if style.status_place == "heading" else f"Status: {new.status}"
        lines += [status, ""]
        lines += [x for key, link, _ in new.relations for x in (f"{key} {link}", "")]
    for heading, prompt in _MADR_SECTIONS if style.kind != "nygard" else _NYGARD_SECTIONS:
        lines += [heading, "", prompt, ""]
    if style.changelog:  # a series keeping a change log has today's entry in it
        lines += [style.changelog, "", f"{style.changelog_marker} {new.date}: Created.", ""]
    return "\n".join(lines[:-1]) + "\n"


def from_template(template: bytes, path: str, new: NewRecord) -> bytes:
    """The folder's template with the new record's title, number, status and date,
    and its relations stated after the status."""
    try:
        text = template.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: the template is not UTF-8") from None
    words = {"NUMBER": new.number, "TITLE": new.plain_title, "DATE": new.date, "STATUS": new.status}
    text = _TOKENS.sub(lambda m: words[m[1]], text)
    status = template_status(text, path, new.status)
    raw = fill_front_matter(text, status, new.date, new.plain_title).encode("utf-8")
    reading = read_record(raw, path)
    if reading is None:  # pragma: no cover - UTF-8 text always reads
        return raw
    title = reading.title
    if title is not None and title.span is not None and is_placeholder(title.text):
        heading = raw[title.span.start : title.span.end]
        hashes = heading[: len(heading) - len(heading.lstrip(b"#"))] or b"#"
        raw = _splice(
            raw, title.span.start, title.span.end, hashes + b" " + atx_text(new.title).encode()
        )
    raw = _set_field(raw, path, "Status", status)
    raw = _set_field(raw, path, "Date", new.date)
    for key, link, file in new.relations:
        raw = relate.add_relation(raw, path, key, link, file)
    return raw


def atx_text(title: str) -> str:
    """``title`` for an ATX heading: a trailing `` #`` run escaped, as Markdown would
    read it as the heading's closing sequence and drop it (``Use C #``)."""
    return _CLOSING.sub(r"\1\\\2", title)


def _set_field(raw: bytes, path: str, name: str, value: str) -> bytes:
    reading = read_record(raw, path)
    found = reading.field(name) if reading is not None else ()
    if not found:
        return raw
    field = found[0]
    if field.source == "front-matter":
        if name == "Status":
            value = value.lower()  # MADR's front matter says `status: proposed`
        line = f"{field.key}: {relate.yaml_scalar(value)}"
        return _splice(raw, field.span.start, field.span.end, line.encode("utf-8"))
    return _splice(raw, field.span.start, field.span.end, value.encode("utf-8"))


def _splice(raw: bytes, start: int, end: int, new: bytes) -> bytes:
    return raw[:start] + new + raw[end:]
