"""The site's navigation: four entries (three with no review), whatever the records.

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


def nav(*, reviews: bool = True) -> list[dict[str, str]]:
    """The ``nav`` of the MkDocs configuration; without ``reviews``, no Reviews entry
    (a site with no verified run has no page for it)."""
    return [{title: page} for title, page in NAV if reviews or title != "Reviews"]
