"""DOC015: a folder whose records, as a series, leave out a required part."""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.engine.workspace.record_index import Gap, Record, gap_of
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.records import DOC015

#: A convention needs a series: one record alone that lacks a part has an error.
SERIES = 2

_KIND = {"FLD001": "field", "DOC003": "section"}


def conventions(records: Iterable[Record]) -> dict[str, dict[Gap, tuple[int, int, str]]]:
    """Folder -> the required parts most of its records lack -> (how many lack it, how
    many records were read, the first record's path).

    "Most" is more than half of the folder's readable records, in a folder of at least
    ``SERIES``: where no record (or a minority) states a status, its absence is how the
    series is written; where half or more do, each record without one is an error.
    """
    folders: dict[str, list[Record]] = {}
    for record in records:
        if record.gaps is not None:  # a record that could not be read says nothing
            folders.setdefault(record.folder, []).append(record)
    found: dict[str, dict[Gap, tuple[int, int, str]]] = {}
    for folder, members in folders.items():
        if len(members) < SERIES:
            continue
        counts = Counter(gap for record in members for gap in record.gaps or ())
        usual = {
            gap: (count, len(members), members[0].path)
            for gap, count in sorted(counts.items())
            if 2 * count > len(members)
        }
        if usual:
            found[folder] = usual
    return found


def unreported(
    diagnostics: Sequence[Diagnostic], usual: dict[str, dict[Gap, tuple[int, int, str]]]
) -> list[Diagnostic]:
    """``diagnostics`` without the findings of a part its record's folder leaves out."""
    return [
        d
        for d in diagnostics
        if (gap := gap_of(d.code, d.message)) is None
        or gap not in usual.get(posixpath.dirname(d.path), {})
    ]


@workspace_check(DOC015)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """Most records of a folder leave out a required field or section: the folder's
    convention, reported once instead of an error per record."""
    for folder, gaps in sorted(conventions(workspace.records.records).items()):
        for (code, name), (count, total, first) in gaps.items():
            lacking = "no record" if count == total else f"{count} of {total} records"
            yield Finding(
                START,
                f"{lacking} in `{folder}` states a `{name}` {_KIND.get(code, 'part')}: "
                f"taken as the folder's convention, so {code} is not reported for them",
                path=first,
            )
