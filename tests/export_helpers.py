"""What the export tests expect of a page's Content-Security-Policy (docs/export.md, 3).

The policy allows each inline ``<script type="module">`` and ``<style>`` the
page holds by its sha256 (CSP's hash source: the element's text, UTF-8,
base64) and nothing else inline. Worked out here from the page with the
standard library's HTML parser and hashlib, apart from mc_widget/export/page.py.
"""

from __future__ import annotations

import base64
import hashlib
from html.parser import HTMLParser


class _Inline(HTMLParser):
    """The texts of a page's module scripts and style elements, in order."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self._into: list[str] | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        if tag == "style":
            self._into = self.styles
        elif tag == "script" and dict(attrs).get("type") == "module":
            self._into = self.scripts
        else:
            return
        self._into.append("")

    def handle_endtag(self, tag):
        if tag in {"style", "script"}:
            self._into = None

    def handle_data(self, data):
        if self._into is not None:
            self._into[-1] += data


def sha256_source(text: str) -> str:
    """``'sha256-<base64>'`` of ``text`` (UTF-8)."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def expected_policy(page: str) -> str:
    """The policy docs/export.md gives a page whose own inline elements are those of
    ``page`` (a page whose content holds no style or module script of its own)."""
    inline = _Inline(page)
    assert len(inline.scripts) == 1, "a page has one module script: the runtime"
    styles = " ".join(dict.fromkeys(sha256_source(s) for s in inline.styles))
    return (
        f"default-src 'none'; script-src {sha256_source(inline.scripts[0])} blob:;"
        f" style-src {styles}; style-src-attr 'unsafe-inline'; img-src data: blob:;"
        " font-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'"
    )
