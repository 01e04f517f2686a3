"""FLD009: a member's `Inputs:` names other inputs than its job reads."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import INPUTS
from assay.spec.rules.rule import Rule

#: A Markdown link: its destination (without a title) is a path from the document.
_LINK = re.compile(r"\[[^\]\n]*\]\(\s*<?([^)\s>]*)>?[^)\n]*\)")
#: Between names: commas, semicolons, the word `and`.
_BETWEEN = re.compile(r"\s*(?:[,;]|\band\b)\s*")
#: Markup around a name (backticks, emphasis) and the sentence's full stop.
_MARKUP = "`* \t"


FLD009 = Rule(
    code="FLD009",
    name="unexpected-inputs",
    stage="check",
    scope="run",
    summary="A member's `Inputs:` line names other files than its job's contract.",
    documentation="""\
Every job names what it read. The runtime member reads `boundary.md`; both lenses
read `boundary.md` and `output/runtime.md`, under the same contract as every other
job (ADR 097 removed the memory lens's own bundle, `memory-input.md`). Names are
separated by commas or `and`; each is a path inside the run (`output/runtime.md`,
in backticks or not) or a Markdown link, read from the document's folder
(`[runtime](../output/runtime.md)`). The order does not matter.

## Fails

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md at=3:9
# Memory lens: request dispatch

Inputs: boundary.md, memory-input.md

## Findings

Context-local state lives in `contextvars`.
```

## Passes

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md
# Memory lens: request dispatch

Inputs: [the boundary](../boundary.md) and `output/runtime.md`

## Findings

Context-local state lives in `contextvars`.
```
""",
)


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
