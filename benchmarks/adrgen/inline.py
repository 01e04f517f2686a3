"""Inline text of one document: filled phrases, links, reference definitions, footnotes.

``Ink`` carries what must stay consistent inside one file: the record's slots, the
reference definitions and footnotes that go at the end, and whether the file may use
non-ASCII. Block builders ask it for text; the sizing loop checkpoints and restores it
when it takes a block back out.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import timedelta

from .plan import Record, weighted
from .words import QUARTERS, TEAMS, TICKET_PREFIXES, UNICODE_MARKS

SLOT = re.compile(r"\{(\w+)\}")

#: How a link to another record is written, with weights.
RECORD_LINK_FORMS = {
    "inline": 44,
    "inline-title": 16,
    "dot-slash": 5,
    "fragment": 5,
    "angle": 3,
    "reference": 14,
    "collapsed": 5,
    "shortcut": 5,
    "bare": 3,
}

#: How a reference definition is written, with weights.
DEFINITION_FORMS = {"plain": 60, "angle": 15, "title": 10, "next-line": 10, "title-next-line": 5}


@dataclass
class Checkpoint:
    """Enough of an ``Ink`` to undo the blocks written after it."""

    refs: list[tuple[str, list[str]]]
    footnotes: list[str]
    spent: set[str]


class Ink:
    """Inline writer for one record."""

    def __init__(self, rng: random.Random, record: Record, neighbours: list[Record]) -> None:
        self.rng = rng
        self.record = record
        #: Other records this one may mention in passing ("see also").
        self.neighbours = neighbours
        self.unicode = "unicode" in record.flags
        #: Plain-text records get no Markdown markup at all.
        self.plain = record.style == "plain"
        self.tabs = "messy" in record.flags
        self.refs: dict[str, list[str]] = {}
        self.footnotes: list[str] = []
        #: Phrase templates, code snippets and one-off blocks already used in this file:
        #: real records do not repeat themselves, so nothing is used twice.
        self.spent: set[str] = set()
        self.placeholder_field = rng.choice(("status", "date"))
        review = record.date + timedelta(days=rng.randint(120, 400))
        self.quarter = f"{QUARTERS[(review.month - 1) // 3]} {review.year}"
        self.year = str(record.date.year - rng.randint(2, 6))
        self.team = rng.choice(TEAMS)
        # House habits that stay the same within one file.
        self.wrap_width = rng.choice((72, 78, 80, 80, 100)) if rng.random() < 0.35 else None
        self.bullet = weighted(rng, {"-": 60, "*": 35, "+": 5})
        if self.plain:
            self.bullet = rng.choice(("-", "  -", "  *", "  \u2022" if self.unicode else "  -"))
        self.nest = rng.choice((2, 2, 4))

    # -- state -----------------------------------------------------------------------

    def checkpoint(self) -> Checkpoint:
        """Remember the current tail state."""
        return Checkpoint(list(self.refs.items()), list(self.footnotes), set(self.spent))

    def restore(self, saved: Checkpoint) -> None:
        """Forget what was added since ``saved``."""
        self.refs = dict(saved.refs)
        self.footnotes = list(saved.footnotes)
        self.spent = set(saved.spent)

    def once(self, key: str) -> bool:
        """True the first time ``key`` is asked for in this file, False afterwards."""
        if key in self.spent:
            return False
        self.spent.add(key)
        return True

    def pick(self, pool: tuple[str, ...], k: int = 1) -> list[str]:
        """Up to ``k`` templates from ``pool`` that this file has not used yet."""
        fresh = [t for t in pool if t not in self.spent]
        chosen = self.rng.sample(fresh, k=min(k, len(fresh)))
        self.spent.update(chosen)
        return chosen

    def tail(self) -> list[str]:
        """Reference definitions and footnote definitions, for the end of the file."""
        lines: list[str] = []
        for definition in self.refs.values():
            lines.extend(definition)
        if self.footnotes:
            if lines:
                lines.append("")
            for k, text in enumerate(self.footnotes, 1):
                lines.append(f"[^{k}]: {text}")
        return lines

    # -- phrases ---------------------------------------------------------------------

    def fill(self, text: str, option: str | None = None) -> str:
        """Fill the slots of a phrase; numbers are drawn fresh for every phrase."""
        rng, record = self.rng, self.record
        values = {
            "choice": record.choice,
            "alt": record.alts[0],
            "option": option or record.choice,
            "thing": record.thing,
            "component": record.component,
            "Component": record.component[0].upper() + record.component[1:],
            "year": self.year,
            "team": self.team,
            "quarter": self.quarter,
            "few": str(rng.randint(2, 5)),
            "n": str(rng.choice((3, 4, 5, 6, 8, 12, 15, 20, 30, 40, 45, 60))),
            "big": str(rng.choice((120, 250, 400, 600, 900, 1200, 1500, 2500))),
            "ms": str(rng.choice((50, 80, 120, 200, 250, 400, 800))),
            "pct": str(rng.choice((5, 8, 12, 15, 20, 30, 35, 40))),
        }
        filled = SLOT.sub(lambda m: values.get(m.group(1), m.group(0)), text)
        if self.plain:
            filled = filled.replace("`", "")
        return self.prose(filled)

    def prose(self, text: str) -> str:
        """Typographic punctuation in files that use non-ASCII, plain ASCII elsewhere."""
        if not self.unicode or "`" in text:
            return text
        text = re.sub(r"(\w)'(\w)", "\\1\u2019\\2", text)
        text = re.sub(r'"([^"`]+)"', "\u201c\\1\u201d", text)
        return text.replace(" - ", " \u2014 ")

    def sentences(self, pool: tuple[str, ...], k: int, option: str | None = None) -> list[str]:
        """Up to ``k`` unused phrases of ``pool``, filled, capitalised and full-stopped."""
        return [self.finish(self.fill(t, option)) for t in self.pick(pool, k)]

    @staticmethod
    def finish(text: str) -> str:
        """A capital first letter and a full stop."""
        text = text[0].upper() + text[1:]
        return text if text[-1] in ".!?:" else text + "."

    def emphasise(self, text: str) -> str:
        """Mark the chosen option in some sentences, the way authors stress it."""
        choice = self.record.choice
        if self.plain or choice not in text or "[" in text or self.rng.random() > 0.3:
            return text
        mark = self.rng.choice(("**", "*", "_", "__", "`"))
        return text.replace(choice, f"{mark}{choice}{mark}", 1)

    def mark(self, text: str, good: bool) -> str:
        """In non-ASCII files, some list items carry an emoji or symbol."""
        if self.unicode and self.rng.random() < 0.25:
            return f"{'✅' if good else '❌'} {text}"
        if self.unicode and self.rng.random() < 0.05:
            return f"{text} {self.rng.choice(UNICODE_MARKS)}"
        return text

    # -- links -----------------------------------------------------------------------

    def record_link(self, target: Record, form: str | None = None) -> str:
        """A link to another record in one of the forms seen in real repositories."""
        rng, source = self.rng, self.record
        form = "bare" if self.plain else form or weighted(rng, RECORD_LINK_FORMS)
        href = source.href(target)
        text = target.label
        if form == "bare":
            return text
        if form == "inline-title":
            return f"[{target.number}. {target.title}]({href})"
        if form == "dot-slash" and not href.startswith("../"):
            return f"[{text}](./{href})"
        if form == "fragment":
            return f"[{text}]({href}#{rng.choice(('decision', 'context', 'status'))})"
        if form == "angle":
            return f"[{text}](<{href}>)"
        if form == "reference":
            label = text.lower()
            self.define(label, href)
            return f"[{text}][{label}]"
        if form in ("collapsed", "shortcut"):
            self.define(text, href)
            return f"[{text}][]" if form == "collapsed" else f"[{text}]"
        return f"[{text}]({href})"

    def define(self, label: str, destination: str, title: str | None = None) -> None:
        """Add a reference definition for the end of the file (first one wins)."""
        key = label.lower()
        if key in self.refs:
            return
        form = weighted(self.rng, DEFINITION_FORMS)
        title = title or self.rng.choice(("Decision record", "Earlier decision", "Background"))
        lines = {
            "plain": [f"[{label}]: {destination}"],
            "angle": [f"[{label}]: <{destination}>"],
            "title": [f'[{label}]: {destination} "{title}"'],
            "next-line": [f"[{label}]:", f"  {destination}"],
            "title-next-line": [f"[{label}]: {destination}", f'  "{title}"'],
        }[form]
        self.refs[key] = lines

    def external(self, label: str, url: str) -> str:
        """A link to a web page: inline, reference-style or an autolink."""
        roll = self.rng.random()
        if self.plain:
            return f"{label}: {url}"
        if roll < 0.55:
            return f"[{label}]({url})"
        if roll < 0.8:
            key = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")[:30]
            self.define(key, url, title=label)
            return f"[{label}][{key}]"
        return f"{label} (<{url}>)" if roll < 0.93 else f"{label}: {url}"

    def footnote(self, text: str) -> str:
        """A footnote reference; the definition goes to the end of the file."""
        if self.plain:
            return ""
        self.footnotes.append(text)
        return f"[^{len(self.footnotes)}]"

    def ticket(self) -> str:
        """An issue tracker reference, linked or not."""
        rng = self.rng
        key = f"{rng.choice(TICKET_PREFIXES)}-{rng.randint(100, 4999)}"
        if rng.random() < 0.5 and not self.plain:
            return f"[{key}](https://jira.example.com/browse/{key})"
        return key
