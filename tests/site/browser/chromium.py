"""Debian's Chromium, headless, driven by Playwright: never a browser Playwright downloads.

``launch`` starts ``/usr/bin/chromium`` (``.ci/run`` installs it) with the flags that
work on these machines: without the background-networking ones Chromium keeps trying
hosts this closed network refuses. Playwright is pointed at an empty browsers folder
and told to skip downloads, so a missing Chromium fails here instead of fetching one;
the tests check the folder is still empty afterwards. Playwright refuses a
``--user-data-dir`` flag, so the new empty profile is its ``user_data_dir`` instead.

Every request for another host is aborted and kept in ``Browser.external``: the site
must work offline, and a test can say what a page would have fetched.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Route, sync_playwright

__all__ = ["CHROMIUM", "FLAGS", "Browser", "launch"]

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = (
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox cannot start
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
LOCAL_HOSTS = {"127.0.0.1"}


class Browser:
    """The session's one browser: a context to open pages in, what it tried to reach."""

    def __init__(self, context: BrowserContext, version: str) -> None:
        self.context = context
        self.version = version
        self.external: list[str] = []

    def block_other_hosts(self, route: Route) -> None:
        url = route.request.url
        if urlsplit(url).hostname in LOCAL_HOSTS or url.startswith(("data:", "about:")):
            route.continue_()
        else:
            self.external.append(url)
            route.abort()


def installed_version() -> str:
    """What ``chromium --version`` prints, or a failure saying how to install it."""
    if not CHROMIUM.is_file():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests use Debian's Chromium; "
            "`bash .ci/run` installs it (apt-get install --no-install-recommends chromium)"
        )
    done = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, check=True)
    return done.stdout.strip()


@contextmanager
def launch(profile: Path, browsers: Path) -> Iterator[Browser]:
    """Start Chromium with the empty profile folder ``profile``; Playwright's own
    browsers folder is ``browsers`` (empty, and it must stay so)."""
    keys = ("PLAYWRIGHT_BROWSERS_PATH", "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD")
    saved = {key: os.environ.get(key) for key in keys}
    os.environ["PLAYWRIGHT_BROWSERS_PATH"] = str(browsers)
    os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                headless=True,
                args=list(FLAGS),
                viewport={"width": 1280, "height": 900},
            )
            try:
                assert context.browser is not None
                # Local pages answer in milliseconds; ten seconds is room for a loaded
                # CI machine, not Playwright's thirty per wait.
                context.set_default_timeout(10_000)
                browser = Browser(context, context.browser.version)
                context.route("**/*", browser.block_other_hosts)
                yield browser
            finally:
                context.close()
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
