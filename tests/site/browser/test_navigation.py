"""A reader moves through the published site: indexes, records, supersession, history."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.site.browser.navigate import (
    follow_record,
    heading,
    main,
    open_decisions,
    open_record,
    title_of,
)
from tests.site.browser.server import Served
from tests.site.browser.workspace import CHAIN, MEMCACHED, POSTGRES, REDIS, SEARCH_WORD


def test_home_to_a_record_to_its_superseding_record_and_back(page: Page, served: Served) -> None:
    """Home → Decisions → a record → the record superseding it, then back twice."""
    open_decisions(page, served)
    index = page.url
    open_record(page, served, MEMCACHED)
    old = page.url
    follow_record(page, REDIS)
    page.go_back()
    assert page.url == old
    assert "Store sessions in Memcached" in heading(page)
    page.go_back()
    assert page.url == index
    page.go_forward()
    page.go_forward()
    assert "Store sessions in Redis" in heading(page)


def test_a_supersession_chain_is_navigable_both_ways(page: Page, served: Served) -> None:
    """From the oldest record to the newest by their links, and back again."""
    open_record(page, served, CHAIN[0])
    for later in CHAIN[1:]:
        follow_record(page, later)
    for earlier in reversed(CHAIN[:-1]):
        follow_record(page, earlier)


def test_a_search_for_a_word_finds_its_record(page: Page, served: Served) -> None:
    """MkDocs' search: typed in the search box, the one record holding the word is listed."""
    # The theme listens to the box only once its worker has built the index, and says
    # so on the console: typing earlier would be typing into a box nobody reads.
    with page.expect_console_message(lambda message: "search ready" in message.text):
        page.goto(served.url)
    page.get_by_role("link", name="Search").first.click()
    page.get_by_role("searchbox").press_sequentially(SEARCH_WORD)
    results = page.locator("#mkdocs-search-results")
    found = results.get_by_role("link", name="Store sessions in PostgreSQL").first
    found.wait_for()
    assert "Store sessions in Memcached" not in results.inner_text()
    found.click()
    page.wait_for_load_state()
    assert title_of(POSTGRES) in heading(page)
    assert SEARCH_WORD in main(page).inner_text()
