"""The site keeps the history (issue 25 §1), as a reader sees it in the browser.

A supersession stated only in the newer record's ``## Links`` list, beside an older
record still Accepted: both are published, linked both ways, the finding noted
visibly on the older page. The newer record's diagrams show, the SVG's script never
runs, even opened on its own. A record page's status is a badge; a date-named
series shows its date id in the No. column, and no date wraps.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page

from tests.site.browser.navigate import follow_record, main, open_decisions, open_record
from tests.site.browser.pixels import colours
from tests.site.browser.server import Served
from tests.site.browser.workspace import DATED, MEMCACHED, RABBITMQ, REDIS_QUEUE

Shot = Callable[[Page, str], bytes]


def _drawn(page: Page, image: Locator, what: str) -> None:
    """``image`` loaded, has a size, and is not blank."""
    assert image.count() == 1, f"{page.url} has no image {what!r}"
    image.scroll_into_view_if_needed()
    image.evaluate("image => image.decode()")  # rejects when the image does not load
    width, height = image.evaluate("image => [image.naturalWidth, image.naturalHeight]")
    assert width > 0 and height > 0, what
    assert colours(page, image.screenshot()) >= 2, f"{what!r} is drawn blank"


def test_a_supersession_in_a_links_list_is_linked_both_ways_and_noted(
    page: Page, served: Served, screenshot: Shot
) -> None:
    """0007 says in its Links list that it supersedes 0006, which still says Accepted:
    0006 is published, its page links to 0007 and shows the FLD008 note; and back."""
    open_record(page, served, REDIS_QUEUE)
    screenshot(page, "noted-record")
    note = main(page).locator("blockquote", has_text="FLD008")
    assert note.count() == 1 and note.is_visible()
    assert "superseded-but-accepted (line 3, column 11)" in note.inner_text()
    assert "Superseded by" in main(page).inner_text()
    follow_record(page, RABBITMQ)
    assert "Supersedes" in main(page).inner_text()
    follow_record(page, REDIS_QUEUE)


def test_the_decisions_index_shows_the_relation_both_ways(page: Page, served: Served) -> None:
    """Both rows of the linked chain name the other record, and the title's code is code."""
    open_decisions(page, served)
    older = main(page).locator("tr", has=page.locator(f'a[href*="{REDIS_QUEUE.stem}"]')).first
    assert "Superseded by" in older.inner_text()
    newer = main(page).locator("tr", has_text="Queue jobs in RabbitMQ").first
    assert newer.locator("code", has_text="RabbitMQ").count() >= 1
    assert "`" not in newer.inner_text()


def test_a_records_images_show_and_the_svg_runs_nothing(
    page: Page, served: Served, dialogs: list[str]
) -> None:
    """The PNG and the SVG diagram of 0007 are drawn; the SVG's script never runs, on
    the page nor when the SVG is opened by its own address."""
    open_record(page, served, RABBITMQ)
    _drawn(page, main(page).get_by_role("img", name="Workers per queue"), "PNG")
    svg = main(page).get_by_role("img", name="Queue topology")
    _drawn(page, svg, "SVG")
    address = svg.evaluate("image => image.src")
    assert page.evaluate("typeof window.pwned") == "undefined"
    response = page.goto(address)
    assert response is not None and response.status == 200
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert page.locator("script").count() == 0  # the SVG served is assay's, script-free
    assert dialogs == []


def test_a_record_page_shows_its_status_as_a_badge_once(page: Page, served: Served) -> None:
    """The status is a badge in the pictures' palette (superseded: orange), and the
    header repeats neither the Status nor the Date the record's own text shows."""
    open_record(page, served, MEMCACHED)
    badge = main(page).get_by_role("img", name="Status: superseded")
    _drawn(page, badge, "status badge")
    assert "#E69F00" in badge.evaluate("i => fetch(i.src).then(r => r.text())")
    items = main(page).locator("li").all_inner_texts()
    assert [t for t in items if t.startswith("Status:")] == [MEMCACHED_STATUS]
    assert [t for t in items if t.startswith("Date:")] == ["Date: 2025-02-12"]


MEMCACHED_STATUS = "Status: Superseded by ADR 3"


def test_a_date_named_series_shows_its_date_id_and_dates_do_not_wrap(
    page: Page, served: Served
) -> None:
    """log4brains' `20240115-x.md` has no number: its No. cell shows the date id. In a
    narrow window each Date cell stays on one line."""
    open_decisions(page, served)
    page.set_viewport_size({"width": 420, "height": 800})  # the theme's nav folds away
    row = main(page).locator("tr", has=page.locator(f'a[href*="{DATED.stem}"]')).first
    assert row.locator("td").first.inner_text().strip() == "20240115"
    lines = main(page).evaluate(
        """main => [...main.querySelectorAll('tbody tr')].map(row => {
            const range = document.createRange();
            range.selectNodeContents(row.cells[3]);
            return [row.cells[3].innerText, new Set([...range.getClientRects()]
                .map(r => Math.round(r.top))).size];
        })"""
    )
    dated = [(text, count) for text, count in lines if re.fullmatch(r"\d{4}.\d\d.\d\d", text)]
    assert dated and all(count == 1 for _, count in dated), lines
