"""Nothing grows without bound, and a board is made only of what it knows
(issue 17, item 9).

A tester's 10,000 page ids made ``_sync.acks`` 210 KB, sent with every
update, and each commit 3.5 ms; an unknown keyword to the constructor was
passed on to traitlets, which only warns.
"""

from __future__ import annotations

import pytest

from mc_widget import MonteCarloWidget
from mc_widget.widget.sync import Revisions


def commit(w, client, seq, action=None):
    content = {
        "type": "commit",
        "client": client,
        "seq": seq,
        "base": w._sync["revision"],
        "action": action,
        "traits": {},
    }
    w._handle_custom_msg(content, [])


def test_acks_keep_the_64_views_that_committed_last(monkeypatch):
    import json

    w = MonteCarloWidget(deal=7)
    monkeypatch.setattr(w, "send", lambda content, buffers=None: None)
    clients = [f"page{n:06d}" for n in range(10_000)]
    for client in clients:
        commit(w, client, 1)
    assert list(w._sync["acks"]) == clients[-64:]  # the most recent last
    # A view that commits again moves to the end; the oldest kept goes next.
    commit(w, clients[-64], 2)
    assert list(w._sync["acks"])[-1] == clients[-64]
    commit(w, "pagenew001", 1)
    assert clients[-63] not in w._sync["acks"] and len(w._sync["acks"]) == 64
    # What every update carries stays small (210 KB after 10,000 ids before).
    assert len(json.dumps(w._sync)) < 2_000


def test_revisions_keep_the_authors_of_the_last_revisions_only():
    from mc_widget.engine import Game

    state = Game(deal=7).state
    revisions = Revisions(state)
    for _ in range(Revisions.KEEP * 3):
        revisions.made("pageAAAA1", state)
    assert revisions.revision == Revisions.KEEP * 3
    assert len(revisions._authors) == Revisions.KEEP
    # Its own recent commits do not cross; a base older than what is kept counts as crossed.
    assert not revisions.crossed(revisions.revision - 10, "pageAAAA1")
    assert revisions.crossed(revisions.revision - 10, "pageBBBB2")
    assert revisions.crossed(revisions.revision - Revisions.KEEP - 1, "pageAAAA1")


@pytest.mark.parametrize(
    "make",
    [
        lambda **kw: MonteCarloWidget(7, **kw),
        lambda **kw: MonteCarloWidget.from_layout(
            "AH AS/KH KS | QH",
            {
                "name": "tiny",
                "rows": 2,
                "cols": 2,
                "decks": 1,
                "pair": "same-rank",
                "touching": "eight",
            },
            **kw,
        ),
    ],
    ids=["deal", "from_layout"],
)
def test_an_unknown_keyword_is_refused_naming_it(make):
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'dael'"):
        make(dael=7)
    with pytest.raises(TypeError, match=r"'_esm'"):
        make(_esm="export default {}")


def test_the_boards_own_keywords_still_work():
    w = MonteCarloWidget(deal=7, size="large", lang="de", show_winnable=False, predict=True)
    assert (w.size, w.lang, w.predict) == ("large", "de", True)
