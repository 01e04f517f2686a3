"""The layout of an analysis run (ADR 097): which file of a run folder is which member.

Any folder holding ``run.toml`` is a run, with no configuration. The file names below
are a public contract — users' runs and tests depend on them (``docs/guide/runs.md``).
Each member is read under the built-in type of the ``analysis`` library named here;
a user type whose ``files`` glob matches a member takes its place.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: The run's manifest: ``system``, ``source``, ``inputs-commit`` and operational state.
MANIFEST = "run.toml"
#: The public review, if kept in the run: it must equal what ``assay render`` produces.
REVIEW = "review.md"

#: A complete run's members, by path inside the run folder, and the type each is read as.
MEMBERS: dict[str, str] = {
    "boundary.md": "boundary",
    "output/runtime.md": "runtime",
    "lenses/memory.md": "memory",
    "lenses/epistemic.md": "epistemic",
    "overview.md": "overview",
    "verify.md": "verification",
}

#: What each job reads, as its report's ``Inputs:`` line must name it (paths inside the
#: run folder): the lenses read the boundary and the runtime member, like every job.
INPUTS: dict[str, tuple[str, ...]] = {
    "output/runtime.md": ("boundary.md",),
    "lenses/memory.md": ("boundary.md", "output/runtime.md"),
    "lenses/epistemic.md": ("boundary.md", "output/runtime.md"),
}

#: Earlier rounds of reconcile and verify, retained and validated too: ``rounds/NN/``.
_ROUND = re.compile(r"rounds/[0-9]+/(overview|verify)\.md")
_ROUND_TYPES = {"overview": "overview", "verify": "verification"}


def run_folders(paths: Iterable[str]) -> tuple[str, ...]:
    """The run folders among the workspace's files (``""`` for a run at the root), sorted."""
    found = set()
    for path in paths:
        if path == MANIFEST:
            found.add("")
        elif path.endswith("/" + MANIFEST):
            found.add(path[: -len(MANIFEST) - 1])
    return tuple(sorted(found))


def run_of(path: str, runs: Iterable[str]) -> str | None:
    """The innermost run folder of ``runs`` that ``path`` lies in, or None."""
    best = None
    for run in runs:
        if (run == "" or path.startswith(run + "/")) and (best is None or len(run) > len(best)):
            best = run
    return best


def inside(run: str, path: str) -> str:
    """``path`` relative to the run folder ``run`` (which it lies in)."""
    return path[len(run) + 1 :] if run else path


def member_type(relative: str) -> str | None:
    """The built-in type a run file at ``relative`` (inside its run folder) is read as;
    None for any other file (notes a run keeps are loaded untyped: their links count)."""
    found = MEMBERS.get(relative)
    if found is not None:
        return found
    round_member = _ROUND.fullmatch(relative)
    return None if round_member is None else _ROUND_TYPES[round_member.group(1)]
