"""What goes inside a section: topic-aware blocks for each kind of section.

``GROWERS`` maps a section kind to the blocks that can be added to it, with weights;
the sizing loop in ``document`` keeps adding them until the file reaches its size.
"""

from __future__ import annotations

from collections.abc import Callable

from adrgen import blocks
from adrgen.inline import Ink
from adrgen.plan import weighted
from adrgen.words import (
    BAD_GENERIC,
    COMMENT_NOTES,
    CONTEXT_GENERIC,
    DECISION_GENERIC,
    DIRECTIVE_REASONS,
    FOLLOW_UPS,
    GOOD_GENERIC,
    NEUTRAL_GENERIC,
    QUOTES,
    UNICODE_SENTENCES,
)

Block = list[str]
Grower = Callable[[Ink], Block]


# -- paragraphs ----------------------------------------------------------------------


def context_paragraph(ink: Ink) -> Block:
    """Two to four sentences about the problem, sometimes with a link or footnote."""
    rng, topic = ink.rng, ink.record.topic
    count = rng.randint(2, 4)
    sentences = [ink.sentence(topic.problems if rng.random() < 0.6 else CONTEXT_GENERIC)
                 for _ in range(count)]
    sentences = _dedupe(sentences)
    roll = rng.random()
    if roll < 0.22 and ink.neighbours:
        other = rng.choice(ink.neighbours)
        sentences.append(f"See also {ink.record_link(other)} for the background.")
    elif roll < 0.3:
        sentences[-1] = sentences[-1][:-1] + ink.footnote(_footnote_text(ink)) + "."
    elif roll < 0.38:
        sentences.append(f"The discussion is in {ink.ticket()}.")
    return blocks.paragraph(ink, [ink.emphasise(s) for s in sentences])


def decision_paragraph(ink: Ink) -> Block:
    """What was decided and why, plus one or two generic commitments."""
    rng, record = ink.rng, ink.record
    lead = rng.choice((
        f"We will use {record.choice} for {record.thing} in {record.component}",
        f"We adopt {record.choice} for {record.thing}",
        f"Chosen option: \"{record.choice}\"",
        f"{capital(record.component)} moves to {record.choice}",
    ))
    reason = ink.fill(rng.choice(record.topic.pros), option=record.choice)
    sentences = [ink.prose(f"{lead}, because {reason}.")]
    sentences += [ink.sentence(DECISION_GENERIC) for _ in range(rng.randint(1, 2))]
    return blocks.paragraph(ink, [ink.emphasise(s) for s in _dedupe(sentences)])


def generic_paragraph(ink: Ink) -> Block:
    """A paragraph of general commitments, for any section."""
    count = ink.rng.randint(2, 3)
    return blocks.paragraph(ink, _dedupe([ink.sentence(DECISION_GENERIC) for _ in range(count)]))


def alternative_paragraph(ink: Ink, option: str | None = None) -> Block:
    """Why one alternative was not chosen."""
    rng = ink.rng
    option = option or rng.choice(ink.record.alts)
    con = ink.fill(rng.choice(ink.record.topic.cons), option=option)
    pro = ink.fill(rng.choice(ink.record.topic.pros), option=option)
    text = rng.choice((
        f"{option} was considered. {capital(pro)}, but {con}.",
        f"We rejected {option}: {con}.",
        f"{option} would work too. In the end {con}, which outweighed the fact that {pro}.",
    ))
    return blocks.paragraph(ink, [ink.prose(text)])


def _footnote_text(ink: Ink) -> str:
    rng = ink.rng
    return rng.choice((
        f"Measured in staging over {rng.randint(2, 14)} days.",
        f"Numbers from the {ink.quarter} capacity review.",
        "Vendor figures, not verified by us.",
        f"See the incident review {ink.ticket()}.",
    ))


def capital(text: str) -> str:
    """``text`` with its first letter in upper case."""
    return text[:1].upper() + text[1:]


def _dedupe(sentences: list[str]) -> list[str]:
    """Drop repeated sentences (the banks are small)."""
    seen: list[str] = []
    for sentence in sentences:
        if sentence not in seen:
            seen.append(sentence)
    return seen


# -- lists and tables ------------------------------------------------------------------


def drivers_list(ink: Ink) -> Block:
    """Decision drivers as bullets."""
    rng, topic = ink.rng, ink.record.topic
    picks = rng.sample(topic.drivers, k=min(len(topic.drivers), rng.randint(2, 4)))
    return blocks.bullets(ink, [capital(ink.fill(d)) for d in picks])


def options_list(ink: Ink) -> Block:
    """The considered options, the chosen one among them."""
    record = ink.record
    options = [record.choice, *record.alts]
    ink.rng.shuffle(options)
    if ink.rng.random() < 0.3:
        return blocks.ordered(ink, options)
    return blocks.bullets(ink, options)


def consequence_list(ink: Ink, good: bool | None = None) -> Block:
    """Consequences as bullets, MADR's "Good, because" form or plain."""
    rng, record = ink.rng, ink.record
    items = []
    for _ in range(rng.randint(2, 4)):
        positive = rng.random() < 0.6 if good is None else good
        bank = record.topic.pros if positive else record.topic.cons
        generic = GOOD_GENERIC if positive else BAD_GENERIC
        text = ink.fill(rng.choice(bank), option=record.choice)
        if rng.random() < 0.4:
            text = ink.fill(rng.choice(generic))
        elif rng.random() < 0.5:
            text = f"{'Good' if positive else 'Bad'}, because {text}"
        else:
            text = capital(text)
        items.append(ink.mark(text, positive))
    if rng.random() < 0.15:
        items.append(ink.fill(f"Neutral, because {rng.choice(NEUTRAL_GENERIC)}"))
    return blocks.bullets(ink, _dedupe(items))


def pros_cons(ink: Ink, option: str) -> Block:
    """MADR's per-option list: Good / Neutral / Bad, because ..."""
    rng, topic = ink.rng, ink.record.topic
    items = [ink.mark(f"Good, because {ink.fill(rng.choice(topic.pros), option=option)}", True)]
    if rng.random() < 0.5:
        items.append(ink.mark(f"Good, because {ink.fill(rng.choice(topic.pros), option=option)}",
                              True))
    if rng.random() < 0.2:
        items.append(f"Neutral, because {ink.fill(rng.choice(NEUTRAL_GENERIC))}")
    items.append(ink.mark(f"Bad, because {ink.fill(rng.choice(topic.cons), option=option)}", False))
    return blocks.bullets(ink, _dedupe(items))


def steps_list(ink: Ink) -> Block:
    """Rollout steps; some items have sub-bullets, one may hold a fenced command."""
    rng, topic = ink.rng, ink.record.topic
    steps = [ink.fill(s) for s in rng.sample(topic.steps, k=rng.randint(3, len(topic.steps)))]
    if rng.random() < 0.15:
        language, code = rng.choice(topic.code)
        lines = blocks.ordered(ink, steps)
        # A fence inside a list item is indented to the item's content column.
        return [*lines, "", *blocks.fence(ink, language, code, indent=3)]
    items: list[blocks.Item] = list(steps)
    if rng.random() < 0.35:
        k = rng.randrange(len(items))
        items[k] = (steps[k], [ink.fill(rng.choice(FOLLOW_UPS)) for _ in range(2)])
    return blocks.ordered(ink, items)


def followups(ink: Ink) -> Block:
    """Follow-up work, as a task list or bullets."""
    rng = ink.rng
    items = rng.sample(FOLLOW_UPS, k=rng.randint(2, 4))
    return blocks.tasks(ink, items) if rng.random() < 0.5 else blocks.bullets(ink, items)


def comparison_table(ink: Ink) -> Block:
    """Options against drivers, in a GFM table."""
    rng, record = ink.rng, ink.record
    options = [record.choice, *record.alts][:3]
    yes, no = ("✅", "❌") if ink.unicode and rng.random() < 0.5 else ("yes", "no")
    rows = [
        [ink.fill(driver)] + [rng.choice((yes, yes, no, "partly")) for _ in options]
        for driver in rng.sample(record.topic.drivers, k=3)
    ]
    return blocks.table(ink, ["Criterion", *options], rows)


def metrics_table(ink: Ink) -> Block:
    """Current and target numbers, in a GFM table."""
    rng = ink.rng
    rows = [
        ["p99 latency", f"{rng.choice((180, 250, 420, 900))} ms", f"{ink.fill('{ms}')} ms"],
        ["error rate", f"{rng.choice((0.4, 1.2, 2.5))} %", "< 0.1 %"],
        ["monthly cost", f"${rng.randint(2, 40)}k", f"${rng.randint(1, 20)}k"],
    ]
    return blocks.table(ink, ["Metric", "Today", "Target"], rng.sample(rows, k=rng.randint(2, 3)))


def links_list(ink: Ink) -> Block:
    """Related records and external references."""
    rng, record = ink.rng, ink.record
    items = [ink.external(*ref) for ref in record.topic.refs]
    for other in rng.sample(ink.neighbours, k=min(2, len(ink.neighbours))):
        items.insert(0, f"Related: {ink.record_link(other)}")
    return blocks.bullets(ink, items)


# -- code, quotes, comments, images --------------------------------------------------------


def code_example(ink: Ink) -> Block:
    """An introduced code block: fenced mostly, indented sometimes."""
    rng = ink.rng
    language, code = rng.choice(ink.record.topic.code)
    intro = blocks.paragraph(ink, [rng.choice((
        "For example:", "The configuration looks like this:", "A sketch of the change:",
        f"This is what it looks like in {ink.record.component}:",
    ))])
    if rng.random() < 0.12 and language not in ("makefile",):
        return blocks.indented_code(ink, intro, code)
    return [*intro, "", *blocks.fence(ink, language, code)]


def quote_block(ink: Ink) -> Block:
    """A quotation from a review, a principle, or a note."""
    rng = ink.rng
    if rng.random() < 0.5:
        return blocks.quote([f"**Note:** {ink.sentence(CONTEXT_GENERIC)}"])
    lines = blocks.wrap(ink, ink.prose(f'"{rng.choice(QUOTES)}"'))
    return blocks.quote([*lines, "", f"-- {rng.choice(('SRE handbook', 'team charter', 'tech radar'))}"])


def note_block(ink: Ink) -> Block:
    """Comments, collapsible details, a sentence in another language, a diagram."""
    rng = ink.rng
    roll = rng.random()
    if ink.unicode and roll < 0.25:
        return blocks.paragraph(ink, [rng.choice(UNICODE_SENTENCES)])
    if roll < 0.45:
        return blocks.comment(ink, rng.choice(COMMENT_NOTES))
    if roll < 0.55:
        return blocks.fake_heading_comment(ink)
    if roll < 0.7:
        return blocks.details("Raw numbers", metrics_table(ink))
    if roll < 0.85:
        return blocks.image(ink, rng.choice(("Context diagram", "Target architecture",
                                             "Sequence of calls")))
    return [*blocks.paragraph(ink, [ink.sentence(CONTEXT_GENERIC)]), "", *blocks.rule(ink)]


def broken_link_block(ink: Ink) -> Block:
    """A link that does not resolve (or is odd), sometimes suppressed by a directive."""
    rng, record = ink.rng, ink.record
    target = rng.choice(ink.neighbours) if ink.neighbours else record
    href = record.href(target)
    kind = weighted(rng, {"case": 3, "no-ext": 3, "missing": 4, "domain": 1, "blob": 1})
    if kind == "case":
        stem = href.rsplit("/", 1)[-1]
        href = href[: len(href) - len(stem)] + stem.replace(target.slug, target.slug.title(), 1)
    elif kind == "no-ext":
        href = href[:-3]
    elif kind == "missing":
        href = href.replace(target.slug, f"{target.slug}-draft", 1)
    elif kind == "domain":
        href = "wiki.example.com/runbooks/" + record.topic.key
    else:
        href = f"https://github.com/acme/platform/blob/main/{target.path}"
    line = f"The rollout plan is described in [{target.label}]({href})."
    lines = blocks.wrap(ink, line)
    if rng.random() < 0.4:
        reason = rng.choice(DIRECTIVE_REASONS)
        lines.insert(0, f"<!-- assay: disable-next-line LNK001 -- {reason} -->")
    return lines


# -- growth ------------------------------------------------------------------------------

GROWERS: dict[str, list[tuple[int, Grower]]] = {
    "context": [
        (6, context_paragraph), (1, drivers_list), (1, metrics_table), (1, quote_block),
        (1, note_block), (1, code_example),
    ],
    "decision": [
        (4, decision_paragraph), (3, steps_list), (3, code_example), (1, comparison_table),
        (1, generic_paragraph), (1, note_block),
    ],
    "consequences": [(4, consequence_list), (1, generic_paragraph), (1, followups)],
    "alternatives": [(3, alternative_paragraph), (1, comparison_table)],
    "links": [(1, links_list)],
    "notes": [(2, note_block), (1, generic_paragraph)],
}

#: How often the sizing loop picks a section of each kind.
GROW_WEIGHT = {"context": 4, "decision": 5, "consequences": 2, "alternatives": 2,
               "links": 0, "notes": 1}


def plain_steps(ink: Ink) -> Block:
    """Rollout steps without any other markup."""
    rng, topic = ink.rng, ink.record.topic
    return blocks.ordered(ink, [ink.fill(s) for s in rng.sample(topic.steps, k=3)])


def plain_command(ink: Ink) -> Block:
    """A command indented by four spaces under a sentence, as plain-text authors do."""
    _language, code = ink.rng.choice(ink.record.topic.code)
    intro = blocks.paragraph(ink, ["The reference configuration:"])
    return blocks.indented_code(ink, intro, code)


#: Plain-text records (no headings, no links) grow only with unmarked text.
PLAIN_GROWERS: dict[str, list[tuple[int, Grower]]] = {
    "context": [(6, context_paragraph), (1, drivers_list)],
    "decision": [(4, decision_paragraph), (2, plain_steps), (1, plain_command)],
    "consequences": [(2, consequence_list), (2, generic_paragraph)],
    "alternatives": [(1, alternative_paragraph)],
    "links": [(1, generic_paragraph)],
    "notes": [(1, generic_paragraph)],
}


def grow(ink: Ink, kind: str) -> Block:
    """One more block for a section of ``kind``."""
    choices = (PLAIN_GROWERS if ink.plain else GROWERS)[kind]
    builder = ink.rng.choices([b for _, b in choices], weights=[w for w, _ in choices])[0]
    return builder(ink)
