"""``python -m mc_widget.export``: a lesson as one offline page (docs/export.md, 4).

Lesson 1 is exported once for the module (a copy in a scratch folder, so the
tracked notebook is never run in place) and the page is read with Python's
``html.parser``. Small notebooks written here cover a failing cell, a widget
of another library, boxes of boards and the usage errors. Expected numbers
are counted by hand from the notebooks (see the comments), never taken from
the exporter.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from export_helpers import expected_policy
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from mc_widget.export.notebook import export_notebook

ROOT = Path(__file__).resolve().parents[1]
LESSON_1 = ROOT / "notebooks" / "01-learn-the-rules.ipynb"
CASE = json.loads((ROOT / "tests" / "cases" / "german-worked-example.json").read_text())
NOTE = "An interactive widget of another library was here; it needs a running kernel."
# Lesson 1 ends ten code cells with a board (counted in its source: `board`,
# `neighbours_board`, `pairs_board`, `gap_board`, `step_board`, `round_board`,
# `blocked_board`, `end_board`, `choice_board`, `play`; the list
# tests/browser/test_lesson1.py names as BOARDS). No cell shows a box.
LESSON_1_BOARDS = 10
# The two relative links of lesson 1's Markdown (to the next lessons): links,
# not loads, so the page still makes no request (the browser test checks).
LESSON_1_LINKS = {
    "02-neighbours-and-common-mistakes.ipynb",
    "03-consolidation-step-by-step.ipynb",
}
# The traits of a board model, from docs/export.md section 1.
TRAITS = {
    "state",
    "selected",
    "_pointer",
    "feedback",
    "clock",
    "size",
    "title",
    "caption",
    "match_line",
    "panels",
    "predict",
    "predictions",
    "show_order",
    "hints",
    "show_winnable",
    "winnable",
    "lang",
    "_messages",
}


class Page(HTMLParser):
    """What the tests read of a page: every element with its attributes, the
    board placeholders' JSON, and where each board sits (its enclosing groups)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.boards: list[dict] = []
        self.board_groups: list[list[str]] = []
        self._open: list[tuple[str, dict]] = []
        self._in_board_json = False
        self._json = ""
        self.title = ""
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.elements.append((tag, attributes))
        if tag == "script" and self._open and "data-mcw-board" in self._open[-1][1]:
            self._in_board_json, self._json = True, ""
        if tag == "div" and "data-mcw-board" in attributes:
            groups = [
                a.get("data-kind")
                for t, a in self._open
                if "mcw-page-group" in (a.get("class") or "")
            ]
            self.board_groups.append(groups)
        if tag not in {"meta", "br", "img", "input", "hr", "link"}:
            self._open.append((tag, attributes))

    def handle_endtag(self, tag):
        if tag == "script" and self._in_board_json:
            self.boards.append(json.loads(self._json))
            self._in_board_json = False
        while self._open:
            if self._open.pop()[0] == tag:
                break

    def handle_data(self, data):
        if self._in_board_json:
            self._json += data
        if self._open and self._open[-1][0] == "title":
            self.title += data


def export(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    """Run ``python -m mc_widget.export ARGS`` in ``cwd``."""
    return subprocess.run(
        [sys.executable, "-m", "mc_widget.export", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def write_notebook(path: Path, *sources: str, outputs: dict[int, list] | None = None) -> Path:
    nb = new_notebook(cells=[new_code_cell(source) for source in sources])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    for index, cell_outputs in (outputs or {}).items():
        nb.cells[index].outputs = cell_outputs
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def lesson1_run(tmp_path_factory):
    """Lesson 1 exported by the command: (the finished command, its folder, source bytes before)."""
    folder = tmp_path_factory.mktemp("lesson1")
    src = folder / LESSON_1.name
    shutil.copy(LESSON_1, src)
    before = src.read_bytes()
    done = export(src, "-o", "lesson1.html", cwd=folder)
    assert done.returncode == 0, done.stderr
    return done, folder, before


@pytest.fixture(scope="module")
def lesson1(lesson1_run):
    """Lesson 1 exported: (page text, parsed page, source bytes before, after)."""
    _, folder, before = lesson1_run
    text = (folder / "lesson1.html").read_text(encoding="utf-8")
    return text, Page(text), before, (folder / LESSON_1.name).read_bytes()


def test_the_command_says_how_many_boards_it_wrote(lesson1_run):
    done, _, _ = lesson1_run
    assert done.stdout.startswith(f"wrote lesson1.html: {LESSON_1_BOARDS} boards (")


def test_the_title_is_the_first_heading(lesson1):
    # Lesson 1's first Markdown line: "# Lesson 1: learn the rules of Monte Carlo".
    assert lesson1[1].title == "Lesson 1: learn the rules of Monte Carlo"


def test_the_head_starts_with_the_charset_then_the_content_security_policy(lesson1):
    text, page, _, _ = lesson1
    tags = [t for t, _ in page.elements]
    at = tags.index("head")
    charset, first = page.elements[at + 1 : at + 3]
    assert charset == ("meta", {"charset": "utf-8"})
    assert sum(1 for _, a in page.elements if "charset" in a) == 1
    policy = expected_policy(text)
    assert first == ("meta", {"http-equiv": "Content-Security-Policy", "content": policy})
    assert "'unsafe-inline' blob:" not in policy
    assert sum(1 for _, a in page.elements if a.get("http-equiv") == "Content-Security-Policy") == 1


def test_lesson_1_has_one_live_board_per_board_output(lesson1):
    text, page, _, _ = lesson1
    assert len(page.boards) == LESSON_1_BOARDS
    assert sum(1 for _, a in page.elements if "data-mcw-board" in a) == LESSON_1_BOARDS
    for model in page.boards:
        assert set(model) == TRAITS
    # The first board is the German worked example as the case file lays it out.
    german = [card for row in CASE["layout"].split(" | ")[0].split("/") for card in row.split()]
    assert page.boards[0]["state"]["tableau"] == german
    # The state is the executed one: the neighbours board has Q♥ (cell 12)
    # selected from Python (pointed at: every view shows it), the last board is deal 1.
    assert page.boards[1]["selected"] == 12
    assert page.boards[1]["_pointer"] == {"n": 1, "cell": 12}
    assert page.boards[-1]["state"]["deal"] == 1
    # Its text/plain stand-in ("The live board needs the notebook running …")
    # is gone with the widget output it stood for.
    assert "needs the notebook running with a kernel" not in text
    assert all(groups == [] for groups in page.board_groups)


def test_the_runtime_is_in_the_page_once(lesson1):
    text, page, _, _ = lesson1
    bundle = (ROOT / "mc_widget" / "static" / "widget.js").read_text(encoding="utf-8")
    css = (ROOT / "mc_widget" / "static" / "widget.css").read_text(encoding="utf-8")
    assert text.count(bundle[:300]) == 1
    assert text.count(css[:300]) == 1
    assert [
        a.get("id") for t, a in page.elements if t == "script" and a.get("type") == "text/plain"
    ] == ["mcw-widget-esm"]
    assert sum(1 for t, a in page.elements if t == "script" and a.get("type") == "module") == 1


def test_nothing_in_the_page_comes_from_outside_it(lesson1):
    text, page, _, _ = lesson1
    sources = [(t, a["src"]) for t, a in page.elements if "src" in a]
    assert sources == []
    links = [(t, a["href"]) for t, a in page.elements if "href" in a]
    assert {t for t, _ in links} == {"a"}  # no <link> stylesheet, no <base>
    outside = {href for _, href in links if not href.startswith("#")}
    assert outside == LESSON_1_LINKS
    # No widget manager, require.js, MathJax or mermaid, and no widget state.
    for gone in (
        "require.min.js",
        "html-manager",
        "MathJax",
        "mermaid.esm",
        "application/vnd.jupyter.widget-state+json",
        "application/vnd.jupyter.widget-view+json",
    ):
        assert gone not in text, gone
    assert "@import" not in text


def test_the_source_notebook_is_not_written(lesson1):
    _, _, before, after = lesson1
    assert after == before


def test_a_failing_cell_exits_1_with_its_error_and_writes_nothing(tmp_path):
    src = write_notebook(tmp_path / "fails.ipynb", "print('before')", "1 / 0", "print('never')")
    before = src.read_bytes()
    done = export(src, "-o", tmp_path / "fails.html", cwd=tmp_path)
    assert done.returncode == 1
    assert "cell 1" in done.stderr
    assert "ZeroDivisionError: division by zero" in done.stderr
    assert "\x1b[" not in done.stderr  # the traceback's colours are taken out
    assert not (tmp_path / "fails.html").exists()
    assert src.read_bytes() == before


def test_a_widget_of_another_library_becomes_the_note(tmp_path):
    src = write_notebook(tmp_path / "slider.ipynb", "import ipywidgets\nipywidgets.IntSlider(3)")
    done = export(src, "-o", tmp_path / "slider.html", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "slider.html").read_text(encoding="utf-8")
    assert text.count(NOTE) == 1
    assert [a for _, a in Page(text).elements if "data-mcw-board" in a] == []
    assert "IntSlider(" not in text  # its text/plain repr is dropped with it
    assert [t for t, a in Page(text).elements if "src" in a] == []


BOXES = (
    "import ipywidgets\n"
    "from mc_widget import MonteCarloWidget\n"
    "ipywidgets.HBox([\n"
    "    MonteCarloWidget(deal=1),\n"
    "    ipywidgets.VBox([MonteCarloWidget(deal=2), ipywidgets.IntSlider()]),\n"
    "])"
)


def test_boxes_of_boards_become_rows_and_columns(tmp_path):
    src = write_notebook(
        tmp_path / "boxes.ipynb", BOXES, "ipywidgets.VBox([ipywidgets.IntSlider()])"
    )
    done = export(src, "-o", tmp_path / "boxes.html", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "boxes.html").read_text(encoding="utf-8")
    page = Page(text)
    assert [model["state"]["deal"] for model in page.boards] == [1, 2]
    # Deal 1 in the HBox's row, deal 2 in the VBox's column inside it.
    assert page.board_groups == [["row"], ["row", "column"]]
    # The slider beside deal 2, and the box of nothing but a slider: a note each.
    assert text.count(NOTE) == 2


def test_no_execute_exports_the_saved_widget_state(tmp_path):
    src = write_notebook(tmp_path / "saved.ipynb", BOXES)
    nb = nbformat.read(src, as_version=4)
    NotebookClient(nb, kernel_name="python3", store_widget_state=True, timeout=120).execute()
    nbformat.write(nb, src)
    done = export(src, "-o", tmp_path / "saved.html", "--no-execute", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    page = Page((tmp_path / "saved.html").read_text(encoding="utf-8"))
    assert [model["state"]["deal"] for model in page.boards] == [1, 2]


def test_a_widget_output_without_saved_state_is_refused(tmp_path):
    view = new_output(
        "display_data",
        data={
            "application/vnd.jupyter.widget-view+json": {
                "version_major": 2,
                "version_minor": 0,
                "model_id": "0123abcd",
            },
            "text/plain": "a board",
        },
    )
    src = write_notebook(tmp_path / "stateless.ipynb", "x = 1", "board", outputs={1: [view]})
    done = export(src, "-o", tmp_path / "stateless.html", "--no-execute", cwd=tmp_path)
    assert done.returncode == 1
    assert "cell 1: widget 0123abcd has no saved state" in done.stderr
    assert not (tmp_path / "stateless.html").exists()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["lesson.ipynb"], "the following arguments are required: -o/--output"),
        (["missing.ipynb", "-o", "out.html"], "missing.ipynb is not a file"),
        (["junk.ipynb", "-o", "out.html"], "junk.ipynb is not a valid notebook"),
        (["lesson.ipynb", "-o", "out.html", "--timeout", "0"], "--timeout must be a positive"),
        (["lesson.ipynb", "-o", "out.html", "--timeout", "1.5"], "invalid int value: '1.5'"),
        (["lesson.ipynb", "-o", "out.html", "--timeout", "nan"], "invalid int value: 'nan'"),
        (["lesson.ipynb", "-o", "nowhere/out.html"], "its folder nowhere does not exist"),
        (["lesson.ipynb", "-o", "out.html/"], "-o out.html is a folder"),
        # A page named without .html opens from file:// as its text, not as a page.
        (["lesson.ipynb", "-o", "out"], "-o out: name the HTML file to write, ending in .html"),
    ],
)
def test_usage_errors_exit_2_and_write_nothing(tmp_path, args, says):
    write_notebook(tmp_path / "lesson.ipynb", "1 + 1")
    if args[-1] == "out.html/":
        (tmp_path / "out.html").mkdir()
    (tmp_path / "junk.ipynb").write_text("not a notebook\n")
    done = export(*args, cwd=tmp_path)
    assert done.returncode == 2
    assert says in done.stderr
    assert "Traceback" not in done.stderr
    if args[-1] == "out.html/":
        assert list((tmp_path / "out.html").iterdir()) == []
    else:
        assert not (tmp_path / "out.html").exists()


@pytest.mark.parametrize("out", ["lesson.ipynb", "./sub/../lesson.ipynb"])
def test_the_notebook_itself_as_output_is_refused(tmp_path, out):
    src = write_notebook(tmp_path / "lesson.ipynb", "1 + 1")
    (tmp_path / "sub").mkdir()
    before = src.read_bytes()
    done = export("lesson.ipynb", "-o", out, cwd=tmp_path)
    assert done.returncode == 2
    assert "is the notebook itself" in done.stderr
    assert src.read_bytes() == before
    with pytest.raises(ValueError, match=r"out .* is the notebook itself"):
        export_notebook(src, tmp_path / out, execute=False)
    assert src.read_bytes() == before


@pytest.mark.parametrize(
    ("timeout", "error", "says"),
    [
        (1.5, TypeError, "timeout must be an int \\(seconds\\), not float"),
        (float("nan"), TypeError, "timeout must be an int \\(seconds\\), not float"),
        (True, TypeError, "timeout must be an int \\(seconds\\), not bool"),
        ("60", TypeError, "timeout must be an int \\(seconds\\), not str"),
        (0, ValueError, "timeout must be at least 1 second, not 0"),
        (-5, ValueError, "timeout must be at least 1 second, not -5"),
    ],
)
def test_export_notebook_takes_whole_seconds(tmp_path, timeout, error, says):
    src = write_notebook(tmp_path / "lesson.ipynb", "1 + 1")
    with pytest.raises(error, match=f"^export_notebook: {says}$"):
        export_notebook(src, tmp_path / "out.html", timeout=timeout)
    assert not (tmp_path / "out.html").exists()


def _markdown_notebook(path: Path, *sources: str) -> Path:
    nb = new_notebook(cells=[new_markdown_cell(source) for source in sources])
    nbformat.write(nb, path)
    return path


@pytest.mark.parametrize(
    ("sources", "title"),
    [
        (["Intro", "## Part\n\n# The *real* `title`\n\n# Second"], "The real title"),
        (["```\n# a comment\n```\n\n## Only level 2", "Title\n====="], "no-heading"),
        ([], "no-heading"),
    ],
)
def test_the_title_is_the_first_hash_heading_else_the_file_name(tmp_path, sources, title):
    src = _markdown_notebook(tmp_path / "no-heading.ipynb", *sources)
    page = Page(export_notebook(src, tmp_path / "out.html", execute=False).read_text())
    assert page.title == title


def test_without_nbconvert_the_command_says_what_to_install(tmp_path):
    src = write_notebook(tmp_path / "lesson.ipynb", "1 + 1")
    code = (
        "import sys\n"
        "sys.modules['nbconvert'] = None  # as if it were not installed\n"
        "from mc_widget.export.__main__ import main\n"
        f"sys.exit(main([{str(src)!r}, '-o', 'out.html']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 1
    assert "pip install 'mc_widget[export]'" in done.stderr
    assert not (tmp_path / "out.html").exists()
