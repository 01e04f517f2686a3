"""Package fixtures: one publish, one server, one browser for every browser test.

Starting Chromium and building the site cost about a second each; once per session
keeps the suite inside CI's budget. ``.ci/run`` keeps these tests on one xdist worker
(``--dist loadgroup`` and the ``browser`` group), so a run starts one browser, not one
per core. Package-scoped, not session-scoped: Playwright's synchronous API keeps an
event loop running in the worker's thread until it stops, and every later test there
that runs one of its own (the MCP and LSP clients) failed with "Already running
asyncio in this thread"; the browser stops when the worker leaves this package.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Dialog, Page

from tests.site.browser.chromium import Browser, installed_version, launch
from tests.site.browser.server import Served, serve
from tests.site.browser.workspace import write_workspace


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # First: xdist's own hook reads the group marks to name each test's group.
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(scope="package")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture workspace, published by the real command into ``<workspace>/site``."""
    # The folder's name is the site's name, shown in every page's title bar.
    root = write_workspace(tmp_path_factory.mktemp("browser") / "acme-platform")
    done = subprocess.run(
        [sys.executable, "-m", "assay", "publish", "--no-cache"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "excluded" not in done.stdout, done.stdout  # every page the tests visit is there
    return root / "site"


@pytest.fixture(scope="package")
def served(site: Path) -> Iterator[Served]:
    """The site on 127.0.0.1, every request's status recorded."""
    with serve(site) as running:
        yield running


@pytest.fixture(scope="package")
def playwright_browsers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Playwright's browsers folder for the session: empty, and checked to stay so."""
    return tmp_path_factory.mktemp("playwright-browsers")


@pytest.fixture(scope="package")
def browser(
    tmp_path_factory: pytest.TempPathFactory, playwright_browsers: Path
) -> Iterator[Browser]:
    """Debian's headless Chromium with a new empty profile, other hosts blocked."""
    installed_version()
    profile = tmp_path_factory.mktemp("chromium-profile")
    with launch(profile, playwright_browsers) as running:
        yield running


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A new tab, closed after the test."""
    tab = browser.context.new_page()
    yield tab
    tab.close()


@pytest.fixture
def dialogs(page: Page) -> list[str]:
    """The messages of the JavaScript dialogs ``page`` opens (each dismissed)."""
    opened: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        opened.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    return opened


@pytest.fixture(scope="package")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: a session folder, copied to $ASSAY_ARTIFACTS when set."""
    return tmp_path_factory.mktemp("browser-artifacts")


@pytest.fixture
def screenshot(artifacts: Path) -> Callable[[Page, str], bytes]:
    """``screenshot(page, name)``: save the whole page as ``name.png``; return its bytes."""

    def take(tab: Page, name: str) -> bytes:
        target = artifacts / f"{name}.png"
        data = tab.screenshot(path=target, full_page=True)
        extra = os.environ.get("ASSAY_ARTIFACTS")
        if extra:
            Path(extra).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(target, Path(extra) / target.name)
        return data

    return take
