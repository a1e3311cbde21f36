"""Small helpers that drive JupyterLab through ``window.jupyterapp``.

The server runs with ``--LabApp.expose_app_in_browser=True`` so the tests can
call JupyterLab commands (run all cells, change theme) instead of clicking
through menus, and talk to the notebook's kernel to read Python's side.
"""

from __future__ import annotations

from playwright.sync_api import Page

TOKEN = "mc-widget-tests"

_CURRENT = "window.jupyterapp.shell.currentWidget"


def open_notebook(page: Page, base_url: str, name: str) -> None:
    """Open ``notebooks/<name>`` and wait until its kernel is ready."""
    page.goto(f"{base_url}/lab/tree/{name}?token={TOKEN}")
    page.wait_for_function(
        f"() => window.jupyterapp && {_CURRENT} && {_CURRENT}.sessionContext", timeout=60_000
    )
    page.evaluate(f"async () => {{ await {_CURRENT}.sessionContext.ready; }}")


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


def kernel_output(page: Page, code: str) -> str:
    """Run ``code`` in the notebook's kernel; return what it printed.

    An exception in the kernel comes back as ``"<ename>: <evalue>"`` so a
    test sees it in its assertion message.
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
            await future.done;
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
