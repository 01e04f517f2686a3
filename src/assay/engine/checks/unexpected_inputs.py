"""FLD009: a member's `Inputs:` names other inputs than its job reads."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import INPUTS
from assay.spec.rules.fields import FLD009

#: A Markdown link: its destination (without a title) is a path from the document.
_LINK = re.compile(r"\[[^\]\n]*\]\(\s*<?([^)\s>]*)>?[^)\n]*\)")
#: Between names: commas, semicolons, the word `and`.
_BETWEEN = re.compile(r"\s*(?:[,;]|\band\b)\s*")
#: Markup around a name (backticks, emphasis) and the sentence's full stop.
_MARKUP = "`* \t"


@run_check(FLD009)
def check(run: Run) -> Iterator[Finding]:
    """A member's `Inputs:` line names other files than its job's contract."""
    for member, expected in INPUTS.items():
        field = run.field(member, "Inputs")
        if field is None:
            continue  # no Inputs line: FLD001's
        found = named_inputs(member, field.raw)
        if set(found) == set(expected):
            continue
        yield Finding(
            field.span,
            f"Inputs names {_listed(found)}; {member} reads exactly {_listed(expected)}",
            path=run.path(member),
        )


def named_inputs(member: str, raw: str) -> tuple[str, ...]:
    """The run files an `Inputs:` value ``raw`` of the member at ``member`` names, as
    paths inside the run (a link that leaves the run stays as written)."""
    folder = posixpath.dirname(member)
    names = []
    for destination in _LINK.findall(raw):
        path = destination.split("#", 1)[0]
        joined = posixpath.normpath(posixpath.join(folder, path)) if path else ""
        names.append(joined if joined and not joined.startswith("..") else destination)
    for word in _BETWEEN.split(_LINK.sub(",", raw)):
        name = word.strip(_MARKUP).rstrip(".").strip(_MARKUP)
        if name:
            names.append(posixpath.normpath(name.removeprefix("./")))
    return tuple(dict.fromkeys(names))


def _listed(names: tuple[str, ...]) -> str:
    return ", ".join(f"`{name}`" for name in names) if names else "nothing"
