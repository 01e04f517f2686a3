"""The site's navigation: four entries, whatever the number of records.

MkDocs' automatic navigation lists every page in every page's sidebar, so a site
grows with the square of its pages (issue 15 §8). The index pages carry the records.
"""

from __future__ import annotations

__all__ = ["NAV", "nav"]

NAV: tuple[tuple[str, str], ...] = (
    ("Home", "index.md"),
    ("Decisions", "decisions/index.md"),
    ("Timeline", "timeline.md"),
    ("Reviews", "reviews/index.md"),
)


def nav() -> list[dict[str, str]]:
    """The ``nav`` of the MkDocs configuration."""
    return [{title: page} for title, page in NAV]
