"""What the tests of other hosts (Voilà, marimo, exported pages) share: a
server process on a free port, outside requests aborted and recorded, how
dark the board paints itself, and a lesson of given cells exported.

The board must follow the host's own light or dark theme (issue 6 item 5,
docs/hosts.md), so the tests read the computed background of ``.mcw`` (the
root paints its own background, js/styles/root.css) and turn it into a relative
luminance (WCAG 2: 0 is black, 1 white) rather than comparing colours, which
differ between hosts.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
from lab_helpers import _free_port, _wait_for, stop_server

# A dark board paints at most this luminance, a light one at least LIGHT:
# the dark fallback #1e1f21 is 0.014, JupyterLab's dark #111111 0.006; white 1.
DARK = 0.1
LIGHT = 0.7

# The relative luminance of the board root's computed background colour (an
# rgb()/rgba() string; `color(srgb r g b)` too, which some hosts' variables give).
LUMINANCE_JS = """(el) => {
  const root = el.closest('.mcw') || el;
  const bg = getComputedStyle(root).backgroundColor;
  let rgb = bg.match(/^rgba?\\(([\\d.]+),\\s*([\\d.]+),\\s*([\\d.]+)/);
  rgb = rgb ? rgb.slice(1, 4).map((x) => Number(x) / 255)
    : bg.match(/^color\\(srgb ([\\d.]+) ([\\d.]+) ([\\d.]+)/)?.slice(1, 4).map(Number);
  if (!rgb) return bg;
  const lin = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}"""


def board_luminance(locator) -> float:
    """The relative luminance of the background of the board at ``locator``."""
    value = locator.evaluate(LUMINANCE_JS)
    assert isinstance(value, float | int), f"unreadable board background: {value!r}"
    return float(value)


@contextlib.contextmanager
def serving(command: list[str], ready: str, folder: Path, env: dict | None = None) -> Iterator[str]:
    """Run ``command`` (with ``{port}`` filled in) in ``folder``; yield its base URL.

    Waits until ``ready`` (a path such as ``"/"``) answers 200; the log goes to
    ``folder/server.log``. The process is stopped on exit.
    """
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with (folder / "server.log").open("w") as log:
        process = subprocess.Popen(
            [part.format(port=port) for part in command],
            cwd=folder,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, **(env or {})},
        )
        try:
            _wait_for(base + ready, timeout=90)
            yield base
        finally:
            stop_server(process)


def abort_outside(context, base: str) -> list[str]:
    """Abort every request of ``context`` that leaves ``base`` (data: and blob:
    URLs stay); return the list the aborted URLs are appended to."""
    own = urlsplit(base).netloc
    outside: list[str] = []

    def route(route):
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlsplit(url).netloc == own:
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", route)
    return outside


def exported_lesson(folder: Path, name: str, cells: list) -> Path:
    """Write ``cells`` (nbformat cells) as ``folder/<name>.ipynb``, run and export
    it with ``python -m mc_widget.export``'s function; the page's path."""
    from mc_widget.export.notebook import export_notebook

    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    src = folder / f"{name}.ipynb"
    nbformat.write(nb, src)
    return export_notebook(src, folder / f"{name}.html")
