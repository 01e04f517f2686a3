"""Records folders known by their files: a series kept outside the usual folders.

Many series live where no convention looks — the Cosmos and Tendermint family keeps
``docs/architecture/adr-001-x.md`` — and a user should not need an ``.adr-dir`` for
assay to find them.  A folder is such a records folder when it holds at least two
Markdown or reStructuredText files named as numbered records (``adr-NNN-x.md``,
``NNNN-x.rst``, ``ADR-NNN.md``) and more than half of them are written as records:
they state a status (``Status: x``, ``- Status:``, front matter ``status:``, a
``| Status |`` row, a ``## Status`` heading, reST's ``:Status:`` or an underlined
``Status``) or have a Decision section.  Then each file of it named as
a record is one (a template by its name excepted); its other files (a README, an
overview) are not.  Where some but not most are written as records, the named files
are listed as passed over, with how many read as records, so ``assay files`` says why
the folder was not taken.  Folders of test fixtures (``tests/``, ``fixtures/``, …),
copies of other projects (``vendor/``, ``node_modules/``) and hidden ones are not
looked in: their records are not the project's.

Only the start of each named file is read (``_HEAD`` bytes), through the contained
opener: a link is never followed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Iterable

from assay.engine.files.opening import open_contained
from assay.engine.files.refusal import Refused
from assay.engine.reading.record_names import RECORD_SUFFIXES, record_number
from assay.engine.workspace.candidates import Candidate, Skipped

#: How much of a file is read to tell whether it is written as a record: a status or
#: a Decision heading sits near the top, after a title and perhaps a changelog.
_HEAD = 16 * 1024
#: Fewer named files than this is no series (one numbered page is a numbered page).
_FEWEST = 2

# Anchored at a line's start, every quantifier bounded or followed by a literal: one
# pass over the head, linear in it.
_WRITTEN = re.compile(
    r"^[ \t]{0,3}(?:"
    # `Status: x`, `- Status: x`, `* **Status:** x`, `**Status**: x`, front matter
    r"(?:[-*+][ \t]+)?(?:\*\*|__)?status(?:\*\*|__)?[ \t]*:"
    # `## Status`, `## 2. Status`, `## Decision`, `## Decision Outcome`
    r"|#{1,6}[ \t]+(?:[0-9]{1,3}\.?[ \t]+)?(?:\*\*|__)?(?:status|decisions?)(?![^\W_])"
    # `| Status | Accepted |`
    r"|\|[ \t]*(?:\*\*|__)?status(?![^\W_])"
    # reStructuredText: a `:Status:` field, or `Status` / `Decision` underlined
    r"|:status:"
    r"|(?:status|decisions?)[ \t]*\r?\n[ \t]{0,3}(?:={3,}|-{3,}|~{3,}|\^{3,}|\*{3,}|\+{3,}|#{3,})"
    r")",
    re.IGNORECASE | re.MULTILINE,
)


def named_records(
    root: str,
    pool: Iterable[str],
    taken: Collection[str],
    in_records_folder: Callable[[str], bool],
    is_template: Callable[[str], bool],
) -> tuple[dict[str, Candidate], list[Skipped]]:
    """The records of folders known by their files, and the named files passed over.

    ``taken``: paths that are documents or specs already; ``in_records_folder``: True
    for a folder a records folder holds (its files are found there already).
    """
    folders: dict[str, list[str]] = {}
    for path in pool:
        parent, _, name = path.rpartition("/")
        if not name.lower().endswith(RECORD_SUFFIXES) or path in taken:
            continue
        numbered = record_number(name)
        if numbered is None or numbered[1] != "numbered":
            continue  # a dated name is as often a blog post's as a record's
        folders.setdefault(parent, []).append(path)
    found: dict[str, Candidate] = {}
    skipped: list[Skipped] = []
    for parent, paths in sorted(folders.items()):
        if len(paths) < _FEWEST or _hidden(parent) or in_records_folder(parent):
            continue
        named = sorted(p for p in paths if not is_template(p.rpartition("/")[2]))
        written = sum(_written_as_record(root, p) for p in named)
        if 2 * written > len(named):
            found.update((p, Candidate(path=p, origin="naming", folder=parent)) for p in named)
            skipped += [Skipped(path=p, reason="template") for p in paths if p not in named]
        elif written:
            detail = (
                f"{written} of the {len(named)} named as records in {parent or '.'} read as one"
            )
            skipped += [Skipped(path=p, reason="not-records", detail=detail) for p in named]
    return found, skipped


#: Folders whose records are not the project's own: test fixtures (a tool's tests keep
#: whole sample series) and copies of other projects.
_NOT_OWN = frozenset(
    {"test", "tests", "testdata", "fixtures", "__fixtures__", "node_modules", "vendor",
     "third_party"}
)  # fmt: skip


def _hidden(folder: str) -> bool:
    """A folder below a hidden one, test fixtures or another project's files."""
    return any(part.startswith(".") or part.casefold() in _NOT_OWN for part in folder.split("/"))


def _written_as_record(root: str, path: str) -> bool:
    try:
        opened = open_contained(root, path)
        if isinstance(opened, Refused):
            return False  # a link or a folder: discovery reports it where it is a document
        with opened:
            head = os.read(opened.fileno(), _HEAD)
    except OSError:
        return False  # unreadable now: it is no evidence either way
    return _WRITTEN.search(head.decode("utf-8", "replace")) is not None
