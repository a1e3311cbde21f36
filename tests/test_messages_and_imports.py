"""The message catalogue and the import boundary (architecture.md "Message
catalogue"; the engine has no Jupyter imports)."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mc_widget.engine import format_message
from mc_widget.engine.errors import REASONS
from mc_widget.engine.messages import PYTHON_ONLY

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = json.loads((ROOT / "mc_widget" / "messages" / "en.json").read_text(encoding="utf-8"))


def test_format_fills_placeholders():
    assert format_message("illegal.out-of-range", {"cell": 30, "last": 24}) == (
        "There is no cell 30: cells are numbered 0 to 24."
    )
    assert format_message("card.name", {"rank": "ace", "suit": "spades"}) == "ace of spades"


def test_a_missing_key_or_parameter_is_a_bug():
    with pytest.raises(KeyError):
        format_message("illegal.no-such-key", {})
    with pytest.raises(KeyError):
        format_message("illegal.out-of-range", {"cell": 30})


def test_every_reason_and_wrong_phase_key_has_a_message():
    keys = [r for r in REASONS if r != "wrong-phase"] + [
        "remove-during-consolidation",
        "remove-during-refill",
        "nothing-to-consolidate",
        "consolidate-during-refill",
        "refill-before-consolidation",
        "nothing-to-refill-full",
        "nothing-to-refill-empty-stock",
        "refill-during-consolidation",
    ]
    for key in keys:
        assert isinstance(CATALOGUE["illegal." + key], str)


def test_every_message_key_the_engine_uses_is_in_the_catalogue():
    source = "\n".join(p.read_text() for p in (ROOT / "mc_widget" / "engine").glob("*.py"))
    pattern = r'"((?:layout|state|card|deal|phase|summary|stock|row|cell|count)\.[a-z.-]+)"'
    paths = {"state.start"}  # a state path written as a literal, not a message key
    # messages.PYTHON_ONLY names key prefixes ("count.rows."), not keys.
    prefixes = {p for p in PYTHON_ONLY if p.endswith((".", "-"))}
    used = set(re.findall(pattern, source)) - paths - prefixes
    assert used, "the scan found no keys"
    # A family name given to counted() (count.rows) stands for .one and .other.
    missing = sorted(key for key in used if key not in CATALOGUE and f"{key}.one" not in CATALOGUE)
    assert missing == []


def test_the_widget_is_imported_only_when_asked_for():
    code = (
        "import sys\n"
        "import mc_widget\n"
        "before = 'anywidget' in sys.modules\n"
        "from mc_widget import MonteCarloWidget\n"
        "from mc_widget.widget import MonteCarloWidget as direct\n"
        "print(before, MonteCarloWidget is direct)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "True"]
    import mc_widget

    with pytest.raises(AttributeError):
        mc_widget.NoSuchThing  # noqa: B018


def test_the_engine_never_imports_jupyter():
    code = (
        "import sys\n"
        "import mc_widget.engine\n"
        "from mc_widget import Game, Card, IllegalMove\n"
        "Game(deal=1)\n"
        "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython', 'mc_widget.widget')"
        " if m in sys.modules]\n"
        "print(','.join(bad) or 'clean')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "clean"


def test_engine_sources_name_no_jupyter_package():
    for path in (ROOT / "mc_widget" / "engine").glob("*.py"):
        text = path.read_text()
        for name in ("anywidget", "ipywidgets", "traitlets", "IPython"):
            assert f"import {name}" not in text, path
            assert f"from {name}" not in text, path


def test_each_engine_module_exports_only_what_it_defines():
    # A name is exported by the module that defines it (actions.py once
    # re-exported the action values of state.py); the package gathers them.
    import importlib
    import inspect

    for path in sorted((ROOT / "mc_widget" / "engine").glob("*.py")):
        if path.stem == "__init__":
            continue
        module = importlib.import_module(f"mc_widget.engine.{path.stem}")
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if not (inspect.isfunction(value) or inspect.isclass(value)):
                continue  # constants have no home module to check
            home = value.__module__
            assert home == module.__name__, f"{path.stem} exports {name} from {home}"


def test_is_int_refuses_bools_and_floats():
    from mc_widget.engine.errors import is_int

    assert is_int(0) and is_int(24) and is_int(-1)
    assert not is_int(True) and not is_int(False)
    assert not is_int(3.0) and not is_int("3") and not is_int(None)


def test_every_catalogue_key_is_used():
    # A key is used when the Python or JavaScript sources name it, or when it
    # belongs to a family whose keys are built from data: illegal.<reason>,
    # rank.<letter>, rank-plural.<letter>, suit.<letter>, letter.<A|J|Q|K>, phase.<phase>,
    # ui.button-<button>, count.<thing>.one/.other, ui.walk-<control>
    # (and its -icon, the speeds), predict.pairs-right/-wrong[-none] and a teaching panel's
    # panel.mark-/means-/link-<kind> and panel.symbol-<verdict>
    # (js/present/teaching.js). (status.playing was left over this way.)
    families = (
        "illegal.",
        "rank.",
        "rank-plural.",
        "suit.",
        "letter.",
        "phase.",
        "ui.button-",
        "count.",
        "ui.walk-",
        "predict.pairs-",
        "panel.mark-",
        "panel.means-",
        "panel.link-",
        "panel.symbol-",
        # js/present/status-line.js: status.<won|lost>[-untimed] from the game's status,
        # status.selected-<later|false>-<one|many> from the selection's facts,
        # ui.counter-<id> from the counters' ids, aria.<word> from a cell's
        # flags; js/present/teaching.js: panel.<right|wrong> from a verdict.
        "status.won",
        "status.lost",
        "status.selected-later-",
        "status.selected-false-",
        "ui.counter-",
        "aria.next-to",
        "aria.predicted",
        "aria.will-touch",
        "aria.neighbour",
        "aria.partner",
        "aria.false-neighbour",
        "aria.illegal",
        "aria.hint",
        # js/present/presentation.js: ui.winnable-<true|false|unknown> from the winnable trait;
        # js/present/presentation.js: the BADGES table.
        "ui.winnable-",
        "ui.mark-",
        "panel.wrong",
        "panel.right",
        # js/present/rules.js: rule.<pair rule>; mc_widget/widget/picker.py:
        # ui.rules.<preset> (issue 19).
        "rule.",
        "ui.rules.",
        # js/present/moves.js: move.<consolidate|refill> from an action's type (issue 20).
        "move.",
        # mc_widget/teaching: mistake.<code>.<text> and scenario.<name>.<text>
        # from the mistakes' and scenarios' tables (tests/test_i18n_python.py
        # checks that building them all uses exactly these keys).
        "mistake.",
        "scenario.",
        # js/engine/messages.js: touch.<key>, said instead of <key> on a touch
        # screen (issue 20).
        "touch.",
        # js/practice-view/: practice-ui.dir.<direction> (keyboard.js),
        # practice-ui.mark.<right|missed|wrong> (board.js), practice-ui.<won|lost|playing>
        # (the verdict buttons), practice-ui.star-count.<plural> (issue 21;
        # tests/test_practice_view_keys.py checks each is said).
        "practice-ui.dir.",
        "practice-ui.mark.",
        "practice-ui.star-count.",
        "practice-ui.won",
        "practice-ui.lost",
        "practice-ui.playing",
    )
    sources = [*(ROOT / "mc_widget").rglob("*.py"), *(ROOT / "js").rglob("*.js")]
    text = "\n".join(path.read_text(encoding="utf-8") for path in sources)
    unused = [
        key
        for key in CATALOGUE
        if not key.startswith(families) and not any(f"{q}{key}{q}" in text for q in "\"'`")
    ]
    assert unused == []
