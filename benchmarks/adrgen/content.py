"""Lists, tables, code and notes for each kind of section, and the growth tables.

Every builder returns a block, or ``None`` when it has nothing new to say in this file
(its phrases, snippet or one-off table are spent). ``GROWERS`` lists, per section kind,
the builders (these and the paragraphs of ``prose``) that the sizing loop in
``document`` may add, with weights.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from . import blocks
from .inline import Ink
from .plan import weighted
from .prose import (
    alternative_paragraph,
    capital,
    consequence_paragraph,
    context_paragraph,
    cost_paragraph,
    decision_paragraph,
    generic_paragraph,
    history_paragraph,
    lower_first,
    scope_paragraph,
)
from .words import (
    BAD_GENERIC,
    COMMENT_NOTES,
    CONTEXT_GENERIC,
    DIRECTIVE_REASONS,
    FACTS,
    FOLLOW_UPS,
    GOOD_GENERIC,
    NEUTRAL_GENERIC,
    PHASES,
    QUOTES,
    RISKS,
    UNICODE_SENTENCES,
)

Block = list[str]
Builder = Callable[[Ink], Block | None]


# -- lists and tables -----------------------------------------------------------------------


def drivers_list(ink: Ink, intro: bool = True) -> Block | None:
    """Decision drivers as bullets, introduced by a sentence when inside prose."""
    if not ink.once("drivers"):
        return None
    rng, topic = ink.rng, ink.record.topic
    picks = rng.sample(topic.drivers, k=min(len(topic.drivers), rng.randint(2, 4)))
    items = blocks.bullets(ink, [capital(ink.fill(d)) for d in picks])
    if not intro:
        return items
    lead = rng.choice(("The solution must provide:", "Requirements:", "We need:"))
    return [lead, "", *items]


def facts_list(ink: Ink) -> Block | None:
    """The current state in numbers."""
    facts = ink.pick(FACTS, ink.rng.randint(2, 3))
    if len(facts) < 2:
        return None
    return ["Where we are today:", "", *blocks.bullets(ink, [ink.fill(f) for f in facts])]


def options_list(ink: Ink) -> Block:
    """The considered options, the chosen one among them."""
    record = ink.record
    options = [record.choice, *record.alts]
    ink.rng.shuffle(options)
    if ink.rng.random() < 0.3:
        return blocks.ordered(ink, options)
    return blocks.bullets(ink, options)


def consequence_list(ink: Ink, good: bool | None = None) -> Block | None:
    """Consequences as bullets, in MADR's "Good, because" form or plain (twice at most)."""
    if not (ink.once("consequences-1") or ink.once("consequences-2")):
        return None
    rng, record = ink.rng, ink.record
    items = []
    for _ in range(rng.randint(2, 4)):
        positive = rng.random() < 0.6 if good is None else good
        if rng.random() < 0.4:
            phrases = ink.pick(GOOD_GENERIC if positive else BAD_GENERIC)
            if phrases:
                items.append(ink.mark(ink.fill(phrases[0]), positive))
                continue
        phrases = ink.pick(record.topic.pros if positive else record.topic.cons)
        if not phrases:
            continue
        text = ink.fill(phrases[0], option=record.choice)
        if rng.random() < 0.5:
            text = f"{'Good' if positive else 'Bad'}, because {text}"
        else:
            text = capital(text)
        items.append(ink.mark(text, positive))
    if rng.random() < 0.15 and (neutral := ink.pick(NEUTRAL_GENERIC)):
        items.append(ink.fill(f"Neutral, because {lower_first(neutral[0])}"))
    return blocks.bullets(ink, items) if len(items) > 1 else None


def pros_cons(ink: Ink, option: str) -> Block:
    """MADR's per-option list: Good / Neutral / Bad, because ..."""
    rng, topic = ink.rng, ink.record.topic
    goods = rng.sample(topic.pros, k=rng.randint(1, 2))
    items = [ink.mark(f"Good, because {ink.fill(g, option=option)}", True) for g in goods]
    if rng.random() < 0.2:
        items.append(f"Neutral, because {lower_first(ink.fill(rng.choice(NEUTRAL_GENERIC)))}")
    items.append(ink.mark(f"Bad, because {ink.fill(rng.choice(topic.cons), option=option)}", False))
    return blocks.bullets(ink, items)


def steps_list(ink: Ink) -> Block | None:
    """Rollout steps; some items have sub-bullets, or a fenced command under an item."""
    if not ink.once("steps"):
        return None
    rng, topic = ink.rng, ink.record.topic
    steps = [ink.fill(s) for s in rng.sample(topic.steps, k=rng.randint(3, len(topic.steps)))]
    if rng.random() < 0.15 and not ink.plain:
        snippet = _snippet(ink)
        if snippet:
            # A fence inside a list item is indented to the item's content column.
            return [*blocks.ordered(ink, steps), "", *blocks.fence(ink, *snippet, indent=3)]
    items: list[blocks.Item] = list(steps)
    if rng.random() < 0.35:
        k = rng.randrange(len(items))
        items[k] = (steps[k], [ink.fill(f) for f in ink.pick(FOLLOW_UPS, 2)])
    return blocks.ordered(ink, items)


def risks_list(ink: Ink) -> Block | None:
    """Risks with their mitigations as nested bullets."""
    if not ink.once("risks"):
        return None
    pairs = ink.rng.sample(RISKS, k=ink.rng.randint(2, 3))
    items: list[blocks.Item] = [(ink.fill(risk), [ink.fill(fix)]) for risk, fix in pairs]
    return ["Risks and mitigations:", "", *blocks.bullets(ink, items)]


def followups(ink: Ink) -> Block | None:
    """Follow-up work, as a task list or bullets."""
    items = ink.pick(FOLLOW_UPS, ink.rng.randint(2, 4))
    if len(items) < 2:
        return None
    return blocks.tasks(ink, items) if ink.rng.random() < 0.5 else blocks.bullets(ink, items)


def comparison_table(ink: Ink) -> Block | None:
    """Options against drivers, in a GFM table."""
    if not ink.once("comparison"):
        return None
    rng, record = ink.rng, ink.record
    options = [record.choice, *record.alts][:3]
    yes, no = ("✅", "❌") if ink.unicode and rng.random() < 0.5 else ("yes", "no")
    rows = [
        [ink.fill(driver)] + [rng.choice((yes, yes, no, "partly")) for _ in options]
        for driver in rng.sample(record.topic.drivers, k=3)
    ]
    return blocks.table(ink, ["Criterion", *options], rows)


def metrics_table(ink: Ink) -> Block | None:
    """Current and target numbers, in a GFM table."""
    if not ink.once("metrics"):
        return None
    rng = ink.rng
    rows = [
        ["p99 latency", f"{rng.choice((180, 250, 420, 900))} ms", f"{ink.fill('{ms}')} ms"],
        ["error rate", f"{rng.choice((0.4, 1.2, 2.5))} %", "< 0.1 %"],
        ["monthly cost", f"${rng.randint(2, 40)}k", f"${rng.randint(1, 20)}k"],
        ["pages per week", str(rng.randint(4, 30)), str(rng.randint(0, 3))],
    ]
    return blocks.table(ink, ["Metric", "Today", "Target"], rng.sample(rows, k=rng.randint(2, 4)))


def rollout_table(ink: Ink) -> Block | None:
    """Phases with target dates after the decision date."""
    if not ink.once("rollout"):
        return None
    rng, record = ink.rng, ink.record
    day, rows = record.date, []
    for phase in PHASES[: rng.randint(3, 4)]:
        day += timedelta(days=rng.randint(20, 90))
        scope = (
            record.component
            if phase == "Pilot"
            else rng.choice(
                (
                    "two more services",
                    "all new services",
                    "every service",
                    f"{record.alts[0]} removed",
                )
            )
        )
        rows.append([phase, scope, day.isoformat()])
    return blocks.table(ink, ["Phase", "Scope", "Target date"], rows)


def links_list(ink: Ink) -> Block | None:
    """Related records and external references."""
    if not ink.once("links"):
        return None
    rng, record = ink.rng, ink.record
    items = [ink.external(*ref) for ref in record.topic.refs]
    for other in rng.sample(ink.neighbours, k=min(2, len(ink.neighbours))):
        items.insert(0, f"Related: {ink.record_link(other)}")
    return blocks.bullets(ink, items)


# -- code, quotes, comments, images -----------------------------------------------------------


def _snippet(ink: Ink) -> tuple[str, str] | None:
    """An unused code snippet of the topic, as (language, code)."""
    fresh = [c for c in ink.record.topic.code if f"code:{c[1][:40]}" not in ink.spent]
    if not fresh:
        return None
    language, code = ink.rng.choice(fresh)
    ink.once(f"code:{code[:40]}")
    return language, code


def code_example(ink: Ink) -> Block | None:
    """An introduced code block: fenced mostly, indented sometimes."""
    rng = ink.rng
    snippet = _snippet(ink)
    if snippet is None:
        return None
    language, code = snippet
    intro = blocks.paragraph(
        ink,
        [
            rng.choice(
                (
                    "For example:",
                    "The configuration looks like this:",
                    "A sketch of the change:",
                    f"This is what it looks like in {ink.record.component}:",
                    "Example:",
                )
            )
        ],
    )
    if ink.plain or (rng.random() < 0.12 and language != "makefile"):
        return blocks.indented_code(ink, intro, code)
    return [*intro, "", *blocks.fence(ink, language, code)]


def quote_block(ink: Ink) -> Block | None:
    """A quotation from a principle, or a highlighted note."""
    if not ink.once("quote"):
        return None
    rng = ink.rng
    if rng.random() < 0.5:
        note = ink.sentences(CONTEXT_GENERIC, 1)
        return blocks.quote([f"**Note:** {note[0]}"]) if note else None
    lines = blocks.wrap(ink, ink.prose(f'"{rng.choice(QUOTES)}"'))
    source = rng.choice(("SRE handbook", "team charter", "tech radar"))
    return blocks.quote([*lines, "", f"-- {source}"])


def note_block(ink: Ink) -> Block | None:
    """Comments, collapsible details, a sentence in another language, a diagram."""
    rng = ink.rng
    kind = weighted(
        rng,
        {
            "unicode": 3 if ink.unicode else 0,
            "comment": 4,
            "fake-heading": 1,
            "details": 1,
            "image": 2,
            "rule": 1,
        },
    )
    if not ink.once(f"note:{kind}"):
        return None
    if kind == "unicode":
        return blocks.paragraph(ink, [rng.choice(UNICODE_SENTENCES)])
    if kind == "comment":
        return blocks.comment(ink, rng.choice(COMMENT_NOTES))
    if kind == "fake-heading":
        return blocks.fake_heading_comment(ink)
    if kind == "details":
        table = metrics_table(ink)
        return blocks.details("Raw numbers", table) if table else None
    if kind == "image":
        alt = rng.choice(("Context diagram", "Target architecture", "Sequence of calls"))
        return blocks.image(ink, alt)
    text = ink.sentences(CONTEXT_GENERIC, 1)
    return [*blocks.paragraph(ink, text), "", *blocks.rule(ink)] if text else None


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
    lines = blocks.wrap(ink, f"The rollout plan is described in [{target.label}]({href}).")
    if rng.random() < 0.4:
        reason = rng.choice(DIRECTIVE_REASONS)
        lines.insert(0, f"<!-- assay: disable-next-line LNK001 -- {reason} -->")
    return lines


# -- plain text ---------------------------------------------------------------------------


def plain_steps(ink: Ink) -> Block | None:
    """Rollout steps without any other markup."""
    if not ink.once("steps"):
        return None
    steps = ink.rng.sample(ink.record.topic.steps, k=3)
    return blocks.ordered(ink, [ink.fill(s) for s in steps])


# -- growth -------------------------------------------------------------------------------

GROWERS: dict[str, list[tuple[int, Builder]]] = {
    "context": [
        (6, context_paragraph),
        (2, history_paragraph),
        (1, drivers_list),
        (1, facts_list),
        (1, metrics_table),
        (1, quote_block),
        (1, note_block),
        (1, code_example),
    ],
    "decision": [
        (3, decision_paragraph),
        (3, steps_list),
        (3, code_example),
        (1, comparison_table),
        (1, rollout_table),
        (1, scope_paragraph),
        (1, cost_paragraph),
        (1, note_block),
    ],
    "consequences": [
        (3, consequence_list),
        (2, consequence_paragraph),
        (1, risks_list),
        (1, followups),
    ],
    "alternatives": [(4, alternative_paragraph), (1, comparison_table)],
    "links": [],
    "notes": [(2, note_block), (1, generic_paragraph), (1, scope_paragraph)],
}

#: Plain-text records (no headings, no links) grow only with unmarked text.
PLAIN_GROWERS: dict[str, list[tuple[int, Builder]]] = {
    "context": [(6, context_paragraph), (2, history_paragraph), (1, drivers_list), (1, facts_list)],
    "decision": [
        (4, decision_paragraph),
        (2, plain_steps),
        (1, code_example),
        (1, scope_paragraph),
        (1, cost_paragraph),
    ],
    "consequences": [(2, consequence_list), (2, consequence_paragraph), (1, risks_list)],
    "alternatives": [(1, alternative_paragraph)],
    "links": [],
    "notes": [(1, generic_paragraph), (1, scope_paragraph)],
}

#: How often the sizing loop picks a section of each kind.
GROW_WEIGHT = {"context": 4, "decision": 5, "consequences": 2, "alternatives": 2, "notes": 1}


def grow(ink: Ink, kind: str) -> Block | None:
    """One more block for a section of ``kind``, or None if the chosen builder is spent."""
    choices = (PLAIN_GROWERS if ink.plain else GROWERS)[kind]
    if not choices:
        return None
    builder = ink.rng.choices([b for _, b in choices], weights=[w for w, _ in choices])[0]
    return builder(ink)
