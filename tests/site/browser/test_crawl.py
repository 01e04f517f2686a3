"""Every internal link of the site answers, and the harness is what it says it is.

One crawl starts at the home page and follows every same-origin ``<a href>`` of
every HTML page it reaches; the server's log says what each link and each file the
pages loaded (styles, scripts, pictures) was answered with. The crawl is made once
for the package: xdist may run another module's test between two of these, and a
module-scoped crawl was then made twice (14 s each).
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from urllib.parse import urldefrag

import pytest

from tests.site.browser.chromium import Browser, installed_version
from tests.site.browser.navigate import title_of
from tests.site.browser.server import Served
from tests.site.browser.workspace import RECORDS

LINKS = "anchors => anchors.map(a => a.href)"


class Crawl:
    """What one crawl found: each link target's status, and what the pages loaded."""

    def __init__(self) -> None:
        self.links: dict[str, int] = {}
        self.titles: set[str] = set()
        self.loaded: list[tuple[str, int]] = []
        self.external: list[str] = []


@pytest.fixture(scope="package")
def crawl(browser: Browser, served: Served) -> Crawl:
    found = Crawl()
    start, asked = len(served.log), len(browser.external)
    page = browser.context.new_page()
    queue = deque([served.url])
    seen = {served.url}
    while queue:
        url = queue.popleft()
        answer = browser.context.request.get(url)
        found.links[url] = answer.status
        if answer.status != 200 or "text/html" not in answer.headers.get("content-type", ""):
            continue
        page.goto(url)
        page.wait_for_load_state("load")
        found.titles.add(page.title())
        for href in page.locator("a[href]").evaluate_all(LINKS):
            target = urldefrag(href).url
            if target.startswith(served.url) and target not in seen:
                seen.add(target)
                queue.append(target)
    page.close()
    found.loaded = served.log[start:]
    found.external = browser.external[asked:]
    return found


def test_every_internal_link_answers_200(crawl: Crawl) -> None:
    """No link of any reached page leads to a 404 (or any status but 200)."""
    broken = {url: status for url, status in crawl.links.items() if status != 200}
    assert not broken
    assert len(crawl.links) > len(RECORDS)  # the crawl got past the home page


def test_the_crawl_reaches_every_record(crawl: Crawl) -> None:
    """Every published record's page is reached from the home page by links."""
    missing = [title_of(r) for r in RECORDS if not any(title_of(r) in t for t in crawl.titles)]
    assert not missing


def test_every_file_the_pages_load_answers_200(crawl: Crawl) -> None:
    """Styles, scripts, fonts and pictures the pages ask for all exist (no 404).

    304 is the server saying the browser's cached copy is current: the file exists (a
    page that loads the search script again revalidates it instead of fetching it)."""
    failed = sorted({(path, status) for path, status in crawl.loaded if status not in (200, 304)})
    assert failed == [] and any(status == 200 for _, status in crawl.loaded)


#: The built-in ``mkdocs`` theme loads highlight.js and its styles from this CDN by
#: default (its ``highlightjs`` option); nothing else may be asked of another host.
THEME_CDN = "https://cdnjs.cloudflare.com/ajax/libs/highlight.js/"


def test_nothing_but_the_themes_highlighter_is_asked_of_another_host(crawl: Crawl) -> None:
    """No document, picture or page of assay's makes the browser reach another host."""
    assert [url for url in crawl.external if not url.startswith(THEME_CDN)] == []


def test_the_browser_is_debians_chromium_and_none_was_downloaded(
    browser: Browser, playwright_browsers: Path
) -> None:
    """Playwright drove /usr/bin/chromium; its own browsers folder is still empty."""
    assert browser.version in installed_version()
    assert list(playwright_browsers.iterdir()) == []
