"""The sentences stock templates ask with: a section still holding one is unfilled.

adr-tools' template (which `adr new` and `assay new` write) and the Nygard template it
follows ask in plain sentences, not in ``{…}`` placeholders, so no pattern can tell
the question from an answer; the sentences themselves are known instead, compared
ignoring case, markup and how the lines wrap. MADR's pros and cons
(``Good, because {argument a}``) are placeholders by their form.
"""

from __future__ import annotations

import re

from assay.engine.reading.values import strip_markup

#: adr-tools' `src/template.md`, section by section: what `assay new` writes in the
#: Nygard house style, so that the check reports it until the author replaces it.
ADR_TOOLS: dict[str, str] = {
    "Context": (
        "The issue motivating this decision, and any context that influences "
        "or constrains the decision."
    ),
    "Decision": "The change that we're proposing or have agreed to implement.",
    "Consequences": (
        "What becomes easier or more difficult to do and any risks "
        "introduced by the change that will need to be mitigated."
    ),
}
#: Michael Nygard's template as it is usually copied (joelparkerhenderson's).
_NYGARD = (
    "What is the issue that we're seeing that is motivating this decision or change?",
    "What is the change that we're proposing and/or doing?",
    "What becomes easier or more difficult to do because of this change?",
)


def _fold(text: str) -> str:
    return " ".join(strip_markup(text).split()).casefold()


_STOCK = frozenset(_fold(s) for s in (*ADR_TOOLS.values(), *_NYGARD))
assert all("change" in s or "decision" in s for s in _STOCK)  # is_stock_prompt's filter
#: The longest stock sentence, folded: a longer text is none (most are, cheaply).
_LONGEST = max(len(s) for s in _STOCK)
_PIECE = r"(\[[^\[\]]*\]|\{(?:[^{}]|\{[^{}]*\})*\})"
#: MADR's unwritten argument: ``Good, because {argument a}``, ``Bad, because [x]``.
_ARGUMENT = re.compile(rf"(?:good|bad|neutral),?[ \t]+because[ \t]+{_PIECE}[ \t]*\.?", re.I)


def is_stock_prompt(text: str) -> bool:
    """True when ``text`` is one of the stock templates' sentences (ignoring case,
    markup and line breaks)."""
    if len(text) > 2 * _LONGEST:
        return False  # longer than any, markup and all (most texts are)
    lower = text.casefold()
    if "change" not in lower and "decision" not in lower:
        return False  # every stock sentence asks about the change or the decision
    return _fold(text) in _STOCK


def is_unwritten_argument(line: str) -> bool:
    """True for MADR's ``Good, because {argument a}`` (``[argument a]`` in MADR 2 and
    log4brains): an argument not yet made. The argument is all one bracketed text, so
    even words that are no template words (``argument a``) are the template's."""
    return _ARGUMENT.fullmatch(line.strip()) is not None
