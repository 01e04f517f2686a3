"""What a reader sees on the home page, a record and a review, and that no script runs.

Each test opens pages in the real browser and asserts on what it renders; the home,
a record and a review are also saved as screenshots (see ``conftest.screenshot``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page

from tests.engine.runs.builders import COMMIT, SOURCE
from tests.site.browser.navigate import follow, heading, main, open_home, open_record, title_of
from tests.site.browser.pixels import colours
from tests.site.browser.server import Served
from tests.site.browser.workspace import DESCRIPTION, HOSTILE, MEMCACHED, RECORDS, REDIS

Shot = Callable[[Page, str], bytes]
PICTURES = ("Decisions by status over time", "Supersession and amendment graph")


def open_review(page: Page, served: Served) -> None:
    """From the home page, the link to the Flask run's review."""
    open_home(page, served)
    follow(page, main(page).get_by_role("link", name=re.compile("flask", re.I)), "review link")


def test_the_home_page_renders_and_links_to_the_review(
    page: Page, served: Served, screenshot: Shot
) -> None:
    """The home page is drawn (not blank) and leads to the review."""
    open_home(page, served)
    assert colours(page, screenshot(page, "home")) > 2
    open_review(page, served)
    assert heading(page) == "Flask"


def test_the_home_page_lists_the_decisions_and_the_review_description(
    page: Page, served: Served
) -> None:
    """Home: every (recent) decision by its title, and the review with its Description."""
    open_home(page, served)
    text = main(page).inner_text()
    missing = [title_of(r) for r in RECORDS if title_of(r) not in text]
    assert not missing, f"the home page does not name {missing}"
    assert DESCRIPTION in text


def test_a_review_page_shows_the_evidence_basis_line(
    page: Page, served: Served, screenshot: Shot
) -> None:
    """The review names its source and the commit it was inspected at."""
    open_review(page, served)
    screenshot(page, "review")
    assert f"Evidence basis: {SOURCE} at commit {COMMIT}" in main(page).inner_text()


def test_a_review_page_has_the_description_as_its_meta_description(
    page: Page, served: Served
) -> None:
    """``<meta name="description">`` holds the run's Description, word for word."""
    open_review(page, served)
    contents = page.locator('meta[name="description"]').evaluate_all(
        "metas => metas.map(m => m.content)"
    )
    assert contents == [DESCRIPTION]


def test_a_record_page_has_a_header_with_status_date_and_relations(
    page: Page, served: Served, screenshot: Shot
) -> None:
    """A superseded record's page says so, with its date and the superseding record."""
    open_record(page, served, MEMCACHED)
    screenshot(page, "record")
    text = main(page).inner_text()
    assert re.search(r"\bsuperseded\b", text, re.I)
    assert "2025-02-12" in text
    assert "Superseded by" in text
    assert main(page).locator(f'a[href*="{REDIS.stem}"]').count() >= 1


def test_the_pictures_render(page: Page, served: Served) -> None:
    """Both SVG pictures on the home page load, have a size and are not blank."""
    open_home(page, served)
    for name in PICTURES:
        pictures = main(page).get_by_role("img", name=name)
        assert pictures.count() == 1, f"the home page has no picture {name!r}"
        picture = pictures.first
        picture.scroll_into_view_if_needed()
        picture.evaluate("image => image.decode()")  # rejects when the SVG does not load
        width, height = picture.evaluate("image => [image.naturalWidth, image.naturalHeight]")
        assert width > 0 and height > 0, name
        box = picture.bounding_box()
        assert box is not None and box["width"] > 0 and box["height"] > 0, name
        assert colours(page, picture.screenshot()) > 2, f"{name!r} is drawn blank"


def test_a_hostile_record_shows_its_markup_as_text_and_runs_nothing(
    page: Page, served: Served, dialogs: list[str]
) -> None:
    """``<script>`` and ``onerror`` in a record reach the reader as text; no script runs."""
    open_record(page, served, HOSTILE)
    text = main(page).inner_text()
    assert "<script>window.pwned=1</script>" in text
    assert 'onerror="window.pwned=2"' in text
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert dialogs == []
    assert main(page).locator("script").count() == 0
    assert page.locator("[onerror]").count() == 0
