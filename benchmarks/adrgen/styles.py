"""The house styles: where the title, status, date and relations of a record are written.

One builder per style of ``plan.STYLES``. Each returns a ``Doc`` whose sections already
hold their first blocks; relations the metadata did not mention go to a Status or Links
section, so every stated relation appears once in the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from . import blocks, content, fields, prose, sections
from .inline import Ink
from .layout import Block, Doc, Headings
from .sections import Section
from .words import TEAMS


def build(ink: Ink) -> Doc:
    """The document of ``ink.record`` in its planned style, before sizing."""
    doc = BUILDERS[ink.record.style](ink)
    if "broken_link" in ink.record.flags and not ink.plain:
        hosts = [s for s in doc.sections if s.kind in ("context", "decision", "consequences")]
        ink.rng.choice(hosts).blocks.append(content.broken_link_block(ink))
    _mark_one_heading(ink, doc)
    return doc


# -- styles --------------------------------------------------------------------------------


def nygard(ink: Ink, form: str = "atx") -> Doc:
    """adr-tools: ``# 1. Title``, ``Date:``, then a Status section with the value."""
    rng, record = ink.rng, ink.record
    if form == "setext":
        # "1. Title" underlined would be an ordered list, so setext titles use other prefixes.
        text = fields.prefixed_title(ink, numbered_dot=False)
        title = [text, "=" * len(text)]
    else:
        n = fields.title_number(ink)
        title = [f"# {n:04d}. {record.title}" if rng.random() < 0.15 else f"# {n}. {record.title}"]
    head = [[f"Date: {fields.date(ink)}"]] if rng.random() < 0.9 else []
    value, used = fields.status(ink)
    status_blocks: list[Block] = [[value]]
    for name, targets in fields.relations(record):
        if name not in used:
            link_form = "inline-title" if rng.random() < 0.6 else None
            status_blocks.append([f"{name} {fields.join_links(ink, targets, link_form)}"])
    level = 1 if "second_h1" in record.flags else 2
    status = Section("fixed", "Status", level, status_blocks)
    return Doc(
        headings=_headings(ink, form),
        before=_before_title(ink),
        title=title,
        head=head,
        sections=[status, *sections.nygard(ink)],
    )


def setext(ink: Ink) -> Doc:
    """adr-tools layout written with setext (underlined) headings."""
    return nygard(ink, form="setext")


def madr(ink: Ink) -> Doc:
    """MADR 3/4: YAML front matter with status, date and deciders."""
    rng, record = ink.rng, ink.record
    v4 = rng.random() < 0.5
    value, used = fields.status(ink, markup=False)
    front = ["---"]
    with_title = rng.random() < 0.15
    if with_title:
        front.append(f"title: {_yaml(record.title, force=v4)}")
    front.append(f"status: {_yaml(value, force=v4)}")
    front.append(f"date: {_yaml(fields.date(ink))}")
    front.append(f"{'decision-makers' if v4 else 'deciders'}: {_yaml(fields.people(ink))}")
    if rng.random() < 0.4:
        front.append(f"consulted: {_yaml(fields.people(ink))}")
        front.append(f"informed: {_yaml(rng.choice(TEAMS) + ' team')}")
    if rng.random() < 0.2:
        front += ["tags:", f"  - {record.topic.key}", f"  - {rng.choice(TEAMS).lower()}"]
    front.append("---")
    doc = Doc(
        headings=_headings(ink),
        front=front,
        gap_after_front=rng.random() < 0.85,
        before=_before_title(ink),
        title=[] if with_title and rng.random() < 0.3 else [f"# {record.title}"],
        sections=sections.madr(ink, version=4 if v4 else 3),
    )
    _relations_to_links(ink, doc, used)
    return doc


def bullets(ink: Ink) -> Doc:
    """MADR 2 (``* Status:``) and log4brains (``- Status:``) bullets under the title."""
    rng, record = ink.rng, ink.record
    log4brains = rng.random() < 0.5
    value, used = fields.status(ink)
    rows = [("Status", value), ("Deciders", fields.people(ink)), ("Date", fields.date(ink))]
    if log4brains:
        rows = [rows[0], rows[2], rows[1], ("Tags", f"{record.topic.key}, {ink.team.lower()}")]
    for name, targets in fields.relations(record):
        if name not in used and rng.random() < 0.5:
            rows.append((name, fields.join_links(ink, targets)))
            used.add(name)
    marker = "-" if log4brains else "*"
    head = [[f"{marker} {key}: {val}" for key, val in rows]]
    if rng.random() < 0.4:
        head.append([f"Technical Story: {ink.ticket()}"])
    title = fields.prefixed_title(ink) if rng.random() < 0.1 else record.title
    doc = Doc(
        headings=_headings(ink),
        before=_before_title(ink),
        title=[f"# {title}"],
        head=head,
        sections=sections.madr(ink, version=2),
    )
    _relations_to_links(ink, doc, used)
    return doc


def preamble(ink: Ink) -> Doc:
    """``Status: Accepted`` and ``Date:`` lines under the title."""
    rng = ink.rng
    rows = _metadata_rows(ink)
    lines = [f"{key}: {val}" for key, val in rows]
    roll = rng.random()
    if roll < 0.3:
        head = [[line + "  " for line in lines[:-1]] + lines[-1:]]  # hard line breaks
    elif roll < 0.4:
        head = [[line + "\\" for line in lines[:-1]] + lines[-1:]]
    elif roll < 0.6:
        head = [[line] for line in lines]  # one paragraph per field
    else:
        head = [lines]  # one paragraph, fields joined by soft breaks
    return _custom_doc(ink, head)


def table(ink: Ink) -> Doc:
    """A metadata table: ``| Status | Accepted |`` rows, or one row of columns."""
    rng = ink.rng
    rows = _metadata_rows(ink)
    pairs = [[key, val] for key, val in rows]
    roll = rng.random()
    if roll < 0.5:
        grid = blocks.table(ink, pairs[0], pairs[1:])
    elif roll < 0.8:
        grid = blocks.table(ink, [rng.choice(("Field", "Key", "Property")), "Value"], pairs)
    else:
        grid = blocks.table(ink, [k for k, _ in pairs], [[v for _, v in pairs]])
    return _custom_doc(ink, [grid])


def bold(ink: Ink) -> Doc:
    """Bold keys: ``* **Status:** Accepted``, ``- **Status**: Accepted`` or lines."""
    rng = ink.rng
    rows = _metadata_rows(ink)
    roll = rng.random()
    if roll < 0.5:
        lines = [f"{ink.bullet} **{key}:** {val}" for key, val in rows]
    elif roll < 0.75:
        lines = [f"- **{key}**: {val}" for key, val in rows]
    else:
        lines = [f"**{key}:** {val}  " for key, val in rows]
        lines[-1] = lines[-1].rstrip()
    return _custom_doc(ink, [lines])


def oneline(ink: Ink) -> Doc:
    """Several fields on one line: ``Date: 2026-10-08 Status: accepted Deciders: ...``."""
    rng = ink.rng
    rows = _metadata_rows(ink, owner=True)
    separator = rng.choice((" ", " ", " | ", "; "))
    if ink.unicode and rng.random() < 0.6:
        separator = " \u00b7 "
    line = separator.join(f"{key}: {val}" for key, val in rows)
    head: list[Block] = [[line]]
    summary = prose.scope_paragraph(ink) if rng.random() < 0.3 else None
    if summary:
        head.insert(0, summary)  # a summary first, as in seed 002
    return _custom_doc(ink, head)


def status_heading(ink: Ink) -> Doc:
    """The value in the heading itself: ``## Status: accepted``."""
    rng, record = ink.rng, ink.record
    value, used = fields.status(ink)
    status_blocks = [
        [f"{name}: {fields.join_links(ink, targets)}"]
        for name, targets in fields.relations(record)
        if name not in used
    ]
    doc = _custom_doc(ink, [[f"Date: {fields.date(ink)}"]] if rng.random() < 0.6 else [])
    doc.headings.colon = False  # "Status: accepted:" is not a thing
    doc.sections.insert(0, Section("fixed", f"Status: {value}", 2, status_blocks))
    return doc


def plain(ink: Ink) -> Doc:
    """Plain text (seeds 002 and 003): no headings, fields on their own lines."""
    rng, record = ink.rng, ink.record
    n = fields.title_number(ink)
    dash = "\u2014" if ink.unicode else "-"
    title = rng.choice(
        (
            f"ADR: {record.title}",
            f"ADR {n}: {record.title}",
            f"{n:03d} {dash} {record.title}",
            record.title,
        )
    )
    rows = _metadata_rows(ink, with_relations=False)
    if rng.random() < 0.5:
        head = [[" ".join(f"{key}: {val}" for key, val in rows)]]
    else:
        head = [[f"{key}: {val}"] for key, val in rows]
    for name, targets in fields.relations(record):
        head.append([f"{name} {fields.join_links(ink, targets)}."])
    return Doc(
        headings=Headings(form="plain"), title=[title], head=head, sections=sections.plain(ink)
    )


BUILDERS: dict[str, Callable[[Ink], Doc]] = {
    "nygard": nygard,
    "setext": setext,
    "madr": madr,
    "bullets": bullets,
    "preamble": preamble,
    "table": table,
    "bold": bold,
    "oneline": oneline,
    "status-heading": status_heading,
    "plain": plain,
}


# -- shared parts --------------------------------------------------------------------------


def _metadata_rows(
    ink: Ink, owner: bool = False, with_relations: bool = True
) -> list[tuple[str, str]]:
    """Status, date, people and relations as (key, value) rows, in a house order."""
    rng, record = ink.rng, ink.record
    value, used = fields.status(ink)
    rows = [("Status", value), ("Date", fields.date(ink))]
    if rng.random() < 0.5:
        rows.reverse()
    if rng.random() < 0.75:
        key = rng.choice(("Deciders", "Authors", "Author", "Owner", "Decision makers"))
        rows.append((key, fields.people(ink)))
    if owner and rng.random() < 0.4:
        rows.append(("Team", ink.team))
    for name, targets in fields.relations(record) if with_relations else []:
        if name not in used:
            key = name.replace(" by", "-by") if rng.random() < 0.3 else name
            rows.append((key, fields.join_links(ink, targets)))
    return rows


def _custom_doc(ink: Ink, head: list[Block]) -> Doc:
    """A document with a prefixed title, the given metadata and custom-named sections."""
    return Doc(
        headings=_headings(ink),
        before=_before_title(ink),
        title=[f"# {fields.prefixed_title(ink)}"],
        head=head,
        sections=sections.custom(ink),
    )


def _relations_to_links(ink: Ink, doc: Doc, used: set[str]) -> None:
    """Relations not yet stated go to the Links section, created if needed."""
    rest = [(n, t) for n, t in fields.relations(ink.record) if n not in used]
    if not rest:
        return
    items = [f"{name} {fields.join_links(ink, targets)}" for name, targets in rest]
    for section in doc.sections:
        if section.kind == "links":
            section.blocks.insert(0, blocks.bullets(ink, list(items)))
            return
    title = ink.rng.choice(("Links", "More Information", "Related Decisions"))
    doc.sections.append(Section("links", title, 2, [blocks.bullets(ink, list(items))]))


def _headings(ink: Ink, form: str = "atx") -> Headings:
    """This file's heading habits."""
    rng = ink.rng
    return Headings(
        form=form,
        numbered=rng.random() < 0.05,
        bold=rng.random() < 0.02,
        colon=rng.random() < 0.03,
        closing=form == "atx" and rng.random() < 0.01,
    )


def _mark_one_heading(ink: Ink, doc: Doc) -> None:
    """Rarely, one heading carries a trailing comment or is indented by a space."""
    if doc.headings.form == "plain" or not doc.sections:
        return
    rng = ink.rng
    if rng.random() < 0.02:
        doc.headings.comment_on = rng.choice(doc.sections).title
    if doc.headings.form == "atx" and rng.random() < 0.01:
        doc.headings.indent_on = rng.choice(doc.sections).title


def _before_title(ink: Ink) -> list[Block]:
    """What some files have above the title: blank lines or comments."""
    roll = ink.rng.random()
    if roll < 0.03:
        return [[""]]
    if roll < 0.06:
        return [["<!-- markdownlint-disable MD013 MD024 -->"]]
    if roll < 0.075:
        return [blocks.fake_heading_comment(ink)]
    return []


_YAML_PLAIN = re.compile(r"^[A-Za-z0-9(][^#]*$")


def _yaml(value: str, force: bool = False) -> str:
    """A YAML scalar: plain when that is safe, else double-quoted."""
    if not force and _YAML_PLAIN.match(value) and ": " not in value:
        return value
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'
