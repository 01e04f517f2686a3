"""Which sections a record has, what they are called and in which order.

Four families cover the surveyed records: adr-tools (Nygard), MADR (2 and 3/4), custom
templates that use the aliases of ADR-FORMATS.md, and plain text. Each section starts
with one or two blocks; ``document`` grows the sections whose ``kind`` can grow.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adrgen import blocks, content
from adrgen.inline import Ink
from adrgen.plan import weighted

Block = list[str]


@dataclass
class Section:
    """A heading and the blocks under it."""

    kind: str  # a key of content.GROWERS, or "fixed" for sections that do not grow
    title: str
    level: int = 2
    blocks: list[Block] = field(default_factory=list)


CONTEXT_ALIASES = {"Context": 8, "Background": 2, "Motivation": 1, "Problem Statement": 1,
                   "Issue": 1, "Context and Problem Statement": 1}
DECISION_ALIASES = {"Decision": 8, "Proposal": 1, "Design": 1, "Detailed Design": 1,
                    "Decisions": 1, "Decision Outcome": 1}
CONSEQUENCE_ALIASES = {"Consequences": 8, "Implications": 1, "Risks": 1}
ALTERNATIVE_ALIASES = {"Alternatives Considered": 4, "Options": 1, "Rejected Alternatives": 1,
                       "Considered Options": 2, "Alternatives": 2, "Options Considered": 1}


def nygard(ink: Ink) -> list[Section]:
    """adr-tools: Context, Decision, Consequences (Status is added by the style)."""
    rng = ink.rng
    sections = [
        Section("context", "Context", blocks=[content.context_paragraph(ink)]),
        Section("decision", "Decision", blocks=[content.decision_paragraph(ink)]),
        Section("consequences", "Consequences", blocks=[_consequences(ink)]),
    ]
    if rng.random() < 0.3:
        title = weighted(ink.rng, ALTERNATIVE_ALIASES)
        sections.append(Section("alternatives", title, blocks=[content.alternative_paragraph(ink)]))
    if rng.random() < 0.15:
        sections.append(Section("links", rng.choice(("Links", "References")),
                                blocks=[content.links_list(ink)]))
    if rng.random() < 0.08:
        sections.append(Section("notes", "Notes", blocks=[content.note_block(ink)]))
    return sections


def madr(ink: Ink, version: int) -> list[Section]:
    """MADR 2 (``version=2``) or MADR 3/4: options, outcome, pros and cons."""
    rng, record = ink.rng, ink.record
    sections = [Section("context", "Context and Problem Statement",
                        blocks=[content.context_paragraph(ink)])]
    if rng.random() < 0.7:
        sections.append(Section("fixed", "Decision Drivers", blocks=[content.drivers_list(ink)]))
    sections.append(Section("fixed", "Considered Options", blocks=[content.options_list(ink)]))
    reason = ink.fill(rng.choice(record.topic.pros), option=record.choice)
    chosen = ink.prose(f'Chosen option: "{record.choice}", because {reason}.')
    sections.append(Section("decision", "Decision Outcome",
                            blocks=[blocks.paragraph(ink, [chosen])]))
    if version == 2:
        sections.append(Section("consequences", "Positive Consequences", 3,
                                [content.consequence_list(ink, good=True)]))
        sections.append(Section("consequences", "Negative Consequences", 3,
                                [content.consequence_list(ink, good=False)]))
    else:
        sections.append(Section("consequences", "Consequences", 3,
                                [content.consequence_list(ink)]))
        if rng.random() < 0.35:
            title = "Confirmation" if rng.random() < 0.6 else "Validation"
            sections.append(Section("notes", title, 3, [content.generic_paragraph(ink)]))
    if rng.random() < 0.65:
        sections.append(Section("fixed", "Pros and Cons of the Options"))
        for option in [record.choice, *record.alts]:
            sections.append(Section("fixed", option, 3, [content.pros_cons(ink, option)]))
    if rng.random() < 0.5:
        title = "Links" if version == 2 else "More Information"
        sections.append(Section("links", title, blocks=[content.links_list(ink)]))
    return sections


def custom(ink: Ink) -> list[Section]:
    """House templates: aliases of the usual sections, sometimes in another order."""
    rng, record = ink.rng, ink.record
    context = Section("context", weighted(ink.rng, CONTEXT_ALIASES), blocks=[content.context_paragraph(ink)])
    decision = Section("decision", weighted(ink.rng, DECISION_ALIASES),
                       blocks=[content.decision_paragraph(ink)])
    consequences = [Section("consequences", weighted(ink.rng, CONSEQUENCE_ALIASES),
                            blocks=[content.consequence_list(ink)])]
    if rng.random() < 0.3:
        consequences[0].blocks = []
        for title, good in (("Positive", True), ("Negative", False)):
            consequences.append(Section("consequences", title, 3,
                                        [content.consequence_list(ink, good=good)]))
        if rng.random() < 0.4:
            consequences.append(Section("notes", "Neutral", 3, [content.generic_paragraph(ink)]))
    alternatives: list[Section] = []
    if rng.random() < 0.7:
        alternatives.append(Section("alternatives", weighted(ink.rng, ALTERNATIVE_ALIASES),
                                    blocks=[content.alternative_paragraph(ink)]))
        if rng.random() < 0.4:
            alternatives[0].blocks = []
            for k, option in enumerate(record.alts, 1):
                alternatives.append(Section("fixed", f"Option {k}: {option}", 3,
                                            [content.alternative_paragraph(ink, option)]))
    order = [context, decision, *consequences, *alternatives]
    if alternatives and rng.random() < 0.15:
        order = [context, *alternatives, decision, *consequences]
    if rng.random() < 0.15:
        order.append(Section("notes", "Follow-ups", blocks=[content.followups(ink)]))
    if rng.random() < 0.2:
        order.append(Section("links", "References", blocks=[content.links_list(ink)]))
    return order


def plain(ink: Ink) -> list[Section]:
    """Plain text (seed 002): section names alone on a line, no Markdown markup."""
    rng = ink.rng
    order = []
    if rng.random() < 0.3:
        order.append(Section("notes", "Scope", blocks=[content.generic_paragraph(ink)]))
    order += [
        Section("context", "Context", blocks=[content.context_paragraph(ink)]),
        Section("decision", "Decision", blocks=[content.decision_paragraph(ink)]),
        Section("consequences", "Consequences", blocks=[content.generic_paragraph(ink)]),
    ]
    if rng.random() < 0.7:
        order.append(Section("alternatives", rng.choice(("Alternatives considered",
                                                         "Considered alternatives")),
                             blocks=[content.alternative_paragraph(ink)]))
    if rng.random() < 0.2:
        order.append(Section("notes", "Verification or enforcement",
                             blocks=[content.generic_paragraph(ink)]))
    return order


def _consequences(ink: Ink) -> Block:
    """adr-tools consequences: prose or bullets."""
    if ink.rng.random() < 0.5:
        return content.generic_paragraph(ink)
    return content.consequence_list(ink)
