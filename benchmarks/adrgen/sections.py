"""Which sections a record has, what they are called and in which order.

Four families cover the surveyed records: adr-tools (Nygard), MADR (2 and 3/4), custom
templates that use the aliases of ADR-FORMATS.md, and plain text. Each section starts
with its first block; ``document`` grows the sections whose ``kind`` can grow.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import content, prose
from .inline import Ink
from .plan import weighted

Block = list[str]


@dataclass
class Section:
    """A heading and the blocks under it."""

    kind: str  # a key of content.GROWERS, or "fixed" for sections that do not grow
    title: str
    level: int = 2
    blocks: list[Block] = field(default_factory=list)


def section(kind: str, title: str, *candidates: Block | None, level: int = 2) -> Section:
    """A section holding the blocks the builders produced (``None`` is skipped)."""
    return Section(kind, title, level, [block for block in candidates if block])


CONTEXT_ALIASES = {
    "Context": 8,
    "Background": 2,
    "Motivation": 1,
    "Problem Statement": 1,
    "Issue": 1,
    "Context and Problem Statement": 1,
}
DECISION_ALIASES = {
    "Decision": 8,
    "Proposal": 1,
    "Design": 1,
    "Detailed Design": 1,
    "Decisions": 1,
    "Decision Outcome": 1,
}
CONSEQUENCE_ALIASES = {"Consequences": 8, "Implications": 1, "Risks": 1}
ALTERNATIVE_ALIASES = {
    "Alternatives Considered": 4,
    "Options": 1,
    "Rejected Alternatives": 1,
    "Considered Options": 2,
    "Alternatives": 2,
    "Options Considered": 1,
}


def nygard(ink: Ink) -> list[Section]:
    """adr-tools: Context, Decision, Consequences (the style adds Status in front)."""
    rng = ink.rng
    first_consequence = (
        prose.consequence_paragraph if rng.random() < 0.5 else content.consequence_list
    )
    sections = [
        section("context", "Context", prose.context_paragraph(ink)),
        section("decision", "Decision", prose.decision_paragraph(ink)),
        section("consequences", "Consequences", first_consequence(ink)),
    ]
    if rng.random() < 0.3:
        title = weighted(rng, ALTERNATIVE_ALIASES)
        sections.append(section("alternatives", title, prose.alternative_paragraph(ink)))
    if rng.random() < 0.15:
        title = rng.choice(("Links", "References"))
        sections.append(section("links", title, content.links_list(ink)))
    if rng.random() < 0.08:
        sections.append(section("notes", "Notes", content.note_block(ink)))
    return sections


def madr(ink: Ink, version: int) -> list[Section]:
    """MADR 2 (``version=2``) or MADR 3/4: options, outcome, pros and cons."""
    rng, record = ink.rng, ink.record
    sections = [section("context", "Context and Problem Statement", prose.context_paragraph(ink))]
    if rng.random() < 0.7:
        sections.append(
            section("fixed", "Decision Drivers", content.drivers_list(ink, intro=False))
        )
    sections.append(section("fixed", "Considered Options", content.options_list(ink)))
    sections.append(section("decision", "Decision Outcome", prose.chosen_option(ink)))
    if version == 2:
        sections.append(
            section(
                "consequences",
                "Positive Consequences",
                content.consequence_list(ink, good=True),
                level=3,
            )
        )
        sections.append(
            section(
                "consequences",
                "Negative Consequences",
                content.consequence_list(ink, good=False),
                level=3,
            )
        )
    else:
        sections.append(
            section("consequences", "Consequences", content.consequence_list(ink), level=3)
        )
        if rng.random() < 0.35:
            title = "Confirmation" if rng.random() < 0.6 else "Validation"
            sections.append(section("notes", title, prose.generic_paragraph(ink), level=3))
    if rng.random() < 0.65:
        sections.append(section("fixed", "Pros and Cons of the Options"))
        for option in [record.choice, *record.alts]:
            sections.append(section("fixed", option, content.pros_cons(ink, option), level=3))
    if rng.random() < 0.5:
        title = "Links" if version == 2 else "More Information"
        sections.append(section("links", title, content.links_list(ink)))
    return sections


def custom(ink: Ink) -> list[Section]:
    """House templates: aliases of the usual sections, sometimes in another order."""
    rng, record = ink.rng, ink.record
    context = section("context", weighted(rng, CONTEXT_ALIASES), prose.context_paragraph(ink))
    decision = section("decision", weighted(rng, DECISION_ALIASES), prose.decision_paragraph(ink))
    consequences = [section("consequences", weighted(rng, CONSEQUENCE_ALIASES))]
    if rng.random() < 0.3:
        for title, good in (("Positive", True), ("Negative", False)):
            consequences.append(
                section("consequences", title, content.consequence_list(ink, good=good), level=3)
            )
        if rng.random() < 0.4:
            consequences.append(section("notes", "Neutral", prose.generic_paragraph(ink), level=3))
    else:
        consequences[0].blocks = [b for b in [content.consequence_list(ink)] if b]
    alternatives: list[Section] = []
    if rng.random() < 0.7:
        alternatives.append(section("alternatives", weighted(rng, ALTERNATIVE_ALIASES)))
        if rng.random() < 0.4:
            for k, option in enumerate(record.alts, 1):
                alternatives.append(
                    section(
                        "fixed",
                        f"Option {k}: {option}",
                        prose.alternative_paragraph(ink, option),
                        level=3,
                    )
                )
        else:
            alternatives[0].blocks = [b for b in [prose.alternative_paragraph(ink)] if b]
    order = [context, decision, *consequences, *alternatives]
    if alternatives and rng.random() < 0.15:
        order = [context, *alternatives, decision, *consequences]
    if rng.random() < 0.15:
        order.append(section("notes", "Follow-ups", content.followups(ink)))
    if rng.random() < 0.2:
        order.append(section("links", "References", content.links_list(ink)))
    return order


def plain(ink: Ink) -> list[Section]:
    """Plain text (seed 002): section names alone on a line, no Markdown markup."""
    rng = ink.rng
    order = []
    if rng.random() < 0.3:
        order.append(section("notes", "Scope", prose.scope_paragraph(ink)))
    order += [
        section("context", "Context", prose.context_paragraph(ink)),
        section("decision", "Decision", prose.decision_paragraph(ink)),
        section("consequences", "Consequences", prose.consequence_paragraph(ink)),
    ]
    if rng.random() < 0.7:
        title = rng.choice(("Alternatives considered", "Considered alternatives"))
        order.append(section("alternatives", title, prose.alternative_paragraph(ink)))
    if rng.random() < 0.2:
        order.append(section("notes", "Verification or enforcement", prose.generic_paragraph(ink)))
    return order
