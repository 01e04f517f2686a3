"""The docs tree MkDocs builds: only what the gate let through, never through a link.

Each published record is read once (``pages.records``) and written as its page at
``decisions/<stem>.md``, under a header of its status badge (``pictures/status/``),
relations both ways and the findings it was published with; the images it shows are
copied to ``images/`` (``pages.images``); the home page, the decisions index, the
timeline and (when there are reviews) the reviews index list them; each verified run's
review is rendered to ``reviews/<run folder name>.md``, and the run's retained files
(its documents, ``run.toml`` and any other file of the run the review links to) are
copied at their workspace paths so the review's links resolve; the overview's copy is
described by its verified Description (``pages.described``). Every copied file is made
inert (``pages.inert``: Markdown under any extension made safe, HTML, SVG and other
active types escaped) on the way. Every file is opened with ``open_contained`` (no
component may be a symbolic link), so nothing outside the workspace, or reached
through a link, enters the tree.
"""

from __future__ import annotations

import calendar
import html
import os
import posixpath
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path, PurePosixPath

from attrs import frozen

from assay.api.runs import Verification, render_review
from assay.engine.files.opening import open_contained
from assay.engine.files.refusal import Refused
from assay.engine.runs.review import front_matter_string, linked_files
from assay.engine.workspace.run_folders import MANIFEST
from assay.site.facts import RecordFacts
from assay.site.gate import Excluded, Publication
from assay.site.pages.described import described
from assay.site.pages.images import FOLDER as IMAGES
from assay.site.pages.images import image_files
from assay.site.pages.indexes import PICTURE_TITLES, decisions_index, home, reviews_index, timeline
from assay.site.pages.inert import inert_bytes
from assay.site.pages.links import LinkNote
from assay.site.pages.nav import nav
from assay.site.pages.record_page import header_lines, record_page
from assay.site.pages.records import PublishedRecord, read_records
from assay.site.pages.relations import Related, both_ways
from assay.site.pages.safe_page import safe_markdown
from assay.site.pictures import pictures as draw_pictures
from assay.site.pictures.badges import badge_name, badges
from assay.spec.diagnostics import Diagnostic
from assay.spec.model import Model

__all__ = ["INDEX", "Pictures", "Tree", "review_path", "write_new", "write_tree"]

INDEX = "index.md"
#: What the site generates: a copied file never takes one of these places.
_GENERATED = frozenset({INDEX, "timeline.md"})
_GENERATED_FOLDERS = ("decisions/", "reviews/", "pictures/", IMAGES)
#: Where a record page finds its status badge (``pictures.badges``).
_BADGES = "pictures/status/"
#: Draws the pictures of the records: ``{file name: SVG document}``.
Pictures = Callable[[Sequence[RecordFacts]], dict[str, str]]


@frozen(kw_only=True)
class Tree(Model):
    """What writing the docs tree did."""

    #: Files that could not be copied or read safely (a link, not a regular file).
    refused: tuple[Excluded, ...]
    #: Links shown as their text only, in path and position order.
    notes: tuple[LinkNote, ...]
    #: The records published, in path order.
    records: tuple[RecordFacts, ...]
    #: The MkDocs ``nav``.
    nav: list[dict[str, str]]

    @property
    def source_date_epoch(self) -> int:
        """The newest record's date (midnight UTC) as seconds since 1970, else 0."""
        dates = [r.date for r in self.records if r.date is not None]
        return calendar.timegm(max(dates).timetuple()) if dates else 0


def review_path(run: Verification) -> str:
    """Where a run's review lives in the tree: ``reviews/<run folder name>.md``."""
    name = PurePosixPath(run.folder).name or PurePosixPath(run.root).name
    return f"reviews/{name}.md"


def write_tree(publication: Publication, docs: Path, *, pictures: Pictures | None = None) -> Tree:
    """Write the docs tree into the (empty) folder ``docs``; ``pictures`` draws the
    home page's pictures (default ``assay.site.pictures.pictures``)."""
    refused: list[Excluded] = []
    written: set[str] = set()
    site: dict[str, str] = {}
    reviews: list[tuple[str, Verification]] = []
    for run in publication.runs:
        destination = review_path(run)
        page = _review_page(run, destination)
        write_new(docs / destination, page.encode("utf-8"))
        written.add(destination)
        reviews.append((destination, run))
        overview = _overview(run)
        for path in _retained(run, linked_files(page, destination)):
            if _copy(publication.root, path, docs, refused, written, overview):
                site[path] = path
    records, unread = read_records(publication)
    refused += unread
    site.update({r.facts.path: r.source for r in records})
    images, unshown = image_files(
        str(publication.root), ((r.facts.path, r.document) for r in records)
    )
    for path, data in sorted(images.items()):
        write_new(docs / IMAGES / path, data)
        site[path] = IMAGES + path
    facts = [r.facts for r in records]
    related = both_ways(records)
    for name, svg in sorted(badges(facts).items()):
        write_new(docs / _BADGES / name, svg.encode("utf-8"))
    notes = _record_pages(records, docs, site, related, publication.noted, unshown)
    drawn = (pictures or draw_pictures)(facts)
    for name, svg in sorted(drawn.items()):
        write_new(docs / "pictures" / name, svg.encode("utf-8"))
    front = home(publication.root.name, facts, reviews, _shown_order(drawn))
    write_new(docs / INDEX, front.encode())
    write_new(docs / "decisions" / INDEX, decisions_index(facts, related).encode())
    write_new(docs / "timeline.md", timeline(facts).encode())
    if reviews:  # no Reviews page, nor entry, for a site without one
        write_new(docs / "reviews" / INDEX, reviews_index(reviews).encode())
    return Tree(
        refused=tuple(refused),
        notes=tuple(notes),
        records=tuple(facts),
        nav=nav(reviews=bool(reviews)),
    )


def _review_page(run: Verification, destination: str) -> str:
    """The review, safe, with its title in the front matter (HTML-escaped: themes
    write it into ``<title>`` as it is)."""
    page = safe_markdown(render_review(run, destination))
    if run.review is not None and page.startswith("---\n"):
        title = front_matter_string(html.escape(run.review.system, quote=False))
        page = f"---\ntitle: {title}\n{page[4:]}"
    return page


def _shown_order(drawn: dict[str, str]) -> list[str]:
    """The pictures in the order the home page shows them: the known ones first."""
    known = [name for name in PICTURE_TITLES if name in drawn]
    return known + sorted(set(drawn) - set(known))


def _record_pages(
    records: Sequence[PublishedRecord],
    docs: Path,
    site: dict[str, str],
    related: Mapping[str, Sequence[Related]],
    noted: Sequence[Diagnostic],
    unshown: Mapping[str, str],
) -> list[LinkNote]:
    findings: dict[str, list[Diagnostic]] = {}
    for diagnostic in noted:
        findings.setdefault(diagnostic.path, []).append(diagnostic)
    notes: list[LinkNote] = []
    for record in records:
        path = record.facts.path
        badge = posixpath.relpath(_BADGES + badge_name(record.facts.status), "decisions")
        header = header_lines(record, related[path], findings.get(path, ()), badge)
        page, found = record_page(record, site, header, unshown)
        write_new(docs / record.source, page.encode("utf-8", "surrogateescape"))
        notes += found
    return notes


def _retained(run: Verification, linked: Iterable[str]) -> Iterable[str]:
    """The run's files the site copies: its documents, ``run.toml``, and every other
    file of the run its review links to (a trace, a figure), so each link resolves."""
    manifest = f"{run.folder}/{MANIFEST}" if run.folder else MANIFEST
    own = [p for p in linked if not run.folder or p.startswith(run.folder + "/")]
    return sorted({*run.report.files, manifest, *own})


def _overview(run: Verification) -> tuple[str, str] | None:
    """The run's overview and its verified Description: its page's only description."""
    if run.review is None:
        return None
    return run.review.overview_path, run.review.description


def _copy(
    root: Path,
    path: str,
    docs: Path,
    refused: list[Excluded],
    written: set[str],
    overview: tuple[str, str] | None = None,
) -> bool:
    if path in written:
        return True
    if path in _GENERATED or path.startswith(_GENERATED_FOLDERS):
        refused.append(Excluded(path=path, reason="its path is one of the pages the site makes"))
        return False
    opened = open_contained(root, path)
    if isinstance(opened, Refused):
        refused.append(Excluded(path=path, reason=f"{opened.code} {opened.message}"))
        return False
    with opened, os.fdopen(os.dup(opened.fileno()), "rb") as stream:
        data = stream.read()
    if overview is not None and path == overview[0]:
        text = described(data.decode("utf-8", "surrogateescape"), overview[1])
        data = text.encode("utf-8", "surrogateescape")
    write_new(docs / path, inert_bytes(path, data))  # no live markup, whatever the name
    written.add(path)
    return True


def write_new(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target``, a file the docs tree does not hold yet (never
    through a link, never over a file)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    # O_EXCL | O_NOFOLLOW: the tree is a fresh temporary folder; nothing is overwritten.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(target, flags, 0o644)
    with os.fdopen(fd, "wb") as stream:
        stream.write(data)
