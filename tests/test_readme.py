"""The README's widget example works when pasted into notebook cells.

A notebook cell shows the value of its last line; a widget on a middle line
shows nothing. The first ``python`` block must end with the board, and the
second must drive the board the first one showed. (The ``pycon`` block is
run as a doctest: pyproject.toml, ``--doctest-glob=README.md``.)
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from mc_widget import Card, MonteCarloWidget

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def test_the_widget_example_ends_its_first_cell_with_the_board_then_drives_it(
    tmp_path, monkeypatch
):
    blocks = re.findall(r"```python\n(.*?)```", README, re.S)
    assert len(blocks) == 3, "a cell that shows the board, one that drives it, one that exports"
    first = ast.parse(blocks[0])
    last = first.body[-1]
    assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Name), (
        "the first cell's last line must be the board itself"
    )
    namespace: dict = {}
    exec(compile(ast.Module(first.body[:-1], type_ignores=[]), "README", "exec"), namespace)
    shown = eval(compile(ast.Expression(last.value), "README", "eval"), namespace)
    assert isinstance(shown, MonteCarloWidget)

    exec(compile(blocks[1], "README", "exec"), namespace)
    # Deal 7: cells 5 and 10 hold 9♠ and 9♣; then one card closes up.
    assert shown.game.discards == ((Card(9, "S"), Card(9, "C")),)
    assert (shown.game.phase, shown.game.consolidations, shown.game.cursor) == ("consolidate", 1, 2)

    # "Boards without a kernel": the files are written where the reader is.
    monkeypatch.chdir(tmp_path)
    exec(compile(blocks[2], "README", "exec"), namespace)
    assert (tmp_path / "board.html").read_text().count(
        '<div class="mcw-page-board" data-mcw-board>'
    ) == 1
    assert (tmp_path / "page.html").read_text().count(
        '<div class="mcw-page-board" data-mcw-board>'
    ) == 2
