"""The MyST directive of a board (mc_widget/export/myst.py, docs/export.md
section 5): the bundle and CSS written as files, the ``{anywidget}`` block
with paths relative to the page and the board model as its JSON body."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mc_widget.export import myst_directive
from mc_widget.widget import MonteCarloWidget

STATIC = Path(__file__).resolve().parent.parent / "mc_widget" / "static"

TINY_RULES = {
    "name": "tiny",
    "rows": 2,
    "cols": 2,
    "decks": 1,
    "pair": "same-rank",
    "touching": "eight",
}


def tiny() -> MonteCarloWidget:
    """A 2 by 2 board: aces on top, kings under them, one queen in the stock."""
    return MonteCarloWidget(layout="AH AS/KH KS | QH", rules=TINY_RULES, title="Two pairs")


# Written by hand: the state as docs/architecture.md ("State") gives it for a
# loaded layout that has not been played (no deal number, nothing removed,
# round 1, an empty history), then the other traits at their defaults
# (docs/architecture.md "The widget (sync)", docs/teaching.md section 2).
EXPECTED = """\
```{anywidget} ./mc_widget.js
:css: ./mc_widget.css
{
  "state": {"rules": {"name": "tiny", "rows": 2, "cols": 2, "decks": 1, "pair": "same-rank", \
"touching": "eight"}, "deal": null, "start": "AH AS/KH KS | QH", \
"tableau": ["AH", "AS", "KH", "KS"], "stock": ["QH"], "discards": [], "phase": "remove", \
"round": 1, "consolidations": 0, "history": [], "cursor": 0, "previous_game": null, \
"next_game": null},
  "selected": null,
  "_pointer": {"n": 0, "cell": null},
  "feedback": {},
  "clock": {"start": null, "stop": null},
  "size": "normal",
  "title": "Two pairs",
  "caption": "",
  "match_line": "",
  "panels": [],
  "predict": false,
  "predictions": [0, 0],
  "show_order": false,
  "hints": "fair",
  "show_winnable": false,
  "winnable": null,
  "lang": null,
  "_messages": {}
}
```
"""


# An English board carries its words too (issue 19): en.json less python-only.json, read here.
_MESSAGES = Path(__file__).parent.parent / "mc_widget" / "messages"
_PYTHON_ONLY = json.loads((_MESSAGES / "python-only.json").read_text(encoding="utf-8"))
_ENGLISH = {
    key: text
    for key, text in json.loads((_MESSAGES / "en.json").read_text(encoding="utf-8")).items()
    if not any(key.startswith(p) if p.endswith((".", "-")) else key == p for p in _PYTHON_ONLY)
}
EXPECTED = EXPECTED.replace(
    '"_messages": {}',
    '"_messages": ' + json.dumps({"lang": "en", "messages": _ENGLISH}, ensure_ascii=False),
)


def test_directive_text_for_a_small_board(tmp_path):
    assert myst_directive(tiny(), tmp_path) == EXPECTED


def test_writes_the_bundle_and_css_byte_for_byte(tmp_path):
    myst_directive(tiny(), tmp_path / "static")
    assert sorted(p.name for p in (tmp_path / "static").iterdir()) == [
        "mc_widget.css",
        "mc_widget.js",
    ]
    js = (tmp_path / "static" / "mc_widget.js").read_bytes()
    css = (tmp_path / "static" / "mc_widget.css").read_bytes()
    assert js == (STATIC / "widget.js").read_bytes()
    assert css == (STATIC / "widget.css").read_bytes()


def test_overwrites_older_copies_and_uses_the_name(tmp_path):
    (tmp_path / "board.js").write_text("old")
    (tmp_path / "board.css").write_text("old")
    text = myst_directive(tiny(), tmp_path, name="board")
    assert text.startswith("```{anywidget} ./board.js\n:css: ./board.css\n{\n")
    assert (tmp_path / "board.js").read_bytes() == (STATIC / "widget.js").read_bytes()
    assert (tmp_path / "board.css").read_bytes() == (STATIC / "widget.css").read_bytes()


def test_paths_relative_to_the_page(tmp_path):
    book = tmp_path / "book"
    # The contract's example: files in book/static, the page in book.
    text = myst_directive(tiny(), book / "static", relative_to=book)
    assert text.splitlines()[:2] == [
        "```{anywidget} ./static/mc_widget.js",
        ":css: ./static/mc_widget.css",
    ]
    # A page in a sibling folder reaches the files with ../
    text = myst_directive(tiny(), book / "static", relative_to=book / "lessons")
    assert text.splitlines()[:2] == [
        "```{anywidget} ../static/mc_widget.js",
        ":css: ../static/mc_widget.css",
    ]
    assert (book / "static" / "mc_widget.js").is_file()


def test_relative_paths_given_as_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = myst_directive(tiny(), "book/static", relative_to="book")
    assert text.splitlines()[0] == "```{anywidget} ./static/mc_widget.js"
    assert (tmp_path / "book" / "static" / "mc_widget.css").is_file()


def test_body_is_the_board_as_it_is_now(tmp_path):
    w = tiny()
    w.remove_pair(0, 1)  # the two aces, side by side
    body = myst_directive(w, tmp_path).split("\n", 2)[2].rsplit("```", 1)[0]
    model = json.loads(body)
    assert model["state"]["tableau"] == [None, None, "KH", "KS"]
    assert model["state"]["discards"] == [["AH", "AS"]]


def test_not_a_board_is_a_type_error_and_writes_nothing(tmp_path):
    with pytest.raises(TypeError, match=r"myst_directive: w must be a MonteCarloWidget, not dict"):
        myst_directive({"state": {}}, tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["", "a/b", "a\\b", "..", ".", "my board", "a\nb", "b\u00e4r"])
def test_bad_name_is_a_value_error_and_writes_nothing(tmp_path, name):
    with pytest.raises(ValueError, match=r"myst_directive: name must be a file name"):
        myst_directive(tiny(), tmp_path / "out", name=name)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": 3}, "name must be a str, not int"),
        ({"name": None}, "name must be a str, not NoneType"),
        ({"relative_to": 5}, "relative_to must be a path or None, not int"),
    ],
)
def test_a_bad_argument_type_is_a_type_error_and_writes_nothing(tmp_path, kwargs, message):
    with pytest.raises(TypeError, match=rf"^myst_directive: {message}$"):
        myst_directive(tiny(), tmp_path / "out", **kwargs)
    assert not (tmp_path / "out").exists()
    with pytest.raises(TypeError, match=r"^myst_directive: folder must be a path, not int$"):
        myst_directive(tiny(), 7)


def test_a_name_with_dots_dashes_and_underscores_is_fine(tmp_path):
    text = myst_directive(tiny(), tmp_path, name="mc_widget-1.2")
    assert text.splitlines()[:2] == [
        "```{anywidget} ./mc_widget-1.2.js",
        ":css: ./mc_widget-1.2.css",
    ]
