"""The Content-Security-Policy, the site's second wall, in the real browser.

Every page carries it; a script that reached a page's content anyway (planted here in
a copy of the built site, as the first wall lets none through) does not run; and the
theme's own scripts still do: the search test (``test_navigation``) runs under it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import Page

from tests.site.browser.server import serve

CSP = '<meta http-equiv="Content-Security-Policy"'
PLANTED = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">'


def test_every_page_carries_the_policy(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert pages
    missing = [p.relative_to(site).as_posix() for p in pages if CSP not in p.read_text("utf-8")]
    assert missing == []


def test_a_script_planted_in_a_page_does_not_run_but_the_theme_does(
    page: Page, site: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    home = copy / "index.html"
    text = home.read_text("utf-8")
    home.write_text(text.replace('role="main">', 'role="main">' + PLANTED, 1), "utf-8")
    (copy / "planted.html").write_text(f"<!doctype html><head>{PLANTED}</head>", "utf-8")
    with serve(copy) as served:
        # The theme's search worker says it is ready: the theme's scripts ran.
        with page.expect_console_message(lambda message: "search ready" in message.text):
            page.goto(served.url)
        assert page.evaluate("typeof window.pwned") == "undefined"
        assert page.evaluate("typeof window.base_url") == "string"  # the theme's inline one
