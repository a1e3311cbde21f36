"""What an exported lesson keeps of a notebook's HTML (mc_widget/export/clean.py;
issue 17, item 1; docs/export.md, section 4).

Each input is a hostile or ordinary piece of a notebook written by hand; the
output is read back with the standard library's HTML parser, and what must be
gone (scripts, handlers, ``meta``, forms, ``javascript:``/``data:`` links, the
page's own ``mcw`` names) or kept (headings, tables, their alignment, ``data:``
images) is stated by hand from the issue and the docs.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from mc_widget.export.clean import clean_html
from mc_widget.export.notebook import export_notebook
from mc_widget.export.page import count_boards

ROOT = Path(__file__).resolve().parents[1]
CASE = json.loads((ROOT / "tests" / "cases" / "german-worked-example.json").read_text())


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text = ""
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text += data


@pytest.mark.parametrize(
    "hostile",
    [
        "<script>window.pwned=1</script>",
        "<SCRIPT SRC=//example.invalid/x.js></SCRIPT>",
        '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:9/x">',
        '<img src="x" onerror="window.pwned=1">',
        '<svg onload="window.pwned=1"><script>window.pwned=1</script></svg>',
        '<a href="javascript:window.pwned=1">link</a>',
        '<a href=" JaVaScRiPt:window.pwned=1">link</a>',
        '<a href="&#106;avascript:window.pwned=1">link</a>',
        '<a href="data:text/html,&lt;script&gt;window.pwned=1&lt;/script&gt;">link</a>',
        '<form action="http://127.0.0.1:9/x"><input name="a"><button>send</button></form>',
        '<iframe src="http://127.0.0.1:9/x"></iframe>',
        '<object data="http://127.0.0.1:9/x"></object><embed src="x">',
        '<base href="http://127.0.0.1:9/">',
        '<link rel="stylesheet" href="http://127.0.0.1:9/x.css">',
        "<style>body { display: none }</style>",
        '<div style="position: fixed; top: 0">over the board</div>',
        '<img name="getElementById" src="x">',
        '<div id="mcw-widget-esm" class="mcw mcw-page-board">a fake bundle</div>',
        '<a href="https://example.org" target="_blank" ping="http://127.0.0.1:9/p">x</a>',
        '<details open ontoggle="window.pwned=1"><summary>s</summary></details>',
    ],
)
def test_nothing_that_runs_loads_or_submits_is_kept(hostile):
    kept = Elements(clean_html(hostile))
    assert "pwned" not in clean_html(hostile)
    for tag, attrs in kept.tags:
        assert tag not in {
            "script", "meta", "form", "input", "button", "iframe", "object", "embed",
            "base", "link", "style", "svg",
        }  # fmt: skip
        assert not [name for name in attrs if name.startswith("on")]
        assert not {"name", "target", "ping"} & set(attrs)
        for name in ("href", "src"):
            url = (attrs.get(name) or "").strip().lower()
            assert not url.startswith(("javascript:", "data:")), url
        assert "position" not in (attrs.get("style") or "")
        assert not (attrs.get("id") or "").startswith("mcw")
        assert not [c for c in (attrs.get("class") or "").split() if c.startswith("mcw")]


def test_text_structure_tables_and_images_are_kept():
    given = (
        '<h2 id="Rounds">Rounds<a class="anchor-link" href="#Rounds">¶</a></h2>'
        '<p>A <b>pair</b>, <code>7H</code>, a <a href="02-neighbours.ipynb">lesson</a>.</p>'
        '<table class="dataframe"><thead><tr style="text-align: right;"><th></th>'
        "<th>wins</th></tr></thead><tbody><tr><th>0</th>"
        '<td style="text-align: right; color: red">12</td></tr></tbody></table>'
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="a chart" width="40">'
    )
    kept = Elements(clean_html(given))
    tags = [tag for tag, _ in kept.tags]
    assert tags == (
        [
            "h2",
            "a",
            "p",
            "b",
            "code",
            "a",
            "table",
            "thead",
            "tr",
            "th",
            "th",
            "tbody",
            "tr",
            "th",
            "td",
            "img",
        ]
    )
    assert kept.tags[0] == ("h2", {"id": "Rounds"})
    assert kept.tags[1][1]["href"] == "#Rounds"
    assert kept.tags[5][1]["href"] == "02-neighbours.ipynb"
    assert kept.tags[8][1] == {"style": "text-align:right"}
    assert kept.tags[14][1] == {"style": "text-align:right;color:red"}
    assert kept.tags[15][1] == {
        "src": "data:image/png;base64,iVBORw0KGgo=",
        "alt": "a chart",
        "width": "40",
    }
    assert kept.text == "Rounds¶A pair, 7H, a lesson.wins012"


@pytest.mark.parametrize("opened", ["<script>window.pwned=1", "<style>main{display:none}", "<!--"])
def test_a_tag_left_open_in_a_cell_does_not_swallow_the_rest(tmp_path, opened):
    cells = [
        new_markdown_cell(f"# Open\n\n{opened}\n"),
        new_code_cell(
            "from mc_widget.widget import MonteCarloWidget\n"
            f"MonteCarloWidget.from_layout({CASE['layout']!r})"
        ),
        new_markdown_cell("The text after the board."),
    ]
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    src = tmp_path / "open.ipynb"
    nbformat.write(nb, src)
    page = export_notebook(src, tmp_path / "open.html").read_text(encoding="utf-8")
    assert count_boards(page) == 1
    assert "The text after the board." in Elements(page).text
    assert "pwned" not in page


def test_a_javascript_output_is_dropped_whole(tmp_path):
    # The code goes, and its text/plain repr ("<IPython.core.display.Javascript
    # object>") with it: it only names the code. An HTML output stays.
    nb = new_notebook(
        cells=[
            new_code_cell(
                "from IPython.display import HTML, Javascript, display\n"
                "display(Javascript('window.pwned = 1'))\n"
                "display(HTML('<b>kept</b>'))"
            )
        ]
    )
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    src = tmp_path / "js.ipynb"
    nbformat.write(nb, src)
    page = export_notebook(src, tmp_path / "js.html").read_text(encoding="utf-8")
    text = Elements(page).text
    assert "kept" in text
    assert "Javascript object" not in text
    assert page.count("pwned") == 1  # in the code cell's source, shown as text
    assert "jp-RenderedJavaScript jp-OutputArea-output" not in page
