"""Prose blocks: paragraphs about the problem, the decision, its consequences and the
alternatives, written from the topic's phrase banks without repeating a sentence.

Like every builder, each returns a block, or ``None`` when it has nothing new to say in
this file.
"""

from __future__ import annotations

from . import blocks
from .inline import Ink
from .words import (
    BAD_GENERIC,
    CONTEXT_GENERIC,
    DECISION_GENERIC,
    GOOD_GENERIC,
    HISTORY,
    SCOPE,
)

Block = list[str]


def capital(text: str) -> str:
    """``text`` with its first letter in upper case."""
    return text[:1].upper() + text[1:]


def lower_first(text: str) -> str:
    """``text`` with its first letter in lower case, to continue a sentence."""
    return text[:1].lower() + text[1:]


def context_paragraph(ink: Ink) -> Block | None:
    """Two to four unused sentences about the problem, sometimes with a link or footnote."""
    rng, topic = ink.rng, ink.record.topic
    sentences = ink.sentences(topic.problems, rng.randint(1, 2))
    sentences += ink.sentences(CONTEXT_GENERIC, rng.randint(1, 2))
    if len(sentences) < 2:
        return None
    rng.shuffle(sentences)
    roll = rng.random()
    if roll < 0.22 and ink.neighbours and ink.once("see-also"):
        other = rng.choice(ink.neighbours)
        sentences.append(f"See also {ink.record_link(other)} for the background.")
    elif roll < 0.3 and not ink.plain:
        sentences[-1] = sentences[-1][:-1] + ink.footnote(_footnote_text(ink)) + "."
    elif roll < 0.38 and ink.once("ticket"):
        sentences.append(f"The discussion is in {ink.ticket()}.")
    return blocks.paragraph(ink, [ink.emphasise(s) for s in sentences])


def history_paragraph(ink: Ink) -> Block | None:
    """How the current situation came about."""
    sentences = ink.sentences(HISTORY, ink.rng.randint(2, 3))
    return blocks.paragraph(ink, sentences) if sentences else None


def decision_paragraph(ink: Ink) -> Block | None:
    """What was decided and why (once), or further commitments (afterwards)."""
    rng, record = ink.rng, ink.record
    if not ink.once("decision-lead"):
        return decision_details(ink)
    lead = rng.choice(
        (
            f"We will use {record.choice} for {record.thing} in {record.component}",
            f"We adopt {record.choice} for {record.thing}",
            f"{capital(record.component)} moves to {record.choice}",
        )
    )
    reason = ink.fill(_fresh(ink, record.topic.pros), option=record.choice)
    sentences = [ink.prose(f"{lead}, because {reason}.")]
    sentences += ink.sentences(DECISION_GENERIC, rng.randint(1, 2))
    return blocks.paragraph(ink, [ink.emphasise(s) for s in sentences])


def chosen_option(ink: Ink) -> Block:
    """MADR's outcome sentence: ``Chosen option: "X", because ...``."""
    record = ink.record
    ink.once("decision-lead")
    reason = ink.fill(_fresh(ink, record.topic.pros), option=record.choice)
    text = f'Chosen option: "{record.choice}", because {reason}.'
    return blocks.paragraph(ink, [ink.prose(text)])


def decision_details(ink: Ink) -> Block | None:
    """More commitments, and another reason for the choice if one is left."""
    rng, record = ink.rng, ink.record
    sentences = ink.sentences(DECISION_GENERIC, rng.randint(1, 3))
    pros = ink.pick(record.topic.pros)
    if pros:
        sentences.insert(0, f"Another reason is that {ink.fill(pros[0], option=record.choice)}.")
    return blocks.paragraph(ink, sentences) if len(sentences) > 1 else None


def scope_paragraph(ink: Ink) -> Block | None:
    """What the decision covers and what it does not."""
    if not ink.once("scope"):
        return None
    sentences = ink.sentences(SCOPE, ink.rng.randint(2, 3))
    return blocks.paragraph(ink, sentences) if sentences else None


def cost_paragraph(ink: Ink) -> Block | None:
    """An effort and cost estimate."""
    if not ink.once("cost"):
        return None
    rng = ink.rng
    weeks, monthly = rng.randint(2, 16), rng.randint(1, 30)
    text = (
        f"We estimate {weeks} engineer-weeks for the migration and about ${monthly}k a "
        f"month in running costs, compared with ${monthly + rng.randint(-1, 6)}k today."
    )
    return blocks.paragraph(ink, [text])


def consequence_paragraph(ink: Ink) -> Block | None:
    """Consequences told as prose."""
    good = ink.pick(GOOD_GENERIC)
    bad = ink.pick(BAD_GENERIC)
    if not good or not bad:
        return None
    text = f"{good[0][:-1]}. On the other hand: {lower_first(bad[0])}"
    return blocks.paragraph(ink, [ink.fill(text)])


def alternative_paragraph(ink: Ink, option: str | None = None) -> Block | None:
    """Why one alternative (not yet discussed in this file) was not chosen."""
    rng = ink.rng
    if option is None:
        left = [a for a in ink.record.alts if f"alt:{a}" not in ink.spent]
        if not left:
            return None
        option = rng.choice(left)
    ink.once(f"alt:{option}")
    con = ink.fill(rng.choice(ink.record.topic.cons), option=option)
    pro = ink.fill(rng.choice(ink.record.topic.pros), option=option)
    text = rng.choice(
        (
            f"{capital(option)} was considered. {capital(pro)}, but {con}.",
            f"We rejected {option}: {con}.",
            f"{capital(option)} would work too. In the end {con}, which outweighed the fact "
            f"that {pro}.",
        )
    )
    return blocks.paragraph(ink, [ink.prose(text)])


def generic_paragraph(ink: Ink) -> Block | None:
    """A paragraph of general commitments, for any section."""
    sentences = ink.sentences(DECISION_GENERIC, ink.rng.randint(2, 3))
    return blocks.paragraph(ink, sentences) if sentences else None


def _footnote_text(ink: Ink) -> str:
    rng = ink.rng
    return rng.choice(
        (
            f"Measured in staging over {rng.randint(2, 14)} days.",
            f"Numbers from the capacity review before {ink.quarter}.",
            "Vendor figures, not verified by us.",
            f"See the incident review {ink.ticket()}.",
        )
    )


def _fresh(ink: Ink, pool: tuple[str, ...]) -> str:
    """An unused phrase of ``pool``, or any phrase if all are used."""
    picked = ink.pick(pool)
    return picked[0] if picked else ink.rng.choice(pool)
