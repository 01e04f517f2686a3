"""What ``assay check`` tells a user about discovery, on standard error: discovery's
notes (an unusable ``.adr-dir``, git failing), a run that found no documents, and
paths given that are no document of the workspace.

These are not findings: they never change the exit code, and the report (on standard
output, in any format) stays exactly the report.
"""

from __future__ import annotations

from collections.abc import Sequence

from assay.api.workspace import RECORD_FOLDERS, Config, Note
from assay.cli.names import printable

#: How many unmatched paths are named before "and N more" (pre-commit can pass thousands).
_NAMED = 5


def note_lines(notes: Sequence[Note]) -> list[str]:
    """``warning: .adr-dir: names docs/x, which is not a folder``, one per note."""
    lines = []
    for note in notes:
        where = printable(note.path) + (f":{note.line}" if note.line is not None else "")
        lines.append(f"warning: {where}: {printable(note.message)}")
    return lines


def nothing_found(config: Config) -> str:
    """Where discovery looked, and how to point it elsewhere (lines after the first
    indented, as a report's continuation lines are)."""
    root = printable(str(config.root))
    if config.include:
        globs = ", ".join(f'"{printable(g)}"' for g in config.include)
        lines = [
            f"no documents found below {root}",
            f"looked for: the files `include = [{globs}]`{_from(config)} matches",
            "to check other files: change `include`",
        ]
    else:
        lines = [
            f"no decision records found below {root}",
            f"looked in: {', '.join(RECORD_FOLDERS)} (any letter case), the folder "
            "`.adr-dir` or `.log4brains.yml` names, folders whose files are named and "
            "written as records (`adr-001-x.md`), and the files a spec type's `files` match",
            'to check other files: set `include = ["path/to/records/*.md"]` in assay.toml '
            "(or [tool.assay] in pyproject.toml), or name the folder in `.adr-dir`",
        ]
    lines.append("`assay files` shows what discovery found and passed over")
    return "\n  ".join(lines)


def unmatched(paths: Sequence[str]) -> str:
    """One line naming the given paths nothing can be reported for."""
    named = ", ".join(printable(p) for p in paths[:_NAMED])
    more = f" and {len(paths) - _NAMED} more" if len(paths) > _NAMED else ""
    noun = "is no document" if len(paths) == 1 else "are no documents"
    return (
        f"{named}{more} {noun} of this workspace (not in a records folder, `include` or "
        "a type's `files`): nothing is reported for "
        f"{'it' if len(paths) == 1 else 'them'}; `assay files` lists what is checked"
    )


def _from(config: Config) -> str:
    return f" (from {printable(config.source.name)})" if config.source is not None else ""
