"""Write every vectors file: one vector per line, ids unique, the same bytes each run."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .actions import make_actions
from .cases import make_cases
from .common import ROOT
from .deals import make_deals
from .games import make_games
from .games_undo import make_games_undo
from .highlights import make_highlights
from .hints import make_hints
from .illegal import make_illegal
from .layouts import make_layouts
from .line_hints import make_line_hints
from .practice import make_practice
from .race import make_race
from .states import make_states
from .walkthrough import make_walkthrough

OUT = ROOT / "tests" / "vectors"


FILES: dict[str, Callable[[], dict[str, Any]]] = {
    "deals.json": make_deals,
    "games.json": make_games,
    "illegal.json": make_illegal,
    "actions.json": make_actions,
    "layouts.json": make_layouts,
    "highlights.json": make_highlights,
    "states.json": make_states,
    "cases.json": make_cases,
    "games-undo.json": make_games_undo,
    "walkthrough.json": make_walkthrough,
    "hints.json": make_hints,
    "line_hints.json": make_line_hints,
    "race.json": make_race,
    "practice.json": make_practice,
}


def dump(data: dict[str, Any]) -> str:
    """JSON with one vector per line: small diffs, still easy to read."""
    head = json.dumps({k: v for k, v in data.items() if k != "vectors"}, ensure_ascii=False)[:-1]
    lines = [json.dumps(v, ensure_ascii=False, separators=(",", ":")) for v in data["vectors"]]
    return head + ', "vectors": [\n' + ",\n".join(lines) + "\n]}\n"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    ids: set[str] = set()
    for name, make in FILES.items():
        data = {"format": 1, **make()}
        for vector in data["vectors"]:
            key = f"{name}:{vector['id']}"
            assert key not in ids, key
            ids.add(key)
        text = dump(data)
        assert json.loads(text) == json.loads(json.dumps(data))
        (OUT / name).write_text(text, encoding="utf-8")
        total += len(data["vectors"])
        print(f"{name:16} {len(data['vectors']):4} vectors")
    print(f"{'total':16} {total:4} vectors")
