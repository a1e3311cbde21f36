"""Nothing a view sends can change what the widget is (issue 17, items 2 and 9).

A tester's forged ``update`` message (ipywidgets' ``set_state`` path) that
set ``_esm`` was accepted and echoed to every view: both tabs ran the
injected module. Only the traits a view may change are taken from a view,
on both paths (an update, a commit), and the refusal names the trait.
"""

from __future__ import annotations

import pytest

from mc_widget import MonteCarloWidget

EVIL = "export default { render() { globalThis.pwned = true; } }"


@pytest.fixture
def w():
    return MonteCarloWidget(deal=7)


@pytest.fixture
def sent(w, monkeypatch):
    """The update messages ``w`` sends: one set of trait names each, and the echoes."""
    calls = {"update": [], "echo": []}

    def send_state(key=None):
        calls["update"].append({key} if isinstance(key, str) else set(key or ()))

    def _send(msg, buffers=None):
        if msg.get("method") == "echo_update":
            calls["echo"].append(set(msg["state"]))

    monkeypatch.setattr(w, "send_state", send_state)
    monkeypatch.setattr(w, "_send", _send)
    return calls


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("_esm", EVIL),
        ("_css", ".mcw { display: none }"),
        ("_model_module", "evil"),
        ("_model_name", "EvilModel"),
        ("_view_module", "evil"),
        ("_anywidget_id", "evil.Widget"),
        ("_dom_classes", ["evil"]),
        ("tooltip", "click me"),
        ("tabbable", False),
        ("layout", "IPY_MODEL_0123"),
        ("keys", ["state"]),
        ("comm", None),
        ("no_such_trait", 1),
    ],
)
def test_an_update_setting_what_a_view_may_not_set_is_refused_naming_it(w, sent, name, value):
    before = getattr(w, name, None)
    w.set_state({name: value})
    assert getattr(w, name, None) == before
    assert sent["echo"] == []  # not echoed to the other views
    assert w.feedback["key"] == "error.state"
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == name
    if name in w.keys:  # the sender gets Python's value back
        assert {name} in sent["update"]


def test_an_update_with_a_good_trait_and_esm_takes_only_the_good_one(w, sent):
    w.set_state({"show_order": True, "_esm": EVIL})
    assert w.show_order is True
    assert "globalThis.pwned" not in str(w._esm)
    assert sent["echo"] == [{"show_order"}]
    assert w.feedback["params"]["path"] == "_esm"


def test_a_long_trait_name_is_quoted_short(w, sent):
    name = "x" * 5_000_000
    w.set_state({name: 1})
    assert w.feedback["params"]["path"] == "x" * 40 + "…"


def test_a_commit_may_not_set_esm_either(w):
    refusals = []
    w.send = lambda content, buffers=None: refusals.append(content)
    content = {
        "type": "commit",
        "client": "viewAAAA1",
        "seq": 1,
        "base": 0,
        "action": None,
        "traits": {"_esm": EVIL},
    }
    w._handle_custom_msg(content, [])
    assert "globalThis.pwned" not in str(w._esm)
    assert refusals[0]["type"] == "refused"
    assert refusals[0]["feedback"]["params"]["path"] == "commit.traits._esm"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("selected", 0),
        ("show_order", True),
        ("predictions", [1, 2]),
        ("clock", {"start": 5.0, "stop": None}),
    ],
)
def test_a_view_still_sets_what_the_board_commits(w, name, value):
    w.set_state({name: value})
    assert getattr(w, name) == (tuple(value) if name == "predictions" else value)
    assert w.feedback == {}


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("title", "pwned"),
        ("caption", "pwned"),
        ("size", "projector"),
        ("hints", "perfect"),
        ("show_winnable", True),
        ("lang", "de"),
        ("predict", True),
    ],
)
def test_a_view_may_not_change_a_boards_settings(w, sent, name, value):
    # A learner's tab must not retitle the teacher's board or turn on perfect hints.
    before = getattr(w, name)
    w.set_state({name: value})
    assert getattr(w, name) == before
    assert w.feedback["params"]["path"] == name
    assert sent["echo"] == []


BIG = "XQ" * 2_500_000  # 5,000,000 characters


@pytest.mark.parametrize(
    "content",
    [
        {
            "type": "commit",
            "client": "viewAAAA1",
            "seq": 1,
            "base": 0,
            "action": {"type": "load", "layout": BIG},
            "traits": {},
        },
        {
            "type": "commit",
            "client": "viewAAAA1",
            "seq": 1,
            "base": 0,
            "action": {
                "type": "load",
                "layout": f"{BIG} 2H/.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ..",
            },
            "traits": {},
        },
        {"type": "commit", "client": "viewAAAA1", "seq": BIG, "base": 0, "action": None},
        {"type": "commit", "client": BIG, "seq": 1, "base": 0, "action": None},
        {"type": "commit", "client": "viewAAAA1", "seq": 1, "base": BIG, "action": None},
        {
            "type": "commit",
            "client": "viewAAAA1",
            "seq": 1,
            "base": 0,
            "action": {"type": "walk_to", "k": BIG},
        },
        {
            "type": "commit",
            "client": "viewAAAA1",
            "seq": 1,
            "base": 0,
            "action": {"type": "new_deal", "deal": BIG},
        },
        {"type": "lang", "lang": BIG},
        {"type": BIG},
        {"type": "commit", "client": "viewAAAA1", "seq": 1, "base": 0, BIG: 1},
        {
            "type": "commit",
            "client": "viewAAAA1",
            "seq": 1,
            "base": 0,
            "action": {"type": "walk_to", "k": 1, BIG: 1},
        },
        {
            "type": "commit",
            "client": "viewAAAA1",
            "seq": 1,
            "base": 0,
            "action": None,
            "traits": {BIG: 1},
        },
        {
            "type": "commit",
            "client": "viewAAAA1",
            "seq": 1,
            "base": 0,
            "action": None,
            "traits": {"clock": {BIG: 1}},
        },
        {
            "type": "commit",
            "client": "viewAAAA1",
            "seq": 1,
            "base": 0,
            "action": None,
            "traits": {"feedback": {BIG: 1}},
        },
    ],
    ids=[
        "load",
        "load-cell",
        "seq",
        "client",
        "base",
        "walk_to",
        "new_deal",
        "lang",
        "type",
        "commit-key",
        "walk_to-key",
        "trait-name",
        "clock-key",
        "feedback-key",
    ],
)
def test_a_5_mb_bad_input_comes_back_as_a_short_excerpt(w, content):
    import json

    said = []
    w.send = lambda message, buffers=None: said.append(message)
    w._handle_custom_msg(content, [])
    told = said[0]["feedback"] if said else w.feedback
    assert told["tone"] in ("error", "illegal")
    assert len(json.dumps(told)) < 1_000  # not the 10 MB refusal of before
    assert w.game.deal == 7 and w.game.cursor == 0  # nothing changed


def test_a_5_mb_bad_value_of_a_trait_comes_back_short(w):
    import json

    for name in ("lang", "_seen", "selected", "size", "predictions", "clock", "feedback"):
        w.set_state({name: BIG})
        assert len(json.dumps(w.feedback)) < 1_000, name
    # A 5 MB key inside an object the view sends (review of issue 17).
    for name in ("clock", "feedback"):
        w.set_state({name: {BIG: 1}})
        assert len(json.dumps(w.feedback)) < 1_000, name


def test_a_state_set_from_an_observer_is_verified_too(w):
    # An observer runs while the widget applies a change; a state it sets is
    # not the widget's own and is verified (it was trusted before the review
    # of issue 17): 25 A♠ on deal 7's start are refused, naming the tableau.
    import traitlets

    forged = {**w.state, "tableau": ["AS"] * 25}
    said = []

    def forge(change):
        try:
            w.state = forged
        except traitlets.TraitError as error:
            said.append(str(error))

    w.observe(forge, names="feedback")
    w.remove_pair(5, 10)  # 9♠ 9♣
    assert said and "state.tableau" in said[0]
    assert w.state == w.game.to_state()
    assert w.state["tableau"][0] == "JH"
