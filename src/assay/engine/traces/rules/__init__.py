"""The checker's rules, by what they watch: calls, routes and states, participants,
and what must stay the same.  Each appends the
``Violation``\\ s it finds to the list it is given (``out``), in session order, rather
than yielding them: a call passes through eight of them, and a generator each was a
third of the checking; ``check`` makes them diagnostics."""

from __future__ import annotations

from typing import NamedTuple

from assay.spec.rules.rule import Rule


class Violation(NamedTuple):
    """A rule broken at one line of the session."""

    rule: Rule
    line: int
    message: str
