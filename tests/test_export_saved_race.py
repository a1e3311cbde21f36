"""An exported race (docs/sessions.md, "Races"; docs/export.md): a page of a race
carries a race bar placeholder and the race runtime, a page without one does
not; a notebook's saved race bar is input from outside, checked by name.

The saved states are written by hand as a notebook saved with a race holds
them: a column (VBox) of the race bar and a row (HBox) of two boards.
"""

from __future__ import annotations

import json

import pytest
from test_export_saved import board_entry, board_state, box_entry, export, saved_notebook

from mc_widget import Game, save_page
from mc_widget.export.saved import SavedStateRefused, race_from_saved
from mc_widget.sessions.race import race_texts
from mc_widget.widget import MonteCarloWidget

RACE_BAR_ID = "mc_widget.widget.race.RaceBar"
EN = race_texts("en")
# Deal 7 (the boards of board_state): the race's start layout and rules.
LAYOUT_7 = Game(7).state.start


def bar_state(**traits) -> dict:
    """A race bar's saved state (English, deal 7), with ``traits`` replaced."""
    state = {"players": ["Ann", "Ben"], "sides": [], "start": None, "texts": EN}
    state |= {"start_layout": LAYOUT_7, "rules": Game(7).rules.to_json()}
    return {**state, "_anywidget_id": RACE_BAR_ID, **traits}


def race_models(**bar) -> dict:
    column = box_entry("bar", "row")
    column["model_name"] = "VBoxModel"
    return {
        "race": column,
        "bar": board_entry(bar_state(**bar)),
        "row": box_entry("a", "b"),
        "a": board_entry(board_state(title="Ann")),
        "b": board_entry(board_state(title="Ben")),
    }


def test_a_page_of_a_race_carries_the_bar_and_its_runtime_once(tmp_path):
    race = MonteCarloWidget.race(1, players=("Ann", "Ben"), lang="de")
    page = save_page(tmp_path / "race.html", race).read_text(encoding="utf-8")
    assert page.count("data-mcw-race>") == 1
    assert page.count("data-mcw-board>") == 2
    assert page.count("mcw:drawn") == 2  # page.js fires it, race-page.js hears it
    start = page.index("data-mcw-race>")
    data = page[page.index(">", page.index("<script", start)) + 1 : page.index("</script>", start)]
    assert json.loads(data) == {
        "players": ["Ann", "Ben"],
        "texts": race_texts("de"),
        "layout": Game(1).state.start,
        "rules": Game(1).rules.to_json(),
    }
    plain = save_page(tmp_path / "one.html", MonteCarloWidget(deal=1)).read_text(encoding="utf-8")
    assert "mcw:drawn" in plain and plain.count("mcw:drawn") == 1  # no race runtime


def test_a_saved_race_bar_keeps_only_names_and_the_projects_words():
    assert race_from_saved(bar_state(texts=race_texts("sv"))) == {
        "players": ["Ann", "Ben"],
        "texts": race_texts("sv"),
        "layout": LAYOUT_7,
        "rules": Game(7).rules.to_json(),
    }


@pytest.mark.parametrize(
    ("traits", "says"),
    [
        ({"players": ["Ann"]}, "players must be two different names"),
        ({"players": ["Ann", "Ann"]}, "players must be two different names"),
        ({"players": ["Ann", "B" * 41]}, "players must be two different names"),
        ({"players": ["Ann", 7]}, "players must be two different names"),
        ({"texts": {**EN, "race.tie": "<img src=x onerror=alert(1)>"}}, "texts must be"),
        ({"texts": None}, "texts must be"),
        ({"rules": None}, "rules must be"),
        ({"rules": {"name": "standard", "rows": 99}}, "rules must be"),
        ({"start_layout": None}, "layout must be"),
        ({"start_layout": "7H 7H <script>"}, "layout must be"),
    ],
)
def test_a_forged_race_bar_is_refused_by_name(traits, says):
    with pytest.raises(SavedStateRefused) as caught:
        race_from_saved(bar_state(**traits), "bar")
    assert str(caught.value).startswith("the saved race bar bar is refused: ")
    assert says in str(caught.value)


def test_a_notebook_saved_with_a_race_exports_the_bar_over_its_boards(tmp_path):
    src = saved_notebook(tmp_path / "race.ipynb", "race", race_models())
    done = export(src, tmp_path / "race.html")
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "race.html").read_text(encoding="utf-8")
    assert page.count("data-mcw-race>") == 1
    assert page.count("data-mcw-board>") == 2
    assert page.index("data-mcw-race>") < page.index("data-mcw-board>")
    assert page.count("mcw:drawn") == 2


def test_a_notebook_with_a_forged_race_bar_is_refused(tmp_path):
    src = saved_notebook(tmp_path / "bad.ipynb", "race", race_models(players=["Eve"]))
    done = export(src, tmp_path / "bad.html")
    assert done.returncode == 1
    assert "the saved race bar bar is refused" in done.stderr
    assert not (tmp_path / "bad.html").exists()
