"""Pages of live boards (mc_widget/export/page.py, docs/export.md sections 2
and 3): what ``save_page`` and ``w.to_html`` write, read back with the
standard library's HTML parser (never a regex): the runtime once, one
placeholder per board holding its model, Markdown rendered with raw HTML as
text, nothing pointing outside the file, and bad parts refused before
anything is written."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import ipywidgets
import pytest
from export_helpers import expected_policy

import mc_widget
from mc_widget import Game, save_page
from mc_widget.export import board_html, document_html, group_html, page
from mc_widget.widget import MonteCarloWidget

STATIC = Path(mc_widget.__file__).parent / "static"
ATTACK = "<img src=x onerror=alert(1)>"


class Page(HTMLParser):
    """Every element of a page, with its attributes, text and the element it is in."""

    VOID = frozenset({"meta", "img", "br", "hr", "input", "link", "source", "area", "base", "wbr"})

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[dict] = []
        self.open: list[dict] = []
        self.doctype = None
        self.feed(text)
        self.close()

    def handle_decl(self, decl):
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "text": "", "parent": self.open[-1:]}
        self.elements.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.elements.append({"tag": tag, "attrs": dict(attrs), "text": "", "parent": []})

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()["tag"] == tag:
                break

    def handle_data(self, data):
        for element in self.open:
            element["text"] += data

    def find(self, tag, **attrs):
        return [
            e
            for e in self.elements
            if e["tag"] == tag and all(e["attrs"].get(k) == v for k, v in attrs.items())
        ]

    def boards(self):
        """The model of each board placeholder, in page order."""
        found = []
        for e in self.elements:
            if e["tag"] == "script" and e["attrs"].get("type") == "application/json":
                parent = e["parent"][0] if e["parent"] else None
                assert parent is not None and "data-mcw-board" in parent["attrs"], e
                found.append(json.loads(e["text"]))
        return found


def _three_boards():
    first = MonteCarloWidget(deal=1, title="First")
    second = MonteCarloWidget(deal=2)
    second.remove_pair(*Game(deal=2).legal_pairs()[0])
    third = MonteCarloWidget.from_layout(
        "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | TS 5C"
    )
    return first, second, third


def _read(path: Path) -> Page:
    return Page(path.read_text(encoding="utf-8"))


def test_three_boards_and_text_carry_the_runtime_once(tmp_path):
    first, second, third = _three_boards()
    path = save_page(tmp_path / "page.html", "# Three boards", first, second, "Between", third)
    assert path == tmp_path / "page.html"
    text = path.read_text(encoding="utf-8")
    bundle = (STATIC / "widget.js").read_text(encoding="utf-8")
    css = (STATIC / "widget.css").read_text(encoding="utf-8")
    runtime = (STATIC / "page.js").read_text(encoding="utf-8")
    assert text.count(bundle) == 1
    assert text.count(css) == 1
    assert text.count(runtime) == 1
    doc = Page(text)
    esm = doc.find("script", id="mcw-widget-esm")
    assert len(esm) == 1 and esm[0]["attrs"]["type"] == "text/plain"
    assert esm[0]["text"] == bundle
    modules = doc.find("script", type="module")
    assert len(modules) == 1 and modules[0]["text"] == runtime
    # One placeholder per board, holding that board's model, in order.
    assert len([e for e in doc.elements if "data-mcw-board" in e["attrs"]]) == 3
    models = doc.boards()
    assert [m["state"]["deal"] for m in models] == [1, 2, None]
    # The trait list of docs/export.md section 1, written out by hand.
    traits = {"state", "selected", "_pointer", "feedback", "clock", "size", "title", "caption"}
    traits |= {"panels", "predict", "predictions", "show_order", "hints", "show_winnable"}
    traits |= {"winnable", "lang", "_messages", "match_line"}
    assert [set(m) for m in models] == [traits] * 3
    assert [m["title"] for m in models] == ["First", "", ""]
    assert len(models[1]["state"]["discards"]) == 1
    # The third board's cards in reading order, as its layout string gives them.
    rows = "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH"
    assert models[2]["state"]["tableau"] == rows.replace("/", " ").split(" ")
    assert models[2]["state"]["stock"] == ["TS", "5C"]
    assert [h["text"] for h in doc.find("h1")] == ["Three boards"]


def test_a_page_has_its_language_charset_viewport_and_title(tmp_path):
    doc = _read(save_page(tmp_path / "p.html", MonteCarloWidget(deal=3), title="Lesson & more"))
    assert doc.doctype.lower() == "doctype html"
    assert doc.find("html")[0]["attrs"]["lang"] == "en"
    assert doc.find("meta", charset="utf-8")
    viewport = doc.find("meta", name="viewport")
    assert viewport and "width=device-width" in viewport[0]["attrs"]["content"]
    assert [t["text"] for t in doc.find("title")] == ["Lesson & more"]


def test_the_head_starts_with_the_charset_then_the_content_security_policy(tmp_path):
    for path in (
        MonteCarloWidget(deal=3).to_html(tmp_path / "one.html"),
        save_page(tmp_path / "two.html", "# Text", MonteCarloWidget(deal=4)),
    ):
        doc = _read(path)
        (head,) = doc.find("head")
        at = doc.elements.index(head)
        charset, csp = doc.elements[at + 1 : at + 3]
        assert (charset["tag"], charset["attrs"]) == ("meta", {"charset": "utf-8"})
        assert csp["tag"] == "meta"
        policy = expected_policy(path.read_text(encoding="utf-8"))
        assert csp["attrs"] == {"http-equiv": "Content-Security-Policy", "content": policy}
        assert len(doc.find("meta", **{"http-equiv": "Content-Security-Policy"})) == 1
        assert len([e for e in doc.elements if "charset" in e["attrs"]]) == 1


def test_no_inline_script_runs_but_the_runtime(tmp_path):
    # Issue 17, item 1: hashes, never 'unsafe-inline', for scripts; the page's
    # three style elements (page.css, widget.css, boards.css) by their hashes.
    path = save_page(tmp_path / "p.html", "# Text", MonteCarloWidget(deal=4))
    (meta,) = _read(path).find("meta", **{"http-equiv": "Content-Security-Policy"})
    directives = dict(d.strip().split(" ", 1) for d in meta["attrs"]["content"].split(";"))
    assert "unsafe" not in directives["script-src"]
    assert re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}=' blob:", directives["script-src"])
    assert re.fullmatch(r"('sha256-[A-Za-z0-9+/]{43}=' ?){3}", directives["style-src"])


def test_nothing_points_outside_the_file(tmp_path):
    first, second, third = _three_boards()
    boxes = ipywidgets.HBox([first, second])
    text = "# A lesson\n\nSome *text* and `code`.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    doc = _read(save_page(tmp_path / "p.html", text, boxes, third))
    for e in doc.elements:
        for name in ("src", "href", "srcset", "poster", "data", "action"):
            assert name not in e["attrs"], e
        assert e["tag"] not in {"link", "img", "iframe", "object", "embed", "base"}, e
        style = e["attrs"].get("style", "")
        assert "url(" not in style
    for style in doc.find("style"):
        for url in re.findall(r"url\(([^)]*)\)", style["text"]):
            assert url.strip("'\" ").startswith("data:"), url
        assert "@import" not in style["text"]


def test_markdown_is_rendered_and_its_raw_html_is_text(tmp_path):
    text = (
        f"# Weddings\n\nPairs *touch*; see **RULES.md**.\n\n{ATTACK}\n\n"
        "<script>alert(2)</script>\n\n- one\n- two\n\n![a card](card.png)\n"
    )
    doc = _read(save_page(tmp_path / "p.html", text))
    assert [h["text"] for h in doc.find("h1")] == ["Weddings"]
    assert [e["text"] for e in doc.find("em")] == ["touch"]
    assert [e["text"] for e in doc.find("strong")] == ["RULES.md"]
    assert [e["text"] for e in doc.find("li")] == ["one", "two"]
    # The raw HTML is text on the page: no img element, no script but the runtime's.
    assert doc.find("img") == []
    assert [s["attrs"].get("type") for s in doc.find("script")] == ["text/plain", "module"]
    paragraphs = [p["text"] for p in doc.find("p")]
    assert ATTACK in paragraphs
    assert "<script>alert(2)</script>" in paragraphs
    # The image is a link "a card" to card.png, with no "!" before it.
    assert [(a["attrs"], a["text"]) for a in doc.find("a")] == [({"href": "card.png"}, "a card")]
    assert "!" not in paragraphs[-1] and paragraphs[-1] == "a card"


def test_an_image_is_a_link_with_its_alt_text_and_never_loads(tmp_path):
    text = (
        'See ![the "rules"](https://example.invalid/r.png "Rules") here.\n\n'
        "![](https://example.invalid/empty.png)\n\n"
        "[![inner](https://example.invalid/i.png)](https://example.invalid/page)\n\n"
        "![bad](javascript:alert(1))\n"
    )
    doc = _read(save_page(tmp_path / "p.html", text))
    assert doc.find("img") == []
    links = [(a["attrs"], a["text"]) for a in doc.find("a")]
    assert links == [
        ({"href": "https://example.invalid/r.png", "title": "Rules"}, 'the "rules"'),
        ({"href": "https://example.invalid/empty.png"}, "https://example.invalid/empty.png"),
        ({"href": "https://example.invalid/page"}, "inner"),
    ]
    paragraphs = [p["text"] for p in doc.find("p")]
    assert paragraphs[0] == 'See the "rules" here.'
    # A javascript: URL is no link: markdown-it leaves it as the text it was.
    assert paragraphs[-1] == "![bad](javascript:alert(1))"


def test_a_board_title_is_text_and_its_json_cannot_end_the_script(tmp_path):
    nasty = f'{ATTACK}</script><script>alert(3)</script> & "quotes"'
    w = MonteCarloWidget(deal=5, title=nasty, caption="a < b > c & d")
    path = w.to_html(tmp_path / "board.html")
    text = path.read_text(encoding="utf-8")
    doc = Page(text)
    assert doc.find("img") == []
    assert [s["attrs"].get("type") for s in doc.find("script")] == [
        "application/json",
        "text/plain",
        "module",
    ]
    (json_text,) = [s["text"] for s in doc.find("script", type="application/json")]
    # The model's <, > and & are written \u003c, \u003e, \u0026.
    assert not set("<>&") & set(json_text)
    assert "\\u003cimg src=x onerror=alert(1)\\u003e" in json_text
    model = json.loads(json_text)
    assert model["title"] == nasty
    assert model["caption"] == "a < b > c & d"
    # The page's <title> is the board's, as text.
    assert [t["text"] for t in doc.find("title")] == [nasty]


def test_a_closing_script_tag_in_the_bundle_is_written_escaped(tmp_path, monkeypatch):
    static = tmp_path / "static"
    static.mkdir()
    (static / "widget.js").write_text('const a="</script>",b=`</SCRIPT `;export default{}')
    (static / "widget.css").write_text(".mcw{color:red}")
    (static / "page.js").write_text('const c="</Script>";')
    monkeypatch.setattr(page, "_STATIC", static)
    doc = Page(document_html(board_html({"title": "x"}), title="t"))
    (esm,) = doc.find("script", id="mcw-widget-esm")
    assert esm["text"] == 'const a="<\\/script>",b=`<\\/SCRIPT `;export default{}'
    (module,) = doc.find("script", type="module")
    assert module["text"] == 'const c="<\\/Script>";'
    assert len(doc.find("script")) == 3


def test_titles(tmp_path):
    titled = MonteCarloWidget(deal=1, title="Deal one")
    plain = MonteCarloWidget(deal=2)

    def title(path):
        return [t["text"] for t in _read(path).find("title")]

    assert title(titled.to_html(tmp_path / "a.html")) == ["Deal one"]
    assert title(titled.to_html(tmp_path / "b.html", title="Mine")) == ["Mine"]
    assert title(plain.to_html(tmp_path / "c.html")) == ["Monte Carlo"]
    assert title(save_page(tmp_path / "d.html", "text", plain, titled)) == ["Deal one"]
    assert title(save_page(tmp_path / "e.html", "text")) == ["Monte Carlo"]


def test_boxes_are_rows_columns_and_grids_of_boards(tmp_path):
    a, b, c = _three_boards()
    d = MonteCarloWidget(deal=9)
    parts = (
        ipywidgets.HBox([a, b]),
        ipywidgets.VBox([c, ipywidgets.HBox([d])]),
        ipywidgets.GridBox([MonteCarloWidget(deal=4)]),
    )
    doc = _read(save_page(tmp_path / "p.html", *parts))
    groups = [e for e in doc.elements if e["attrs"].get("class") == "mcw-page-group"]
    assert [g["attrs"]["data-kind"] for g in groups] == ["row", "column", "row", "grid"]
    assert [m["state"]["deal"] for m in doc.boards()] == [1, 2, None, 9, 4]


def test_group_html_refuses_an_unknown_kind():
    with pytest.raises(ValueError, match="row, column, grid, not 'table'"):
        group_html("table", [])
    with pytest.raises(TypeError, match="items must be a list of str"):
        group_html("row", [1])
    with pytest.raises(TypeError, match="model must be a dict, not list"):
        board_html([])


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        ((5,), r"parts\[0\] must be .*, not int"),
        (("text", None), r"parts\[1\] must be .*, not NoneType"),
        ((Game(deal=1),), r"parts\[0\] must be .*, not Game"),
        ((ipywidgets.Box([]),), r"parts\[0\] must be .*, not Box"),
        ((ipywidgets.Button(),), r"parts\[0\] must be .*, not Button"),
    ],
)
def test_a_bad_part_is_a_type_error_naming_it_and_nothing_is_written(tmp_path, parts, message):
    path = tmp_path / "p.html"
    with pytest.raises(TypeError, match=message):
        save_page(path, *parts)
    assert not path.exists()


def test_a_bad_child_of_a_box_is_named_and_an_old_page_stays(tmp_path):
    path = tmp_path / "p.html"
    path.write_text("the old page")
    box = ipywidgets.HBox([MonteCarloWidget(deal=1), ipywidgets.Button()])
    with pytest.raises(TypeError, match=r"parts\[1\]\.children\[1\] must be .*, not Button"):
        save_page(path, "text", box)
    assert path.read_text() == "the old page"
    with pytest.raises(TypeError, match=r"^save_page: title must be a str or None, not int"):
        save_page(path, "text", title=3)
    with pytest.raises(TypeError, match=r"^to_html: title must be a str or None, not bytes"):
        MonteCarloWidget(deal=1).to_html(path, title=b"x")
    with pytest.raises(TypeError, match=r"^to_html: title must be a str or None, not int"):
        MonteCarloWidget(deal=1).to_html(path, title=5)
    assert path.read_text() == "the old page"


def test_a_page_with_no_part_is_refused_and_nothing_is_written(tmp_path):
    path = tmp_path / "empty.html"
    with pytest.raises(TypeError, match=r"^save_page needs at least one part"):
        save_page(path)
    with pytest.raises(TypeError, match=r"^save_page needs at least one part"):
        save_page(path, title="Only a title")
    assert not path.exists()


def test_count_boards_counts_the_placeholders(tmp_path):
    box = ipywidgets.VBox([MonteCarloWidget(deal=1), MonteCarloWidget(deal=2)])
    text = save_page(tmp_path / "p.html", "data-mcw-board", box, MonteCarloWidget(deal=3))
    assert page.count_boards(text.read_text(encoding="utf-8")) == 3
    assert page.count_boards(save_page(tmp_path / "q.html", "text").read_text()) == 0


def test_a_missing_folder_is_an_os_error_and_nothing_is_written(tmp_path):
    path = tmp_path / "no-such-folder" / "p.html"
    with pytest.raises(FileNotFoundError):
        MonteCarloWidget(deal=1).to_html(path)
    assert not (tmp_path / "no-such-folder").exists()


def test_save_page_is_exported_lazily():
    assert "save_page" in mc_widget.__all__
    assert mc_widget.save_page is page.save_page
