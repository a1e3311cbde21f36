"""Fixtures for the end-to-end tests: a real JupyterLab 4 server driven by
Debian's Chromium through Python Playwright.

Playwright cannot download its own browser here, so the tests launch
``/usr/bin/chromium`` (installed by ``scripts/ensure-chromium``). A missing
browser is a failure, never a skip: CI must run these tests.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
CHROMIUM = Path(os.environ.get("MCW_CHROMIUM", "/usr/bin/chromium"))
TOKEN = "mc-widget-tests"

# Flags from the machine notes: without the background-networking ones,
# Chromium keeps trying to reach Google's hosts through a closed network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Keep JupyterLab from asking about news and updates in a popup that would
# cover the notebook in screenshots.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(url: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"JupyterLab did not answer at {url} within {timeout} s")
        time.sleep(0.25)


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory) -> Path:
    """A scratch copy of the lessons, so running them never edits the repo."""
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(NOTEBOOKS, root / "notebooks")
    return root / "notebooks"


@pytest.fixture(scope="session")
def lab_url(lab_root, tmp_path_factory):
    """Start ``jupyter lab`` on a free port; yield its base URL; stop it."""
    home = tmp_path_factory.mktemp("lab-home")
    settings = home / "settings"
    for name, value in LAB_SETTINGS.items():
        plugin, file = name.rsplit("/", 1)
        (settings / plugin).mkdir(parents=True, exist_ok=True)
        (settings / plugin / file).write_text(json.dumps(value))
    port = _free_port()
    log = (home / "lab.log").open("w")
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config")}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            f"--port={port}",
            "--ServerApp.ip=127.0.0.1",
            f"--IdentityProvider.token={TOKEN}",
            f"--ServerApp.root_dir={lab_root}",
            "--LabApp.expose_app_in_browser=True",
            f"--LabApp.user_settings_dir={settings}",
            f"--LabApp.workspaces_dir={home / 'workspaces'}",
            # CI containers run as root; JupyterLab refuses that unless told.
            *(["--allow-root"] if os.geteuid() == 0 else []),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{base}/api/status?token={TOKEN}", timeout=60)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: run scripts/ensure-chromium (Debian's chromium package)",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()
