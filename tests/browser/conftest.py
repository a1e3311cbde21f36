"""Fixtures for the end-to-end tests: a real JupyterLab 4 server driven by
Debian's Chromium through Python Playwright.

Playwright cannot download its own browser here, so the tests launch
``/usr/bin/chromium`` (installed by ``scripts/ensure-chromium``). A missing
browser is a failure, never a skip: CI must run these tests.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lab_helpers import CHROMIUM, launch_chromium, running_lab

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory) -> Path:
    """A scratch copy of the lessons, so running them never edits the repo."""
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(NOTEBOOKS, root / "notebooks")
    return root / "notebooks"


@pytest.fixture(scope="session")
def lab_url(lab_root, tmp_path_factory):
    """Start ``jupyter lab`` on a free port; yield its base URL; stop it."""
    with running_lab(lab_root, tmp_path_factory.mktemp("lab-home")) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: run scripts/ensure-chromium (Debian's chromium package)",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()
