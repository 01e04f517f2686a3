"""The blockers a run's last verification lists: what stops it being rendered.

ADR 097: `### Blockers` is exactly `none` or a Markdown list of `- ` entries, and the
workflow continues only on `none`. Anything else is a form error (FRM003), never read
as blockers here.
"""

from __future__ import annotations

from assay.engine.reading.places import Places
from assay.engine.runs.model import Run
from assay.spec.document import Block, ListBlock
from assay.spec.source import Span

#: The last verification, at the run's root; rounds keep the blockers they had.
VERIFY = "verify.md"


def blockers(run: Run) -> tuple[str, ...]:
    """Each `- ` entry of the Blockers section of ``run``'s ``verify.md``, as one line of
    its text; empty when the section is `none`, absent, or not a `- ` list."""
    verify = run.member(VERIFY)
    if verify is None or verify.reading is None or verify.document is None:
        return ()
    if verify.text is None:
        return ()
    places = Places(verify.text, bom=verify.document.bytes.bom)
    for section in verify.reading.section("Blockers"):
        entries = _entries(run, section.span)
        if entries:
            return tuple(_line(places.body(span).raw) for span in entries)
    return ()


def blockers_span(run: Run) -> Span | None:
    """Where the Blockers heading of ``verify.md`` is, when the run has one."""
    verify = run.member(VERIFY)
    if verify is None or verify.reading is None:
        return None
    found = verify.reading.section("Blockers")
    return found[0].span if found else None


def _entries(run: Run, heading: Span) -> tuple[Span, ...]:
    verify = run.member(VERIFY)
    assert verify is not None and verify.document is not None
    for section in verify.document.walk_sections():
        if section.heading.span.start != heading.start:
            continue
        blocks = section.blocks
        if blocks and all(_dash_list(block) for block in blocks):
            return tuple(i.span for b in blocks if isinstance(b, ListBlock) for i in b.items)
        return ()
    return ()


def _dash_list(block: Block) -> bool:
    return (
        isinstance(block, ListBlock)
        and not block.ordered
        and all(item.marker == "-" for item in block.items)
    )


def _line(raw: str) -> str:
    """An entry as one line: its marker off, its whitespace collapsed."""
    return " ".join(raw.strip().removeprefix("-").split())
