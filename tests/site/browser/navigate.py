"""How the tests move through the site: as a reader does, by link text and role.

Pages are found by what they say (a link named "Decisions", a record's title), not
by their URLs, so the tests hold however the page generator names its files. Only
links to a given record are found by the record's file stem in their address, since
a header's link text ("Superseded by …") is the generator's choice.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page

from tests.site.browser.server import Served
from tests.site.browser.workspace import Record

__all__ = [
    "follow",
    "follow_record",
    "heading",
    "main",
    "open_decisions",
    "open_home",
    "open_record",
    "title_of",
]


def open_home(page: Page, served: Served) -> None:
    """Open the site's home page, which must answer 200."""
    response = page.goto(served.url)
    assert response is not None and response.status == 200


def main(page: Page) -> Locator:
    """The page's content area (the theme's ``role="main"``), without its navigation."""
    return page.get_by_role("main")


def heading(page: Page) -> str:
    """The text of the page's first-level heading."""
    return main(page).locator("h1").first.inner_text()


def follow(page: Page, links: Locator, what: str) -> None:
    """Click the first of ``links`` and wait for the page it opens. A page without one
    fails at once, naming what was looked for and the links there are instead (a
    loaded page has all its links: waiting for one would only hide the failure)."""
    if links.count() == 0:
        names = page.get_by_role("link").all_inner_texts()
        raise AssertionError(f"{page.url} has no {what}; its links: {names}")
    links.first.click()
    page.wait_for_load_state()


def open_decisions(page: Page, served: Served) -> None:
    """From the home page, follow the link named "Decisions" to the decisions index."""
    open_home(page, served)
    follow(page, page.get_by_role("link", name="Decisions", exact=True), 'link "Decisions"')


def open_record(page: Page, served: Served, record: Record) -> None:
    """Home, the decisions index, then the link bearing the record's title."""
    open_decisions(page, served)
    short = title_of(record)
    links = main(page).get_by_role("link", name=re.compile(re.escape(short)))
    follow(page, links, f"link to {short!r}")
    assert short in heading(page)


def follow_record(page: Page, record: Record) -> None:
    """Follow the first link in the content area that leads to ``record``'s page."""
    links = main(page).locator(f'a[href*="{record.stem}"]')
    follow(page, links, f"link to {record.stem}")
    assert title_of(record) in heading(page)


def title_of(record: Record) -> str:
    """The record's title as shown, without its number (an index may show the number
    apart) or its code spans' backticks."""
    return record.title.split(". ", 1)[-1].replace("`", "")  # code shows as code
