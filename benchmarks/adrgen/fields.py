"""Values of the metadata fields: status, date, people, relations and the title.

Each returns text as authors write it, including the variations a reader must
normalize (markup, synonyms, compound values, non-ISO dates) and, for records the
planner flagged, the defects a checker must report (placeholders, impossible dates).
"""

from __future__ import annotations

from .inline import Ink
from .plan import Record, weighted
from .words import PEOPLE, TEAMS, UNICODE_PEOPLE

STATUS_WORDS = {
    "accepted": {"Accepted": 70, "accepted": 20, "Approved": 4, "ACCEPTED": 2, "Agreed": 1},
    "proposed": {"Proposed": 60, "proposed": 20, "In Review": 8, "Draft": 12},
    "rejected": {"Rejected": 70, "rejected": 20, "Declined": 10},
    "deprecated": {"Deprecated": 80, "deprecated": 20},
    "superseded": {"Superseded": 60, "superseded": 25, "Superceded": 15},
}

STATUS_PLACEHOLDERS = (
    "{proposed | rejected | accepted | deprecated | superseded by ADR-0005}",
    "[ proposed | accepted | rejected ]",
    "{status}",
)
DATE_PLACEHOLDERS = (
    "YYYY-MM-DD",
    "[Insert Date]",
    "{YYYY-MM-DD when the decision was last updated}",
)

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)

RELATION_NAMES = (
    ("supersedes", "Supersedes"),
    ("superseded_by", "Superseded by"),
    ("amends", "Amends"),
    ("amended_by", "Amended by"),
)


def relations(record: Record) -> list[tuple[str, list[Record]]]:
    """The relations this record states, as (name, targets); forgotten ones are left out."""
    found = []
    for attribute, name in RELATION_NAMES:
        targets = [t for t in getattr(record, attribute) if t not in record.silent]
        if targets:
            found.append((name, targets))
    return found


def join_links(ink: Ink, targets: list[Record], form: str | None = None) -> str:
    """Links to several records joined by commas and "and"."""
    links = [ink.record_link(target, form) for target in targets]
    return links[0] if len(links) == 1 else ", ".join(links[:-1]) + " and " + links[-1]


def status(ink: Ink, markup: bool = True) -> tuple[str, set[str]]:
    """The status value and the names of the relations it already mentions.

    ``markup=False`` keeps bold, italics and trailing dates out (YAML front matter).
    """
    rng, record = ink.rng, ink.record
    if "placeholder" in record.flags and ink.placeholder_field == "status":
        return rng.choice(STATUS_PLACEHOLDERS), set()
    word = weighted(rng, STATUS_WORDS[record.status])
    stated = dict(relations(record))
    if record.status == "superseded" and "Superseded by" in stated and rng.random() < 0.7:
        links = join_links(ink, stated["Superseded by"])
        return f"{word} by {links}", {"Superseded by"}
    if "Amended by" in stated and record.status == "accepted" and rng.random() < 0.4:
        return f"{word}, amended by {join_links(ink, stated['Amended by'])}", {"Amended by"}
    if "Supersedes" in stated and rng.random() < 0.15:
        return f"{word}; supersedes {join_links(ink, stated['Supersedes'], 'bare')}", set()
    if record.status == "rejected" and ink.neighbours and rng.random() < 0.2:
        other = rng.choice(ink.neighbours)
        if other.label.startswith("ADR"):
            return f"{word} in favour of ADR {other.number}", set()
    return (_decorate_status(ink, word) if markup else word), set()


def _decorate_status(ink: Ink, word: str) -> str:
    """Markup, a trailing full stop or a date after the word."""
    rng = ink.rng
    if ink.plain:
        return word
    roll = rng.random()
    if roll < 0.08:
        word = f"**{word}**"
    elif roll < 0.11:
        word = f"_{word}_"
    roll = rng.random()
    if roll < 0.05:
        return word + "."
    if roll < 0.1:
        return f"{word} {ink.record.date.isoformat()}"
    return word


def date(ink: Ink) -> str:
    """The decision date, ISO mostly; other forms and defects when flagged."""
    rng, record = ink.rng, ink.record
    day = record.date
    if "placeholder" in record.flags and ink.placeholder_field == "date":
        return rng.choice(DATE_PLACEHOLDERS)
    if "impossible_date" in record.flags:
        return rng.choice(
            (f"{day.year}-13-{day.day:02d}", f"{day.year}-02-30", f"{day.year}-04-31")
        )
    if "bad_date" in record.flags:
        return rng.choice(
            (
                f"{day.day:02d}/{day.month:02d}/{day.year}",
                f"{MONTHS[day.month - 1]} {day.day}, {day.year}",
                f"{day.day} {MONTHS[day.month - 1]} {day.year}",
                f"{day.year}-{day.month}-{day.day}",
            )
        )
    return day.isoformat()


def people(ink: Ink) -> str:
    """One to four deciders; in non-ASCII files often one with a non-ASCII name."""
    rng = ink.rng
    names = rng.sample(PEOPLE, k=rng.randint(1, 4))
    if ink.unicode and rng.random() < 0.6:
        names[rng.randrange(len(names))] = rng.choice(UNICODE_PEOPLE)
    if rng.random() < 0.1:
        names.append(f"{rng.choice(TEAMS)} team")
    if rng.random() < 0.08 and not ink.plain:
        return ", ".join("@" + n.split()[0].lower() for n in names)
    return ", ".join(names)


def title_number(ink: Ink) -> int:
    """The number shown in the title; differs from the file's when flagged."""
    record = ink.record
    if "title_mismatch" in record.flags:
        return record.number + ink.rng.randint(1, 9)
    return record.number


TITLE_PREFIXES = {
    "adr-space": 4,
    "adr-glued": 2,
    "adr-dash": 3,
    "padded-dot": 3,
    "padded-colon": 2,
    "long": 1,
    "none": 3,
    "dot": 2,
}


def prefixed_title(ink: Ink, numbered_dot: bool = True) -> str:
    """A title with one of the surveyed prefixes (``ADR 016:``, ``0009.``, ...).

    ``numbered_dot=False`` leaves out ``1.`` and ``0009.``, which start an ordered list
    anywhere but after ``#``.
    """
    rng, title, n = ink.rng, ink.record.title, title_number(ink)
    forms = {k: w for k, w in TITLE_PREFIXES.items() if numbered_dot or not k.endswith("dot")}
    form = weighted(rng, forms)
    return {
        "adr-space": f"ADR {n:03d}: {title}",
        "adr-glued": f"ADR{n:03d}: {title}",
        "adr-dash": f"ADR-{n:04d}: {title}",
        "padded-dot": f"{n:04d}. {title}",
        "padded-colon": f"{n:04d}: {title}",
        "long": f"Architecture Decision Record: {title}",
        "none": title,
        "dot": f"{n}. {title}",
    }[form]
