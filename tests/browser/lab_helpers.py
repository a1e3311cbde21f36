"""Small helpers that drive JupyterLab through ``window.jupyterapp``.

The server runs with ``--LabApp.expose_app_in_browser=True`` so the tests can
call JupyterLab commands (run all cells, change theme) instead of clicking
through menus, and talk to the notebook's kernel to read Python's side.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import nbformat
from playwright.sync_api import Browser, Page, Playwright

TOKEN = "mc-widget-tests"
CHROMIUM = Path(os.environ.get("MCW_CHROMIUM", "/usr/bin/chromium"))

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
# cover the notebook in screenshots. saveState is pinned to its default (off):
# `make lab` turns it on in the venv's overrides.json, which these servers
# would read too; a test that needs it passes its own settings (running_lab).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyter-widgets/jupyterlab-manager/plugin.jupyterlab-settings": {"saveState": False},
}

_CURRENT = "window.jupyterapp.shell.currentWidget"


def launch_chromium(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless (Playwright cannot download its own here)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


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


@contextlib.contextmanager
def running_lab(root: Path, home: Path, settings: dict | None = None) -> Iterator[str]:
    """Run ``jupyter lab`` serving ``root`` on a free port; yield its base URL.

    ``home`` (an empty scratch folder) holds its settings, workspaces and log
    (``home/lab.log``), so no user configuration leaks into a run.
    ``settings`` adds settings files for this server only, named as in
    ``LAB_SETTINGS`` (``"<plugin package>/<plugin>.jupyterlab-settings"``);
    one named there too replaces that entry.
    """
    user_settings = {**LAB_SETTINGS, **(settings or {})}
    settings_dir = home / "settings"
    for name, value in user_settings.items():
        plugin, file = name.rsplit("/", 1)
        (settings_dir / plugin).mkdir(parents=True, exist_ok=True)
        (settings_dir / plugin / file).write_text(json.dumps(value))
    port = _free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config")}
    with (home / "lab.log").open("w") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jupyterlab",
                "--no-browser",
                f"--port={port}",
                "--ServerApp.ip=127.0.0.1",
                f"--IdentityProvider.token={TOKEN}",
                f"--ServerApp.root_dir={root}",
                "--LabApp.expose_app_in_browser=True",
                f"--LabApp.user_settings_dir={settings_dir}",
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
            stop_server(process)


def stop_server(process: subprocess.Popen) -> None:
    """Stop a server the tests started: terminate, and kill it after 15 s."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()


def open_notebook(page: Page, base_url: str, name: str) -> None:
    """Open ``notebooks/<name>`` and wait until its kernel is ready.

    ``reset`` starts from an empty workspace: without it JupyterLab would
    reopen the notebooks an earlier test left open in the shared server, and
    their boards would be on the page too.
    """
    page.goto(f"{base_url}/lab/tree/{name}?token={TOKEN}&reset")
    page.wait_for_function(
        f"() => window.jupyterapp && {_CURRENT} && {_CURRENT}.sessionContext", timeout=60_000
    )
    page.evaluate(f"async () => {{ await {_CURRENT}.sessionContext.ready; }}")


def open_cells(
    page: Page, base_url: str, root: Path, name: str, cells: dict[str, str], theme: str
) -> None:
    """Write a notebook of code ``cells`` (cell id -> source) as ``root/name``,
    open it, set ``theme`` and run every cell: a test's scratch notebook."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source, id=cell_id) for cell_id, source in cells.items()]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, root / name)
    open_notebook(page, base_url, name)
    set_theme(page, theme)
    run_all_cells(page)


def run_all_cells(page: Page) -> None:
    """Run every cell and wait for the last one to finish."""
    page.evaluate(
        "async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
    )
    page.wait_for_function(
        f"""() => {{
            const panel = {_CURRENT};
            const kernel = panel.sessionContext.session?.kernel;
            const cells = panel.content.widgets.filter(c => c.model.type === 'code');
            return kernel && kernel.status === 'idle'
                && cells.every(c => c.model.executionCount !== null);
        }}""",
        timeout=120_000,
    )


# How long a test waits for the kernel (milliseconds): a lost message fails
# one test instead of hanging the run.
KERNEL_WAIT_MS = 120_000

# ``promise`` or an error after KERNEL_WAIT_MS, naming what was awaited.
_BOUNDED = f"""(promise, what) => Promise.race([promise, new Promise((_, reject) =>
    setTimeout(() => reject(new Error(what + ': nothing from the kernel in {KERNEL_WAIT_MS} ms')),
               {KERNEL_WAIT_MS}))])"""


def start_in_kernel(page: Page, code: str) -> None:
    """Start ``code`` in the notebook's kernel and return at once (the kernel is busy).

    ``wait_for_kernel(page)`` waits for its execute_reply, not for the
    request's ``done``: ``done`` also waits for an "idle" status parented to
    the request, and ipykernel 7.4 can send that status under a widget's
    comm_msg when a board's messages arrive while the cell runs (seen in
    test_two_threads.py: the reply came back "ok", ``done`` never resolved).
    """
    page.evaluate(
        f"""(code) => {{
            const kernel = {_CURRENT}.sessionContext.session.kernel;
            const future = kernel.requestExecute({{ code, store_history: false }});
            window.__mcwReply = new Promise((resolve) => {{
                future.onReply = (msg) => resolve(msg.content.status);
            }});
        }}""",
        code,
    )


def wait_for_kernel(page: Page) -> str:
    """Wait for the reply to ``start_in_kernel``'s code; return its status (``"ok"``...)."""
    return page.evaluate(
        f"async () => await ({_BOUNDED})(window.__mcwReply, 'the cell started in the kernel')"
    )


def kernel_output(page: Page, code: str) -> str:
    """Run ``code`` in the notebook's kernel; return what it printed.

    An exception in the kernel comes back as ``"<ename>: <evalue>"`` so a
    test sees it in its assertion message. Waits for the request's ``done``
    (its output may come after its reply), at most KERNEL_WAIT_MS.
    """
    return page.evaluate(
        f"""async (code) => {{
            const kernel = {_CURRENT}.sessionContext.session.kernel;
            const future = kernel.requestExecute({{ code, store_history: false }});
            let out = '';
            future.onIOPub = (msg) => {{
                const c = msg.content;
                if (msg.header.msg_type === 'stream') out += c.text;
                if (msg.header.msg_type === 'error') out += c.ename + ': ' + c.evalue;
            }};
            await ({_BOUNDED})(future.done, code.slice(0, 60));
            return out;
        }}""",
        code,
    )


def set_theme(page: Page, theme: str) -> None:
    """Switch JupyterLab's theme (``"JupyterLab Light"`` or ``"JupyterLab Dark"``)."""
    page.evaluate(
        "async (theme) => { await window.jupyterapp.commands.execute("
        "'apputils:change-theme', { theme }); }",
        theme,
    )
    page.wait_for_function(
        "(theme) => document.body.dataset.jpThemeName === theme", arg=theme, timeout=30_000
    )
    # JupyterLab covers the page with its splash while the theme loads.
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=30_000)


def kernel_says(page: Page, code: str, expected: str, timeout: float = 15.0) -> str:
    """Poll the kernel until ``code`` prints ``expected`` (front-end saves are async).

    Returns the last output, stripped, so the caller's assertion shows it.
    """
    deadline = time.monotonic() + timeout
    while True:
        out = kernel_output(page, code).strip()
        if out == expected or time.monotonic() > deadline:
            return out
        time.sleep(0.2)


def cell_by_id(page: Page, cell_id: str):
    """The notebook cell whose nbformat ``id`` is ``cell_id``, as a Locator.

    Lessons give the cells that show a board a readable id (``board``,
    ``gap-board``, …); JupyterLab keeps it as the cell model's id. The cell's
    node is tagged ``data-mcw-cell-id`` so Playwright can find it.
    """
    found = page.evaluate(
        f"""(id) => {{
            const cell = {_CURRENT}.content.widgets.find(c => c.model.id === id);
            if (!cell) return false;
            cell.node.setAttribute('data-mcw-cell-id', id);
            return true;
        }}""",
        cell_id,
    )
    if not found:
        raise LookupError(f"no cell with id {cell_id!r} in the open notebook")
    return page.locator(f"[data-mcw-cell-id='{cell_id}']")
