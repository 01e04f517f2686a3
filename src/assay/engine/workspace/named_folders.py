"""Records folders known by their files: a series kept outside the usual folders.

Many series live where no convention looks — the Cosmos and Tendermint family keeps
``docs/architecture/adr-001-x.md``, NumPy ``doc/neps/nep-0012-x.rst``, Cluster API
``docs/proposals/20200506-x.md`` — and a user should not need an ``.adr-dir`` for
assay to find them.  A folder is such a records folder when it holds at least two
Markdown or reStructuredText files named as numbered or dated records (``adr-NNN-x.md``,
``NNNN-x.rst``, ``ADR-NNN.md``, ``YYYYMMDD-x.md``; one is enough in a folder named as
records folders are, ``edx_django_utils/plugins/docs/decisions/``) and more than half
of them are written as records: they state a status (``Status: x``, ``- Status:``,
``* State: x``, front matter ``status:``, a ``| Status |`` row, a ``## Status``
heading, reST's ``:Status:`` or an underlined ``Status``), have a Decision section, or
are written as proposals are (two of the sections proposals have: Motivation,
Proposal, Alternatives, Problem, Background, Non-Goals, …).  A dated name alone is as
often a blog post's; a post states no status and argues for no proposal.  Then each
file of it named as a record is one (a template by its name excepted), and so is an
unnamed file written as one (``adr-slug.md`` beside ``adr001-slug.md``); its other
files (a README, an overview) are not.  Where some but not most are written as
records, the named files are listed as passed over, with how many read as records, so
``assay files`` says why the folder was not taken.  Folders of test fixtures
(``tests/``, ``fixtures/``, …), copies of other projects (``vendor/``,
``node_modules/``) and hidden ones are not looked in: their records are not the
project's.

Only the start of each named file is read (``_HEAD`` bytes), through the contained
opener: a link is never followed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Iterable

from assay.engine.files.opening import open_contained
from assay.engine.files.refusal import Refused
from assay.engine.reading.record_names import MAIN_NAMES, RECORD_SUFFIXES, record_number
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
    # `* State: x` (a field in a list, as Dapr's proposals write it)
    r"|[-*+][ \t]+(?:\*\*|__)?state(?:\*\*|__)?[ \t]*:"
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
#: A section a proposal has and a guide or a post does not (the heading's first word,
#: Markdown or reST); two different ones make a text written as a proposal.
_PROPOSAL_WORDS = (
    r"(motivation|proposal|proposed|alternatives?|problem|rationale|drawbacks|background"
    r"|non-goals)(?![^\W_])"
)
_PROPOSAL = re.compile(
    rf"^[ \t]{{0,3}}#{{1,6}}[ \t]+(?:[0-9]{{1,3}}\.?[ \t]+)?(?:\*\*|__)?{_PROPOSAL_WORDS}"
    rf"|^{_PROPOSAL_WORDS}[^\n]{{0,60}}\r?\n(?:={{3,}}|-{{3,}}|~{{3,}}|\^{{3,}}|\*{{3,}}|\+{{3,}}|#{{3,}})",
    re.IGNORECASE | re.MULTILINE,
)
#: Different proposal sections a text needs to read as written as a proposal.
_PROPOSAL_SECTIONS = 2


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
    folders, unnamed = _by_folder(pool, taken, is_template)
    found: dict[str, Candidate] = {}
    skipped: list[Skipped] = []
    for parent, paths in sorted(folders.items()):
        fewest = 1 if parent.rpartition("/")[2].casefold() in _FOLDER_NAMES else _FEWEST
        if len(paths) < fewest or hidden(parent) or in_records_folder(parent):
            continue
        named = sorted(p for p in paths if not is_template(p.rpartition("/")[2]))
        written = sum(written_as_record(root, p) for p in named)
        if 2 * written > len(named):
            also = [p for p in unnamed.get(parent, ()) if written_as_record(root, p)]
            found.update(
                (p, Candidate(path=p, origin="naming", folder=parent)) for p in (*named, *also)
            )
            skipped += [Skipped(path=p, reason="template") for p in paths if p not in named]
        elif written:
            detail = (
                f"{written} of the {len(named)} named as records in {parent or '.'} read as one"
            )
            skipped += [Skipped(path=p, reason="not-records", detail=detail) for p in named]
    return found, skipped


def _by_folder(
    pool: Iterable[str], taken: Collection[str], is_template: Callable[[str], bool]
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The files of record formats not taken already, by folder: those named as records
    (with a record number), and the others but READMEs, indexes and templates (a series'
    record may be named otherwise, and is kept when written as one)."""
    folders: dict[str, list[str]] = {}
    unnamed: dict[str, list[str]] = {}
    for path in pool:
        parent, _, name = path.rpartition("/")
        lower = name.lower()
        if not lower.endswith(RECORD_SUFFIXES) or path in taken:
            continue
        if record_number(name) is not None:
            folders.setdefault(parent, []).append(path)
        elif not (lower in MAIN_NAMES or is_template(name)):
            unnamed.setdefault(parent, []).append(path)
    return folders, unnamed


#: The last part of a folder named for the records it holds: one record named as one is
#: a series there (the conventional folders at the root are found by ``record_folders``).
_FOLDER_NAMES = frozenset(
    {"adr", "adrs", "decisions", "decision-records", "architecture-decision-records"}
)


#: Folders whose records are not the project's own: test fixtures (a tool's tests keep
#: whole sample series) and copies of other projects.
_NOT_OWN = frozenset(
    {"test", "tests", "testdata", "fixtures", "__fixtures__", "node_modules", "vendor",
     "third_party"}
)  # fmt: skip


def hidden(folder: str) -> bool:
    """A folder below a hidden one, test fixtures or another project's files."""
    return any(part.startswith(".") or part.casefold() in _NOT_OWN for part in folder.split("/"))


def written_as_record(root: str, path: str) -> bool:
    """True when the start of the file at ``path`` reads as a record's or a proposal's."""
    try:
        opened = open_contained(root, path)
        if isinstance(opened, Refused):
            return False  # a link or a folder: discovery reports it where it is a document
        with opened:
            head = os.read(opened.fileno(), _HEAD)
    except OSError:
        return False  # unreadable now: it is no evidence either way
    return reads_as_record(head.decode("utf-8", "replace"))


def reads_as_record(text: str) -> bool:
    """True when ``text`` states a status, has a Decision section, or has the sections
    of a proposal."""
    if _WRITTEN.search(text) is not None:
        return True
    sections = set()
    for found in _PROPOSAL.finditer(text):
        word = (found[1] or found[2]).casefold()
        sections.add(word.rstrip("s") if word.startswith("alternative") else word)
        if len(sections) >= _PROPOSAL_SECTIONS:
            return True
    return False
