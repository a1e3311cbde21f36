"""The practice board's words: every catalogue key its view says is one that
mc_widget/messages/practice-keys.json lists (Python fills a board's ``texts``
from it), and every ``practice-ui.*`` key in the catalogue is said by the view.

The keys are read from the view's source (js/practice-board.js,
js/practice-page.js, js/practice-view/, and the practice engine js/practice/,
whose explanations the board shows), as string literals; the few keys made
at run time from a template are written out here by hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = ROOT / "mc_widget" / "messages"
ENGLISH = json.loads((MESSAGES / "en.json").read_text(encoding="utf-8"))
LISTED = json.loads((MESSAGES / "practice-keys.json").read_text(encoding="utf-8"))
SOURCES = [
    ROOT / "js" / "practice-board.js",
    ROOT / "js" / "practice-page.js",
    *sorted((ROOT / "js" / "practice-view").glob("*.js")),
    *sorted((ROOT / "js" / "practice").glob("*.js")),
]
LITERAL = re.compile(r"""["'`]([a-z][a-z0-9-]*(?:\.[A-Za-z0-9-]+)+)["'`]""")
#: Keys the view makes from a template literal (`practice-ui.dir.${name}` …).
MADE = {
    *(f"practice-ui.dir.{d}" for d in ("above", "above-right", "right", "below-right")),
    *(f"practice-ui.dir.{d}" for d in ("below", "below-left", "left", "above-left")),
    *(f"practice-ui.mark.{m}" for m in ("right", "missed", "wrong")),
    *(f"practice-ui.{s}" for s in ("won", "lost", "playing")),
    *(f"practice-ui.star-count.{c}" for c in ("one", "other")),
    *(f"practice.kind.{k}.title" for k in ("neighbours", "pairs", "consolidate")),
    *(f"practice.kind.{k}.title" for k in ("refill", "choose", "verdict")),
}

#: Literals that are catalogue keys by chance but paths in a ``PracticeError``.
PATHS = {"record.version"}


def listed(key: str) -> bool:
    return any(key.startswith(p) if p.endswith((".", "-")) else key == p for p in LISTED)


def said() -> set[str]:
    found = set(MADE)
    for path in SOURCES:
        for key in LITERAL.findall(path.read_text(encoding="utf-8")):
            if key in ENGLISH and key not in PATHS:
                found.add(key)
    return found


def test_the_sources_are_there():
    assert all(p.exists() for p in SOURCES)
    assert len(SOURCES) >= 10


def test_every_key_the_view_says_is_listed_in_practice_keys():
    keys = said()
    assert "practice-ui.check" in keys and "practice.ask.neighbours" in keys
    assert sorted(k for k in keys if not listed(k)) == []


def test_every_practice_ui_key_is_said_by_the_view_and_exists():
    keys = said()
    ui = {k for k in ENGLISH if k.startswith("practice-ui.")}
    assert sorted(ui - keys) == [], "practice-ui keys the view never says"
    named = set()
    for path in SOURCES:
        named.update(k for k in LITERAL.findall(path.read_text(encoding="utf-8")))
    # A counted family is named without its plural category ("practice-ui.star-count").
    families = {k.rsplit(".", 1)[0] for k in ENGLISH if k.endswith(".other")}
    missing = sorted(
        k for k in named if k.startswith("practice-ui.") and k not in ENGLISH and k not in families
    )
    assert missing == [], "keys the view says that the catalogue lacks"
