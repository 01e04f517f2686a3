"""`assay new run`: a run folder named by its slug, every member holding what it needs.

Each member file holds its required headings and fields with template text that says
what to write, so `assay check` fails on it — at each blank, with a message — until a
person or an agent fills it in. The folder is written whole: the files go into a
staging folder beside it (``engine.files.folders.staging``: ``.<slug>.new-*``, which
discovery never reads), which is then renamed, so no half of a run is left behind and
an existing run is never touched. A staging folder a kill left is tidied by the next
``assay new run`` of the same source.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from pathlib import Path

from attrs import frozen

from assay.engine.files import folders
from assay.engine.files.destination import (
    Destination,
    Ground,
    check_inside_workspace,
    claim,
)
from assay.engine.files.writing import write_file
from assay.engine.runs.identity import normalize_identity, run_slug
from assay.engine.workspace.run_folders import MANIFEST
from assay.errors import UsageError
from assay.spec.model import Model

# TOML basic strings cannot hold them unescaped, and a file name or title should not.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


@frozen(kw_only=True)
class CreatedRun(Model):
    """The run folder written, and its files, inside it, in writing order."""

    folder: Path
    files: tuple[str, ...]


def new_run(
    parent: Path, *, source: str, system: str, workspace: Path | None = None, flag: str = "--dir"
) -> CreatedRun:
    """Write a run of ``system`` at ``source`` into ``parent``/<slug>.

    Raises ``UsageError`` for an unusable source or system, or when the folder exists;
    with ``workspace``, ``DestinationRefused`` (a ``UsageError``) before anything is
    touched when the run would land outside it, or where no write may go (DESIGN §6:
    the rule ``render --dest`` follows too; ``flag`` names the option in the message).
    """
    for label, value in (("--source", source), ("--system", system)):
        if _CONTROL.search(value):
            raise UsageError(f"{label} holds a control character; nothing was written")
    system = system.strip()
    if not system:
        raise UsageError("--system is empty: name the analysed system, e.g. --system PageIndex")
    identity = normalize_identity(source)
    slug = run_slug(source)
    if not identity or not slug:
        raise UsageError(f"--source {source!r} has no identity to name a run by")
    folder = parent / slug
    if workspace is not None:
        check_inside_workspace(parent, flag=flag, workspace=workspace)
    if os.path.lexists(folder):
        raise UsageError(f"{folder} exists already; nothing was written")
    if workspace is not None:
        # Under .git, through a link inside the workspace, a tracked path: refused.
        claim(Destination(str(folder), flag, "folder", what="run"), Ground(workspace=workspace))
    texts = member_texts(source=source, identity=identity, system=system)
    # What a killed `assay new run` left beside the folder (a half-written
    # `.<slug>.new-*`) goes first; discovery never reads it as a run meanwhile.
    folders.recover(folder)
    staged = folders.staging(folder)
    try:
        for relative, text in texts.items():
            path = staged / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            write_file(path, text.encode("utf-8"))
        # A rename onto a name taken meanwhile fails (an empty folder aside, which
        # holds nothing to lose): the run is there whole, or not at all.
        os.rename(staged, folder)
    except BaseException:
        with contextlib.suppress(OSError):
            shutil.rmtree(staged)
        raise
    return CreatedRun(folder=folder, files=tuple(texts))


def member_texts(*, source: str, identity: str, system: str) -> dict[str, str]:
    """Every file of a new run, by path inside the run folder."""
    title = system.replace("\n", " ")
    return {
        MANIFEST: _MANIFEST.format(system=_toml(system), source=_toml(source)),
        "boundary.md": _BOUNDARY.format(system=title, identity=identity),
        "output/runtime.md": _MEMBER.format(
            title=f"Runtime: {title}",
            inputs="boundary.md",
            what="How the system runs: its entry points, the model calls, the loop, "
            "the state it keeps between steps.",
        ),
        "lenses/memory.md": _MEMBER.format(
            title=f"Memory lens: {title}",
            inputs="boundary.md, output/runtime.md",
            what="What the system remembers, where, for how long, and what it loses.",
        ),
        "lenses/epistemic.md": _MEMBER.format(
            title=f"Epistemic lens: {title}",
            inputs="boundary.md, output/runtime.md",
            what="What the system claims to know, what it verifies, and whom it trusts.",
        ),
        "overview.md": _OVERVIEW.format(system=title),
        "verify.md": _VERIFY.format(system=title),
    }


def _toml(value: str) -> str:
    """``value`` as a TOML basic string (control characters were refused before)."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


_MANIFEST = """\
# An analysis run (ADR 097). Operational state, such as the model, lives here only.
system = {system}
# The caller's identity of the source, in any form; the folder is named by its slug.
source = {source}
# The commit of the method's inputs (the workflow's prompts and types) this run used.
inputs-commit = "{{the 40-hex commit of the method's inputs}}"
"""

_BOUNDARY = """\
# Boundary: {system}

- source.identity: {identity}
- source.commit: {{the 40-hex commit of the source that was inspected}}
- inspected: YYYY-MM-DD

## Scope

<!-- What was inspected and what was left out: folders, services, interfaces. -->
"""

_MEMBER = """\
# {title}

Inputs: {inputs}

## Findings

<!-- {what} -->
"""

_OVERVIEW = """\
# Overview: {system}

## Description

<!-- One sentence of 50 to 250 characters: what the system is and does. -->

## Bounded synthesis

<!-- The reconciled account. It is published as the review, so it must read without
the members' reports; link to them for the evidence. -->

## Limitations

<!-- What the analysis did not establish, and why. -->
"""

_VERIFY = """\
# Verification: {system}

### Blockers

<!-- Exactly `none` when nothing blocks the run, else one `- ` entry per blocker. -->
"""
