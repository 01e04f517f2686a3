"""Whether a status no type names is still a status word, or something else.

Teams name their statuses in their own words: `On Hold`, `Deferred`, `Reverted`,
`Angenommen`, Open edX's `Provisional (2023-04-07)`, `Partially Implemented in #1811`.
Such a value leads with a word or a short phrase, perhaps after a date, and what
follows the phrase is an aside (a date, a parenthesis, a link, a comma's note), never
another sentence.  Two kinds of value are no status word: one that says nothing yet
(`TBD`, `N/A`), and prose (`The two points above have been implemented; …`, or a
progress note such as `Refinement completed. TP in 3.4`).

The reading states the fact; ``checks.value_not_allowed`` decides what it means (with
no spec, a team's own word is its vocabulary, not a finding).

Example::

    is_status_word("**Provisional** *2025-03-18*")  # True
    is_status_word("Refinement completed. TP in 3.4")  # False: a note
"""

from __future__ import annotations

import re

from assay.engine.reading.values import is_placeholder, strip_markup

#: The most words a status phrase has: `Partially Accepted`, `Work in progress`.
LONGEST = 3

#: Values that stand where a status goes and state none (folded).
UNFILLED = frozenset(
    {"tbd", "tba", "tbc", "todo", "to do", "n/a", "na", "none", "unknown", "to be decided"}
)

# A word: letters, joined by an apostrophe, a hyphen or a slash (`N/A`, `in-progress`).
_WORD = r"[^\W\d_]+(?:['\u2019/-][^\W\d_]+)*+"
_PHRASE = re.compile(rf"{_WORD}(?:[ \t]++{_WORD})*+")
_DATE = re.compile(
    r"(?<![\w])(?:[0-9]{4}[-/][0-9]{1,2}[-/][0-9]{1,2}|[0-9]{1,2}[./][0-9]{1,2}[./][0-9]{2,4})"
    r"(?![\w])"
)
_PARENTHESIS = re.compile(r"\([^()]*\)")
# What makes the rest another sentence: a full stop, then a word.
_SENTENCE = re.compile(r"[ \t]*[.!?]+[ \t\r\n]+[^\W\d_]")
#: Parentheses nested deeper than this are prose anyway.
_NESTING = 4


def is_status_word(raw: str) -> bool:
    """True when ``raw`` (a status value as written) leads with a word or a phrase of
    at most ``LONGEST`` words that states something, and goes on with no other sentence.
    """
    led = _leading(raw)
    return led is not None and _SENTENCE.search(led[1], led[0].end()) is None


def leading_phrase(raw: str) -> str | None:
    """The word or phrase of at most ``LONGEST`` words that ``raw`` leads with, case-
    folded, whatever follows it (`deferred` for `Deferred. Not building yet; …`); None
    when it leads with none (prose, a placeholder, a number).  Two records that state
    one with their own reasons after it use one word."""
    led = _leading(raw)
    return None if led is None else " ".join(led[0][0].split()).casefold()


def _leading(raw: str) -> tuple[re.Match[str], str] | None:
    """The leading phrase of ``raw`` and the text it was found in (markup, dates and
    parentheses blanked), when it leads with one that states something."""
    if is_placeholder(raw):
        return None
    text = _DATE.sub(" ", strip_markup(raw))
    for _ in range(_NESTING):  # innermost first: `(focus on VR (ADR 5) first)`
        text, count = _PARENTHESIS.subn(" ", text)
        if not count:
            break
    phrase = _PHRASE.search(text)  # the first word, past marks and numbers
    if phrase is None or text[: phrase.start()].strip(" \t-\u2013\u2014:,;"):
        return None  # something other than a date came first: `#3 merged`, `v2 done`
    words = phrase[0].split()
    if len(words) > LONGEST or " ".join(words).casefold() in UNFILLED:
        return None
    return phrase, text
